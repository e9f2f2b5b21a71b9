/**
 * Bulk actions at 10k orders (issue 13): a status change, then a delete, of every order matching a
 * filter, each as a job from the call to its end (rows per second), next to changing orders one at
 * a time through POST /api/order/status (the baseline a bulk action spares). Run by run.ts among
 * the orders bench's 1M orders, or on its own: node --import tsx bench/bulk.ts (BENCH_BULK_ORDERS).
 */
import '../apps/api/src/process-signals';
import {
  API_PATHS,
  BULK_PATHS,
  type BulkJob,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
  type OrderListRequest,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { isMainBench, startStandalone } from './standalone';

export interface BulkBench {
  orders: number;
  status: { seconds: number; job: BulkJob };
  remove: { seconds: number; job: BulkJob };
  /** Orders changed one request at a time, one after another. */
  single: { orders: number; seconds: number };
}

const ORDERS = Number(process.env.BENCH_BULK_ORDERS ?? 10_000);
const SINGLE = 200;
/** The bench's own orders' e-mails: what the filter finds, and nothing else. */
const MARK = 'bulkbench';

async function call(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Starts a bulk action over the filter and follows its job to the end: the final job and the seconds it took. */
async function runJob(base: string, token: string, filter: OrderListRequest, action: unknown) {
  const started = performance.now();
  const res = await call(base, token, BULK_PATHS.orderBulk, { selection: { filter }, action });
  if (res.status !== 202) throw new Error(`bulk answered ${res.status}: ${JSON.stringify(res.body)}`);
  const { jobId } = res.body as BulkQueuedResponse;
  for (;;) {
    const got = await fetch(`${base}${bulkJobPath(jobId)}`, { headers: { token } });
    const { job } = (await got.json()) as BulkJobResponse;
    if (job.state === 'failed') throw new Error(`the bulk job failed: ${job.message}`);
    if (job.state === 'completed') return { job, seconds: (performance.now() - started) / 1000 };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function benchBulk(options: { base: string; token: string; database: Database }): Promise<BulkBench> {
  const { base, token, database } = options;
  await database.db.execute(sql`
    insert into orders (id, items, status, first_name, last_name, email, phone, created_at)
    select substr(md5(${MARK} || i), 1, 24),
           jsonb_build_array(jsonb_build_object('productId', null, 'name', 'Bench item', 'image', null,
                             'quantity', 1, 'unitPriceCents', 1000 + i % 500, 'color', null)),
           'Order Placed', 'Bench', 'Buyer' || i, ${MARK} || i || '@bench.example', '555' || i,
           now() - i * interval '1 minute'
      from generate_series(1, ${ORDERS}) i`);
  await database.db.execute(sql`analyze orders`);
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select id from orders where email like ${`${MARK}%`} order by id limit ${SINGLE}`,
  );

  // The baseline: one order at a time, as the order dialog does.
  const singleStarted = performance.now();
  for (const { id } of rows) {
    const res = await call(base, token, API_PATHS.orderStatus, { orderId: id, status: 'In Production' });
    if (res.status !== 200) throw new Error(`status answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const single = { orders: rows.length, seconds: (performance.now() - singleStarted) / 1000 };

  const filter: OrderListRequest = { searchBy: 'email', search: MARK };
  const status = await runJob(base, token, filter, { kind: 'status', status: 'Packing' });
  const remove = await runJob(base, token, filter, { kind: 'delete' });
  return { orders: ORDERS, status, remove, single };
}

export function bulkReport(result: BulkBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const line = (what: string, r: { seconds: number; job: BulkJob }) =>
    `  ${what}: ${fmt(r.job.result.updated)} changed, ${fmt(r.job.result.skipped)} skipped in ${fmt(r.seconds, 1)} s` +
    ` (${fmt(r.job.result.updated / r.seconds)} orders/s)`;
  const { single } = result;
  return [
    `Bulk actions over the ${fmt(result.orders)} orders matching a filter, each a job from the call to its end:`,
    line('status change to Packing', result.status),
    line('delete', result.remove),
    `  baseline, one POST ${API_PATHS.orderStatus} at a time: ${fmt(single.orders)} orders in ${fmt(single.seconds, 1)} s` +
      ` (${fmt(single.orders / single.seconds)} orders/s)`,
  ];
}

if (isMainBench('bulk.ts')) {
  startStandalone(
    'bulk',
    async () => {},
    async ({ base, token, database }) => bulkReport(await benchBulk({ base, token, database })),
  );
}
