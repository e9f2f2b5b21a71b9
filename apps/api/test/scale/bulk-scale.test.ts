import {
  BULK_PATHS,
  type BulkJob,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { orderCall, rollupsAndRecount, withoutTrigramIndexes } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * The figure the bench tracks: a bulk status change, then a bulk delete, of 10,000 orders matched
 * by the list's filter, as jobs (rows per second, from the call to the job's end).
 */

const N = Number(process.env.BULK_SCALE_ORDERS ?? 10_000);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  // The orders to change, among as many others the filter leaves alone.
  const { db } = t.database;
  await withoutTrigramIndexes(db, () =>
    db.execute(sql`
    insert into orders (id, items, status, first_name, last_name, email, phone, created_at)
    select substr(md5('scale' || i), 1, 24),
           jsonb_build_array(jsonb_build_object('productId', null, 'name', 'Item', 'image', null,
                             'quantity', 1, 'unitPriceCents', 1000 + i % 500, 'color', null)),
           case when i % 2 = 0 then 'Order Placed' else 'Delivered' end,
           'Scale', 'Buyer' || i, 'scale' || i || '@test.example', '555' || i,
           '2025-01-01'::timestamptz + (i / 2) * interval '4 minutes'
      from generate_series(1, ${2 * N}) i`),
  );
});
afterAll(() => t.close());

/** Runs a job to its end, polling its progress: answers the last state and every state seen running. */
async function runJob(payload: unknown): Promise<{ job: BulkJob; ms: number; seen: BulkJob[] }> {
  const started = performance.now();
  const res = await orderCall(t, token, BULK_PATHS.orderBulk, payload);
  expect(res.statusCode).toBe(202);
  const { jobId } = res.json() as BulkQueuedResponse;
  const seen: BulkJob[] = [];
  for (;;) {
    const got = await t.app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
    const { job } = got.json() as BulkJobResponse;
    if (job.state === 'completed' || job.state === 'failed') return { job, ms: performance.now() - started, seen };
    if (job.state === 'running') seen.push(job);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`a bulk job over ${N} orders`, () => {
  it('changes the status, then deletes them, the rollups equal to a recount', async () => {
    const filter = { delivery: 'notDelivered' };
    const change = await runJob({ selection: { filter }, action: { kind: 'status', status: 'Packing' } });
    expect(change.job).toMatchObject({ state: 'completed', done: N, result: { updated: N, skipped: 0 } });
    // Progress read from pg-boss's output while the job ran, from any instance: growing, partial.
    const partial = change.seen.filter((job) => job.done > 0 && job.done < N);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((job) => job.total === N && job.result.updated === job.done)).toBe(true);
    const history = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_status_changes`,
    );
    expect(history.rows[0]?.n).toBe(N);
    const removal = await runJob({ selection: { filter }, action: { kind: 'delete' } });
    expect(removal.job).toMatchObject({ state: 'completed', done: N, result: { updated: N } });
    const { kept, counted, keptDays, countedDays } = await rollupsAndRecount(t.database.db);
    expect(kept).toEqual(counted);
    expect(keptDays).toEqual(countedDays);
    const rate = (ms: number) => Math.round((N / ms) * 1000);
    console.info(
      `bulk jobs over ${N} orders: status change ${Math.round(change.ms)} ms (${rate(change.ms)} rows/s), ` +
        `delete ${Math.round(removal.ms)} ms (${rate(removal.ms)} rows/s)`,
    );
  });
});
