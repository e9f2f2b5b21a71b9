import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { secrets, sessions, users } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0];
}

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; kind?: 'admin' | 'customer' },
) {
  const rows = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return rows[0] as { id: string };
}

/** The session a token hash names, with its user: one indexed lookup per request. */
export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      kind: sessions.kind,
      user: { id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function findUserInfo(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** A key the app makes once: the first instance to ask stores it, every other one reads the same. */
export async function findOrCreateSecret(db: DbOrTx, name: string, value: string): Promise<string> {
  await db.insert(secrets).values({ name, value }).onConflictDoNothing({ target: secrets.name });
  const rows = await db.select({ value: secrets.value }).from(secrets).where(eq(secrets.name, name)).limit(1);
  return (rows[0] as { value: string }).value;
}
