import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * Counts a login attempt against a key ('ip:…' or 'email:…') before the password is checked,
 * in one atomic statement: attempts sent together each get their own number, so a burst cannot
 * slip past the limit. Returns the attempt's number in the current window.
 */
export async function countAttempt(db: DbOrTx, key: string, windowMs: number): Promise<number> {
  const expired = sql`${loginAttempts.windowStartedAt} < now() - make_interval(secs => ${windowMs / 1000})`;
  const rows = await db
    .insert(loginAttempts)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        count: sql`case when ${expired} then 1 else ${loginAttempts.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginAttempts.windowStartedAt} end`,
      },
    })
    .returning({ count: loginAttempts.count });
  return rows[0]?.count ?? 1;
}

/** A successful login does not count against its keys. */
export async function releaseAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ count: sql`greatest(${loginAttempts.count} - 1, 0)` })
    .where(sql`${loginAttempts.key} = ${key}`);
}

/** Drops windows long over, now and then, so the table stays small. */
export async function pruneAttempts(db: DbOrTx, windowMs: number): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(sql`${loginAttempts.windowStartedAt} < now() - make_interval(secs => ${(2 * windowMs) / 1000})`);
}
