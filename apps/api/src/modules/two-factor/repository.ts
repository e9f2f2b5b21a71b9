import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminRecoveryCodes, adminTwoFactor, shopSettings, twoFactorChallenges, users } from '../../db/schema';

export type ChallengePurpose = 'twoFactorCode' | 'twoFactorSetup';

/** An admin's two-factor row, if any (pending while enabledAt is null). */
export async function findTwoFactor(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      secretEncrypted: adminTwoFactor.secretEncrypted,
      enabledAt: adminTwoFactor.enabledAt,
      lastUsedStep: adminTwoFactor.lastUsedStep,
    })
    .from(adminTwoFactor)
    .where(eq(adminTwoFactor.userId, userId))
    .limit(1);
  return rows[0];
}

/** A new pending secret, replacing a pending one; an enabled one is left alone (undefined then). */
export async function savePendingSecret(db: DbOrTx, userId: string, secretEncrypted: string) {
  const rows = await db
    .insert(adminTwoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: adminTwoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(adminTwoFactor.enabledAt),
    })
    .returning({ userId: adminTwoFactor.userId });
  return rows[0];
}

/**
 * Takes the code of `step` as used, atomically: only when no code of that step or a later one was
 * taken before, so the same code sent twice at once is accepted once. With enable, a pending secret
 * becomes the one in force. False when the step was already used (or the row is gone, or not in the
 * state asked for).
 */
export async function useStep(
  db: DbOrTx,
  userId: string,
  step: number,
  options: { enable?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(adminTwoFactor)
    .set({ lastUsedStep: step, ...(options.enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(adminTwoFactor.userId, userId),
        options.enable ? isNull(adminTwoFactor.enabledAt) : sql`${adminTwoFactor.enabledAt} is not null`,
        or(isNull(adminTwoFactor.lastUsedStep), lt(adminTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: adminTwoFactor.userId });
  return rows.length === 1;
}

/** Turns two-factor sign-in off: the secret and every recovery code go. */
export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.delete(adminTwoFactor).where(eq(adminTwoFactor.userId, userId));
}

/** The admin's recovery codes become these (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true only for the one call that marked it used. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminRecoveryCodes.userId, userId),
        eq(adminRecoveryCodes.codeHash, codeHash),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return rows[0]?.n ?? 0;
}

/** A challenge for the login's second step; expired ones are dropped on the way. */
export async function insertChallenge(
  db: DbOrTx,
  values: { tokenHash: string; userId: string; purpose: ChallengePurpose; ttlSeconds: number },
): Promise<void> {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`));
  await db.insert(twoFactorChallenges).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    purpose: values.purpose,
    expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
  });
}

/** The unexpired challenge of that purpose, with its account as it is now. */
export async function findChallenge(db: DbOrTx, tokenHash: string, purpose: ChallengePurpose) {
  const rows = await db
    .select({
      id: twoFactorChallenges.id,
      user: { id: users.id, email: users.email, role: users.role, isActive: users.isActive },
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, tokenHash),
        eq(twoFactorChallenges.purpose, purpose),
        sql`${twoFactorChallenges.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows[0];
}

/** Uses the challenge up: true only for the one call that deleted it. */
export async function deleteChallenge(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ id: twoFactorChallenges.id });
  return rows.length === 1;
}

/** Admin Management's setting (the settings row is made by migration 0013). */
export async function readRequirement(db: DbOrTx, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db
    .select({ required: shopSettings.requireTwoFactor })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0]?.required ?? false;
}

export async function writeRequirement(db: DbOrTx, required: boolean): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ id: 1, requireTwoFactor: required })
    .onConflictDoUpdate({ target: shopSettings.id, set: { requireTwoFactor: required } });
}

/** The account's password hash, for turning two-factor sign-in off. */
export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | undefined> {
  const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.hash;
}

/** Every admin, oldest first, and whether they have two-factor sign-in on. */
export async function listAdminsTwoFactor(db: DbOrTx, limit: number) {
  return db
    .select({
      _id: users.id,
      name: users.name,
      email: users.email,
      enabled: sql<boolean>`${adminTwoFactor.enabledAt} is not null`,
    })
    .from(users)
    .leftJoin(adminTwoFactor, eq(adminTwoFactor.userId, users.id))
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

/** The account's name and role, for another admin's reset. */
export async function findAccount(db: DbOrTx, userId: string) {
  const rows = await db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}
