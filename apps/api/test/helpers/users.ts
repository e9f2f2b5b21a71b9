import argon2 from 'argon2';
import type { Db } from '../../src/db/client';
import { sessions, users } from '../../src/db/schema';
import { hashToken, newToken } from '../../src/modules/auth/tokens';

let serial = 0;

/**
 * A fixture account's hash: argon2id as the app's own, at the smallest cost. The app verifies with
 * the parameters the hash carries, so logins take the same path in a fraction of a millisecond
 * instead of a few hundred (the default cost is slow on purpose; accounts the app itself makes,
 * by the admin and customer routes, keep it, and their tests check it).
 */
const fixtureHash = (password: string) =>
  argon2.hash(password, { type: argon2.argon2id, memoryCost: 64, timeCost: 1, parallelism: 1 });

/** A user straight in the database, with a known password. */
export async function createUser(
  db: Db,
  values: { role?: 'user' | 'admin'; name?: string; email?: string; password?: string; isActive?: boolean } = {},
) {
  serial += 1;
  const password = values.password ?? `pass-word-${serial}`;
  const rows = await db
    .insert(users)
    .values({
      name: values.name ?? `Test User${serial}`,
      email: values.email ?? `user${serial}-${Date.now()}@test.example`,
      passwordHash: await fixtureHash(password),
      role: values.role ?? 'user',
      isActive: values.isActive ?? true,
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  return { ...(rows[0] as { id: string; email: string; name: string }), password };
}

/**
 * A session row made directly, as the storefront would for a customer, or already expired:
 * tokens the login route would never hand out.
 */
export async function createSessionToken(
  db: Db,
  userId: string,
  expiresAt = new Date(Date.now() + 3_600_000),
  kind: 'admin' | 'customer' = 'admin',
) {
  const token = newToken();
  const rows = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, kind })
    .returning({ id: sessions.id });
  return { token, sessionId: (rows[0] as { id: string }).id };
}

/** A new admin's session token: the set-up of most route tests. */
export async function adminToken(db: Db): Promise<string> {
  const admin = await createUser(db, { role: 'admin' });
  return (await createSessionToken(db, admin.id)).token;
}
