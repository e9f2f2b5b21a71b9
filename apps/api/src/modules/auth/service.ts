import { MESSAGES } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { recordActivity } from '../activity/recorder';
import { noteRefusedSignIn } from '../notifications/service';
import { DEVICE_SECRET_NAME, type DeviceClaim, newDeviceId, newDeviceSecret } from './device-cookie';
import { clearAttempts, countAttempt, pruneAttempts, releaseAttempt } from './login-throttle';
import { verifyPassword } from './passwords';
import {
  findOrCreateSecret,
  findSessionByTokenHash,
  findUserByEmail,
  findUserInfo,
  insertSession,
  revokeSession,
} from './repository';
import type { LoginChallenge, SecondStep } from './second-step';
import { hashToken, isTokenShaped, newToken } from './tokens';

export interface AuthSettings {
  tokenTtlMs: number;
  login: { maxPerEmail: number; maxPerIp: number; windowMs: number };
}

/** Which side a session opens: the admin's calls or the storefront's (decision 029). */
export type SessionKind = 'admin' | 'customer';

/** Who a request acts as, once its token is checked. */
export interface Principal {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  kind: SessionKind;
}

/** A 429 from the login limits: the route tells the client when to try again (Retry-After). */
export class LoginThrottled extends HttpError {
  constructor(readonly retryAfterMs: number) {
    const seconds = Math.ceil(retryAfterMs / 1000);
    super(429, MESSAGES.tooManyLogins(seconds), seconds);
  }
}

/** A sign-in's activity entry: who (or which e-mail) and from which address. */
const signIn = (action: 'signedIn' | 'signInRefused', actorId: string | null, input: { email: string; ip: string }) =>
  ({ kind: 'signIn', action, actorId, actorEmail: input.email, ip: input.ip }) as const;

/** Who signs in, from where: the e-mail as typed (lower-cased), the address, the device cookie's claim. */
export interface SignInOrigin {
  email: string;
  ip: string;
  device: DeviceClaim | undefined;
}

/**
 * The keys a login attempt counts against (docs/decisions/003-login-limits.md): a device that signed
 * in to this account before (a valid device cookie for this user) counts against its own key only,
 * so a stranger's attempts on the e-mail never keep it out; any other device counts against the
 * client's address and the e-mail. The second step of a two-factor sign-in counts the same way.
 */
export function loginKeys(settings: AuthSettings, userId: string | undefined, origin: SignInOrigin) {
  const { maxPerEmail, maxPerIp, windowMs } = settings.login;
  const known = userId && origin.device?.userId === userId ? origin.device : undefined;
  const keys = known
    ? [{ key: `device:${known.deviceId}`, limit: { max: maxPerEmail, windowMs, maxWaitMs: windowMs } }]
    : [
        { key: `ip:${origin.ip}`, limit: { max: maxPerIp, windowMs, maxWaitMs: windowMs } },
        { key: `email:${origin.email}`, limit: { max: maxPerEmail, windowMs, maxWaitMs: windowMs } },
      ];
  return { known, keys };
}
export type LoginKeys = ReturnType<typeof loginKeys>;

/** Counts the attempt before anything is checked: 429 while a key waits. */
export async function countLogin(db: Db, settings: AuthSettings, { keys }: LoginKeys): Promise<void> {
  for (const { key, limit } of keys) {
    // Attempts an address may not make never use up the e-mail's.
    const verdict = await countAttempt(db, key, limit);
    if (!verdict.allowed) throw new LoginThrottled(verdict.retryAfterMs);
  }
  if (Math.random() < 0.01) await pruneAttempts(db, settings.login.windowMs);
}

/**
 * A successful step gives its attempt back: a known device starts again from nothing, an unknown
 * one releases its attempt on the address and the e-mail (an admin who signs in often never waits).
 */
export async function settleLogin(db: Db, { known, keys }: LoginKeys): Promise<void> {
  if (known) {
    await clearAttempts(db, `device:${known.deviceId}`);
  } else {
    for (const { key, limit } of keys) await releaseAttempt(db, key, limit);
  }
}

/**
 * A refused sign-in's entry: an event, not a change, written on its own; a burst of them on an
 * admin's account rings the bell (docs/decisions/056-notifications.md).
 */
export async function recordRefusedSignIn(db: Db, userId: string | null, origin: SignInOrigin): Promise<void> {
  await recordActivity(db, signIn('signInRefused', userId, origin));
  await noteRefusedSignIn(db, userId);
}

/** Opens the admin's session with its sign-in entry; answers the token and the device to remember. */
export async function openAdminSession(
  db: Db,
  settings: AuthSettings,
  userId: string,
  origin: SignInOrigin,
  { known }: LoginKeys,
): Promise<SignedIn> {
  const token = newToken();
  await db.transaction(async (tx) => {
    await insertSession(tx, {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + settings.tokenTtlMs),
    });
    await recordActivity(tx, signIn('signedIn', userId, origin));
  });
  return { token, device: known ?? { deviceId: newDeviceId(), userId } };
}

export interface SignedIn {
  token: string;
  device: DeviceClaim;
}

/**
 * Signs an admin in. Refusals are 401 with one message whether the e-mail is unknown, the
 * password wrong or the account not an admin (never 403, which the admin reads as an expired
 * session); 429 while a key waits (docs/decisions/003-login-limits.md). The answer names the
 * device, for the cookie to send back. With two-factor sign-in on, or required by Admin Management
 * and not yet set up, a right password opens no session: the answer is a challenge for the second
 * step instead (docs/decisions/038-two-factor-sign-in.md), as `challengeFor` (the second step's) says.
 */
export async function login(
  db: Db,
  settings: AuthSettings,
  input: { email: string; password: string } & SignInOrigin,
  challengeFor: SecondStep['challengeFor'],
): Promise<SignedIn | LoginChallenge> {
  const user = await findUserByEmail(db, input.email);
  const keys = loginKeys(settings, user?.id, input);
  await countLogin(db, settings, keys);

  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.role !== 'admin' || !user.isActive) {
    // Written with the e-mail typed when no account has it.
    await recordRefusedSignIn(db, user?.id ?? null, input);
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  await settleLogin(db, keys);
  const challenge = await challengeFor(db, user.id);
  if (challenge) return challenge;
  return openAdminSession(db, settings, user.id, input, keys);
}

/** The key that signs device cookies: LOGIN_DEVICE_SECRET, or one made once and kept in the database. */
export function deviceCookieSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return findOrCreateSecret(db, DEVICE_SECRET_NAME, newDeviceSecret());
}

/**
 * The session a token opens, admin or customer. No token: 401. A token that is unknown, expired
 * or revoked, an admin session whose account is no longer an active admin, or a customer session
 * whose account is deactivated or now an admin: 403.
 */
export async function authenticateSession(db: Db, token: string | undefined): Promise<Principal> {
  if (!token) throw new HttpError(401, MESSAGES.notAuthenticated);
  // Anything that is not shaped like a token we hand out (a NUL, a surrogate, 100k characters)
  // is a bad token, refused without a query.
  if (!isTokenShaped(token)) throw new HttpError(403, MESSAGES.tokenInvalid);
  const found = await findSessionByTokenHash(db, hashToken(token));
  if (!found || found.revokedAt !== null || found.expiresAt.getTime() <= Date.now()) {
    throw new HttpError(403, MESSAGES.tokenInvalid);
  }
  if (!found.user.isActive) throw new HttpError(403, MESSAGES.tokenInvalid);
  if (found.kind === 'admin' && found.user.role !== 'admin') throw new HttpError(403, MESSAGES.notAdmin);
  // A storefront token is never an admin's: an account promoted to admin signs in again as one.
  if (found.kind === 'customer' && found.user.role !== 'user') throw new HttpError(403, MESSAGES.tokenInvalid);
  return { sessionId: found.sessionId, userId: found.user.id, expiresAt: found.expiresAt, kind: found.kind };
}

/** Refuses a principal on the wrong side: a customer session on an admin call, or the reverse (403). */
export function requireKind(principal: Principal, kind: SessionKind): Principal {
  if (principal.kind !== kind) {
    throw new HttpError(403, kind === 'admin' ? MESSAGES.notAdmin : MESSAGES.notCustomer);
  }
  return principal;
}

/** The admin a token belongs to (admin calls and admin sockets). */
export async function authenticate(db: Db, token: string | undefined): Promise<Principal> {
  return requireKind(await authenticateSession(db, token), 'admin');
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
