import type { Db } from './client';

/**
 * SQLSTATEs that mean "this transaction lost a race, run it again": 40P01 (PostgreSQL broke a
 * deadlock by aborting it) and 40001 (a serialization failure). Nothing of it was written.
 */
export const RETRYABLE_SQLSTATES = ['40P01', '40001'] as const;

/** How many times a transaction that lost such a race runs again before the caller sees a 503. */
export const TRANSACTION_RETRIES = 2;

/** Whether the error (the driver's, or Drizzle's wrapping it) is a deadlock or serialization failure. */
export function isRetryableConflict(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth += 1) {
    if (typeof e.code === 'string' && (RETRYABLE_SQLSTATES as readonly string[]).includes(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * How long to wait before run `attempt` (1, 2...): 10-30 ms, then 20-60 ms. Run again at once, a
 * transaction aborted for a deadlock can take its first lock back before the transaction that won
 * (already queued for it) does, and deadlock with it again: seen on a loaded machine, three
 * aborts in a row and a 503. Random, so two losers do not come back together.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return 10 * 2 ** (attempt - 1) * (1 + 2 * random());
}

/**
 * db.transaction, run again (up to TRANSACTION_RETRIES times, after retryDelayMs) when PostgreSQL
 * aborted it for a deadlock or a serialization failure (docs/decisions/055-stock.md). The body
 * must do nothing outside the database that a second run would repeat. If it still fails, the
 * error handler answers 503 with Retry-After (plugins/app/errors.ts).
 */
export async function transactionRetrying<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(body);
    } catch (error) {
      if (attempt >= TRANSACTION_RETRIES || !isRetryableConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt + 1)));
    }
  }
}
