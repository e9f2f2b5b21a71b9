import { CUSTOMER_MESSAGES, type customerRegisterRequestSchema, MESSAGES } from '@backroom/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { countAttempt, pruneAttempts, releaseAttempt } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserByEmail, insertSession } from '../auth/repository';
import type { AuthSettings } from '../auth/service';
import { LoginThrottled } from '../auth/service';
import { hashToken, newToken } from '../auth/tokens';

/** A new customer session's token (decision 029): the storefront keeps it and sends it as `token`. */
async function openSession(db: Db, settings: AuthSettings, userId: string): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + settings.tokenTtlMs),
    kind: 'customer',
  });
  return token;
}

/**
 * POST /api/customer/register: a 'user' account, always (the body cannot ask for more), signed in
 * at once. An address registers at most LOGIN_MAX_PER_IP accounts a LOGIN_WINDOW, then waits as a
 * login would (429 with Retry-After; its own key, docs/decisions/045-overload.md). A taken e-mail
 * is a 409 before any hashing; the unique index still decides, so two at once cannot both win.
 */
export async function registerCustomer(
  db: Db,
  settings: AuthSettings,
  input: z.output<typeof customerRegisterRequestSchema> & { ip: string },
): Promise<string> {
  const { maxPerIp, windowMs } = settings.login;
  const verdict = await countAttempt(db, `customer-register-ip:${input.ip}`, {
    max: maxPerIp,
    windowMs,
    maxWaitMs: windowMs,
  });
  if (!verdict.allowed) {
    const seconds = Math.ceil(verdict.retryAfterMs / 1000);
    throw new HttpError(429, CUSTOMER_MESSAGES.tooManyRegistrations(seconds), seconds);
  }
  if (await findUserByEmail(db, input.email)) throw new HttpError(409, CUSTOMER_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const rows = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash, role: 'user', isActive: true })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const created = rows[0];
  if (!created) throw new HttpError(409, CUSTOMER_MESSAGES.emailTaken);
  return openSession(db, settings, created.id);
}

/**
 * POST /api/customer/login: the admins' rules on their own keys (an address and an e-mail of the
 * storefront), so a storm on the storefront never locks an admin out, nor the reverse. Only an
 * active 'user' account signs in here; anything else is the same 401 as a wrong password.
 */
export async function loginCustomer(
  db: Db,
  settings: AuthSettings,
  input: { email: string; password: string; ip: string },
): Promise<string> {
  const { maxPerEmail, maxPerIp, windowMs } = settings.login;
  const keys = [
    { key: `customer-ip:${input.ip}`, limit: { max: maxPerIp, windowMs, maxWaitMs: windowMs } },
    { key: `customer-email:${input.email}`, limit: { max: maxPerEmail, windowMs, maxWaitMs: windowMs } },
  ];
  for (const { key, limit } of keys) {
    const verdict = await countAttempt(db, key, limit);
    if (!verdict.allowed) throw new LoginThrottled(verdict.retryAfterMs);
  }
  if (Math.random() < 0.01) await pruneAttempts(db, windowMs);
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.role !== 'user' || !user.isActive) {
    throw new HttpError(401, MESSAGES.invalidCredentials);
  }
  for (const { key, limit } of keys) await releaseAttempt(db, key, limit);
  return openSession(db, settings, user.id);
}
