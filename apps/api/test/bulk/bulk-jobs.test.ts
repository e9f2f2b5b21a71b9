import fs from 'node:fs/promises';
import {
  BULK_BATCH_SIZE,
  BULK_PATHS,
  type BulkJob,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, type TestApp } from '../helpers/app';
import { rollupsAndRecount, withoutTrigramIndexes } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * A bulk job stopped half-way by the app closing keeps what it committed and says so; the next
 * app on the same database reads its state, and the same action run again does the rest
 * (docs/decisions/035-bulk-actions.md).
 */

/**
 * Eight batches of BULK_BATCH_SIZE (500): the app closes once the first has committed, and a job
 * stops after the batch under way, so several are always left for the second run (it was 16 batches).
 */
const N = 8 * BULK_BATCH_SIZE;
let t: TestApp;
let next: FastifyInstance | undefined;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Stopping Admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  const { db } = t.database;
  await withoutTrigramIndexes(db, () =>
    db.execute(sql`
    insert into orders (id, items, status, first_name, last_name, email, phone, created_at)
    select substr(md5('stop' || i), 1, 24),
           jsonb_build_array(jsonb_build_object('productId', null, 'name', 'Item', 'image', null,
                             'quantity', 1, 'unitPriceCents', 1000, 'color', null)),
           'Order Placed', 'Stop', 'Buyer' || i, 'stop' || i || '@test.example', '555' || i,
           '2025-01-01'::timestamptz + i * interval '1 minute'
      from generate_series(1, ${N}) i`),
  );
});
afterAll(async () => {
  await next?.close();
  await t.database.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

const jobOf = async (app: FastifyInstance, jobId: string) => {
  const res = await app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
  expect(res.statusCode).toBe(200);
  return (res.json() as BulkJobResponse).job;
};

function until(app: FastifyInstance, jobId: string, done: (job: BulkJob) => boolean) {
  return waitUntil(async () => {
    const job = await jobOf(app, jobId);
    return done(job) ? job : undefined;
  }, 'the job to get there');
}

const action = { selection: { filter: {} }, action: { kind: 'status', status: 'Packing' } };

describe('a job stopped by the app closing', () => {
  it('keeps its committed batches, tells so, and the same action run again finishes it', async () => {
    const res = await t.app.inject({ method: 'POST', url: BULK_PATHS.orderBulk, headers: { token }, payload: action });
    expect(res.statusCode).toBe(202);
    const { jobId } = res.json() as BulkQueuedResponse;
    await until(t.app, jobId, (job) => job.state === 'running' && job.done > 0);
    await t.app.close();

    next = await buildApp({ config: t.config, database: t.database });
    await next.ready();
    const stopped = await until(next, jobId, (job) => job.state !== 'running' && job.state !== 'queued');
    console.info(`bulk-jobs: the job stopped after ${stopped.done} of ${N} orders`);
    expect(stopped.state).toBe('failed');
    expect(stopped.done).toBeGreaterThan(0);
    expect(stopped.done).toBeLessThan(N);
    expect(stopped.result.updated).toBe(stopped.done);
    expect(stopped.message).toMatch(
      /^stopped: the server shut down; what was done stays: run the action again to finish$/,
    );
    const changed = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where status = 'Packing'`,
    );
    expect(changed.rows[0]?.n).toBe(stopped.done);

    const again = await next.inject({ method: 'POST', url: BULK_PATHS.orderBulk, headers: { token }, payload: action });
    expect(again.statusCode).toBe(202);
    const rest = await until(next, (again.json() as BulkQueuedResponse).jobId, (job) => job.state === 'completed');
    expect(rest.result).toEqual({
      updated: N - stopped.done,
      skipped: stopped.done,
      reasons: [{ reason: 'already Packing', count: stopped.done }],
    });
    const history = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_status_changes`,
    );
    expect(history.rows[0]?.n).toBe(N);
    const { kept, counted } = await rollupsAndRecount(t.database.db);
    expect(kept).toEqual(counted);
  });
});
