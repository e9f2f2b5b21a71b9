import { BULK_BATCH_SIZE, type BulkResult } from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import { transactionRetrying } from '../../db/retry';
import { type BatchOutcome, type BulkPlan, Tally } from './plan';
import type { BulkCursor } from './repository';

export interface RunProgress {
  done: number;
  total: number;
  result: BulkResult;
}

export interface RunOptions {
  /** Inline: every batch in one transaction. Otherwise one transaction per batch. */
  inline: boolean;
  /** How many rows the selection held when the run began (the progress's total). */
  total: number;
  /** After each committed batch (job runs). */
  onBatch?: (progress: RunProgress) => Promise<void> | void;
  batchSize?: number;
  /** Aborted: the run stops after the batch under way (job runs). */
  signal?: AbortSignal;
}

/** A job's batch failed: what committed before it is in `progress`. */
export class BulkRunError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly progress: RunProgress,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'BulkRunError';
  }
}

/**
 * Walks the selection by keyset until a batch comes back empty (a short batch is not the end: a
 * row changed meanwhile by someone else is re-checked against the filter once locked, and may drop
 * out of its batch), `batchSize` rows at a time, each batch's rows locked while the
 * action applies to them. Inline: every batch in one transaction (up to BULK_INLINE_LIMIT rows),
 * all or nothing. As a job: one transaction per batch, so a 50k-row job never holds one long lock
 * nor loads every row; what committed stays if the job stops, and the same action run again does
 * the rest (rows already done are skipped or gone).
 */
export async function runPlan(db: Db, plan: BulkPlan, options: RunOptions): Promise<RunProgress> {
  const size = options.batchSize ?? BULK_BATCH_SIZE;
  const tally = new Tally();
  let after: BulkCursor | null = null;
  let done = 0;
  const progress = (): RunProgress => ({ done, total: Math.max(options.total, done), result: tally.result() });

  /** One batch: its rows and what the action did to them, or null past the end. */
  const step = async (tx: DbOrTx) => {
    const rows = await plan.nextBatch(tx, after, size);
    if (rows.length === 0) return null;
    const outcome = await plan.apply(
      tx,
      rows.map((row) => row.id),
    );
    return { rows, outcome };
  };
  /** Counted once committed, so the figures never include a batch that rolled back. */
  const count = async (batches: { rows: { cursor: BulkCursor }[]; outcome: BatchOutcome }[]) => {
    for (const { rows, outcome } of batches) {
      tally.add(outcome);
      done += rows.length;
      await outcome.afterCommit?.();
    }
  };

  if (options.inline) {
    // Run again from the start if PostgreSQL aborted it for a deadlock (db/retry.ts): e.g. a bulk
    // delete (product rows, then their stock cells) and an order taking a last unit (the other way).
    const batches = await transactionRetrying(db, async (tx) => {
      after = null;
      await plan.check(tx);
      const all = [];
      for (let batch = await step(tx); batch; batch = await step(tx)) {
        all.push(batch);
        after = batch.rows.at(-1)?.cursor ?? null;
      }
      return all;
    });
    await count(batches);
  } else {
    await plan.check(db);
    for (;;) {
      let batch: Awaited<ReturnType<typeof step>>;
      try {
        batch = await transactionRetrying(db, step);
      } catch (error) {
        throw new BulkRunError(error, progress());
      }
      if (!batch) break;
      after = batch.rows.at(-1)?.cursor ?? null;
      await count([batch]);
      await options.onBatch?.(progress());
      if (options.signal?.aborted) throw new BulkRunError(new Error('stopped: the server shut down'), progress());
    }
  }
  // Picked rows that were not there any more are reported, so the figures add up to the selection.
  if (plan.picked) {
    tally.skip('not found', options.total - done);
    done = options.total;
  }
  return progress();
}
