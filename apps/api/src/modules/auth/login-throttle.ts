import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/** How a key's attempts are limited (docs/decisions/003-login-limits.md). */
export interface AttemptLimit {
  /** Attempts checked one after another before the key has to wait. */
  max: number;
  /** The count is forgotten once the key has been quiet this long after its last attempt and wait. */
  windowMs: number;
  /** The longest wait between two attempts past the limit. */
  maxWaitMs: number;
}

/** The first wait past the limit; each further attempt doubles it, up to maxWaitMs. */
export const FIRST_WAIT_MS = 30_000;

export type AttemptVerdict = { allowed: true; count: number } | { allowed: false; retryAfterMs: number };

/**
 * The wait that the attempt numbered `count` sets before the key's next one: none below the
 * limit, then 30 s, 1 min, 2 min … at most maxWaitMs. Mirrors the SQL in countAttempt.
 */
export function waitAfter(count: number, limit: AttemptLimit): number {
  if (count < limit.max) return 0;
  return Math.min(limit.maxWaitMs, FIRST_WAIT_MS * 2 ** Math.min(count - limit.max, 30));
}

/**
 * Counts a login attempt against a key ('ip:…', 'email:…' or 'device:…') before the password is
 * checked, in one atomic statement: attempts sent together each get their own number, so a burst
 * cannot slip past the limit. While the key waits (blocked_until in the future) the attempt is
 * refused and not counted; otherwise it is counted and, from the limit on, sets the next wait.
 */
export async function countAttempt(db: DbOrTx, key: string, limit: AttemptLimit): Promise<AttemptVerdict> {
  const windowSecs = limit.windowMs / 1000;
  const quiet = sql`greatest(${loginAttempts.lastAttemptAt}, coalesce(${loginAttempts.blockedUntil}, ${loginAttempts.lastAttemptAt})) < now() - make_interval(secs => ${windowSecs})`;
  const next = sql`(case when ${quiet} then 1 else ${loginAttempts.count} + 1 end)`;
  const waitUntil = (count: typeof next | number) =>
    sql`case when (${count})::int >= ${limit.max}::int then now() + make_interval(secs => least(${limit.maxWaitMs / 1000}::float8, ${FIRST_WAIT_MS / 1000}::float8 * power(2::float8, least((${count})::int - ${limit.max}::int, 30)))) end`;
  const rows = await db
    .insert(loginAttempts)
    .values({ key, count: 1, lastAttemptAt: sql`now()`, blockedUntil: waitUntil(1) })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: { count: next, lastAttemptAt: sql`now()`, blockedUntil: waitUntil(next) },
      setWhere: sql`${loginAttempts.blockedUntil} is null or ${loginAttempts.blockedUntil} <= now()`,
    })
    .returning({ count: loginAttempts.count });
  const counted = rows[0];
  if (counted) return { allowed: true, count: counted.count };
  const waiting = await db
    .select({ ms: sql<number>`greatest(extract(epoch from ${loginAttempts.blockedUntil} - now()) * 1000, 0)::float8` })
    .from(loginAttempts)
    .where(sql`${loginAttempts.key} = ${key}`);
  return { allowed: false, retryAfterMs: Math.max(Number(waiting[0]?.ms ?? 0), 1000) };
}

/**
 * A successful login gives its attempt back, so an admin who signs in often never waits; below
 * the limit again, the key no longer waits either.
 */
export async function releaseAttempt(db: DbOrTx, key: string, limit: AttemptLimit): Promise<void> {
  await db
    .update(loginAttempts)
    .set({
      count: sql`greatest(${loginAttempts.count} - 1, 0)`,
      blockedUntil: sql`case when ${loginAttempts.count} - 1 < ${limit.max} then null else ${loginAttempts.blockedUntil} end`,
    })
    .where(sql`${loginAttempts.key} = ${key}`);
}

/** A known device that signs in starts again from nothing. */
export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.key} = ${key}`);
}

/** Drops keys long quiet, now and then, so the table stays small. */
export async function pruneAttempts(db: DbOrTx, windowMs: number): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      sql`greatest(${loginAttempts.lastAttemptAt}, coalesce(${loginAttempts.blockedUntil}, ${loginAttempts.lastAttemptAt})) < now() - make_interval(secs => ${(2 * windowMs) / 1000})`,
    );
}
