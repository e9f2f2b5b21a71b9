import type { BulkResult } from '@backroom/contract';
import type { Db, DbOrTx } from '../../db/client';
import type { BatchRow, BulkCursor } from './repository';

/** What one batch did: rows changed, rows left alone by reason, and work for after the commit. */
export interface BatchOutcome {
  updated: number;
  skipped?: Record<string, number>;
  /** Run once the batch's transaction has committed (e.g. removing a deleted product's files). */
  afterCommit?: () => Promise<void>;
}

/**
 * One bulk action over one selection: how to count it, walk it in batches and apply the action
 * to a batch. Built from a request (or a job's data) by orders-plan.ts and products-plan.ts; run
 * by runner.ts.
 */
export interface BulkPlan {
  target: 'orders' | 'products';
  kind: string;
  verb: 'updated' | 'deleted';
  /** Refuses an action that cannot run (HttpError 400), before anything changes. */
  check(db: DbOrTx): Promise<void>;
  /** How many rows the selection holds now. */
  count(db: Db): Promise<number>;
  /** Picked ids: the rows not found are reported as skipped ('not found'). */
  picked: boolean;
  nextBatch(tx: DbOrTx, after: BulkCursor | null, limit: number): Promise<BatchRow[]>;
  apply(tx: DbOrTx, ids: string[]): Promise<BatchOutcome>;
  /** The one event that refreshes open screens at the end. */
  notifyEnd(): void;
}

/** Adds batches' outcomes up into the answer's result. */
export class Tally {
  updated = 0;
  private readonly reasons = new Map<string, number>();

  add(outcome: BatchOutcome) {
    this.updated += outcome.updated;
    for (const [reason, count] of Object.entries(outcome.skipped ?? {})) this.skip(reason, count);
  }

  skip(reason: string, count: number) {
    if (count > 0) this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + count);
  }

  result(): BulkResult {
    const reasons = [...this.reasons].map(([reason, count]) => ({ reason, count }));
    return { updated: this.updated, skipped: reasons.reduce((sum, r) => sum + r.count, 0), reasons };
  }
}
