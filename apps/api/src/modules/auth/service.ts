import { MESSAGES } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { countAttempt, pruneAttempts, releaseAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import { findSessionByTokenHash, findUserByEmail, findUserInfo, insertSession, revokeSession } from './repository';
import { hashToken, isTokenShaped, newToken } from './tokens';

export interface AuthSettings {
  tokenTtlMs: number;
  login: { maxPerEmail: number; maxPerIp: number; windowMs: number };
}

/** Who a request acts as, once its token is checked. */
export interface Principal {
  sessionId: string;
  userId: string;
  expiresAt: Date;
}

/**
 * Signs an admin in. Refusals are 401 with one message whether the e-mail is unknown, the
 * password wrong or the account not an admin (never 403, which the admin reads as an expired
 * session); 429 once a key has used up its attempts in the window.
 */
export async function login(
  db: Db,
  settings: AuthSettings,
  input: { email: string; password: string; ip: string },
): Promise<{ token: string }> {
  const { maxPerEmail, maxPerIp, windowMs } = settings.login;
  const ipKey = `ip:${input.ip}`;
  const emailKey = `email:${input.email}`;
  const [ipCount, emailCount] = [await countAttempt(db, ipKey, windowMs), await countAttempt(db, emailKey, windowMs)];
  if (Math.random() < 0.01) await pruneAttempts(db, windowMs);
  if (ipCount > maxPerIp || emailCount > maxPerEmail) throw new HttpError(429, MESSAGES.tooManyLogins);

  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.role !== 'admin' || !user.isActive) {
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  await releaseAttempt(db, ipKey);
  await releaseAttempt(db, emailKey);
  const token = newToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + settings.tokenTtlMs),
  });
  return { token };
}

/**
 * The admin a token belongs to. No token: 401. A token that is unknown, expired or revoked,
 * or whose account is no longer an active admin: 403.
 */
export async function authenticate(db: Db, token: string | undefined): Promise<Principal> {
  if (!token) throw new HttpError(401, MESSAGES.notAuthenticated);
  // Anything that is not shaped like a token we hand out (a NUL, a surrogate, 100k characters)
  // is a bad token, refused without a query.
  if (!isTokenShaped(token)) throw new HttpError(403, MESSAGES.tokenInvalid);
  const found = await findSessionByTokenHash(db, hashToken(token));
  if (!found || found.revokedAt !== null || found.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(403, MESSAGES.tokenInvalid);
  }
  if (found.user.role !== 'admin' || !found.user.isActive) throw new HttpError(403, MESSAGES.notAdmin);
  return { sessionId: found.sessionId, userId: found.user.id, expiresAt: found.expiresAt };
}

/** Ends a session at once; the database announces it so its sockets close too. */
export async function logout(db: Db, principal: Principal): Promise<void> {
  await revokeSession(db, principal.sessionId);
}

export async function userInfo(db: Db, principal: Principal) {
  const user = await findUserInfo(db, principal.userId);
  if (!user) throw new HttpError(403, MESSAGES.tokenInvalid);
  return user;
}
