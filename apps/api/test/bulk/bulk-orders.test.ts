import {
  API_PATHS,
  BULK_EVENTS,
  BULK_PATHS,
  type BulkDoneResponse,
  type BulkJob,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
  EVENTS,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketApp } from '../helpers/admin-socket';
import type { TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { bell, rung } from '../helpers/notifications';
import { insertOrder, orderCall, rollupsAndRecount, withoutTrigramIndexes } from '../helpers/orders';
import { adminToken } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * POST /api/order/bulk and GET /api/bulk/{jobId} (docs/decisions/035-bulk-actions.md): picked
 * orders and a list filter, inline and as a job, against the one-order status call.
 */

let t: TestApp;
let token: string;
let socket: Socket;

beforeAll(async () => {
  ({ t, token, socket } = await socketApp('Bulk Admin'));
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

const bulk = async (payload: unknown) => {
  const res = await orderCall(t, token, BULK_PATHS.orderBulk, payload);
  return { status: res.statusCode, body: res.json() };
};

async function expectRollupsExact() {
  const { kept, counted, keptDays, countedDays, counters, recount } = await rollupsAndRecount(t.database.db);
  expect(kept).toEqual(counted);
  expect(keptDays).toEqual(countedDays);
  expect(counters).toEqual(recount);
}

const statusOf = async (id: string) =>
  (await t.database.db.execute<{ status: string }>(sql`select status from orders where id = ${id}`)).rows[0]?.status;

const historyRows = async (id: string) =>
  (
    await t.database.db.execute<{ status: string; admin_name: string | null; tracking_number: string | null }>(
      sql`select status, admin_name, tracking_number from order_status_changes where order_id = ${id} order by created_at, id`,
    )
  ).rows;

/** Polls the job until it ended. */
function finished(jobId: string): Promise<BulkJob> {
  return waitUntil(async () => {
    const res = await t.app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
    expect(res.statusCode).toBe(200);
    const { job } = res.json() as BulkJobResponse;
    return job.state === 'completed' || job.state === 'failed' ? job : undefined;
  }, `job ${jobId} to end`);
}

/**
 * `n` orders straight in the database, days apart from `base`, their fields a function of their
 * number only: two calls with different bases and tags make twin sets.
 */
async function insertTwinOrders(tag: string, base: string, n: number) {
  const { db } = t.database;
  await withoutTrigramIndexes(db, () =>
    db.execute(sql`
    insert into orders (id, items, amount_cents, status, first_name, last_name, email, phone,
                        tracking_number, discount_code, created_at)
    select substr(md5(${tag} || i), 1, 24),
           jsonb_build_array(jsonb_build_object('productId', null, 'name', 'Item', 'image', null,
                             'quantity', 1 + i % 3, 'unitPriceCents', 500 + i % 700, 'color', null)),
           case when i % 4 = 0 then 1000 + i end,
           (array['Order Placed','Packing','Shipped','Delivered','Cancelled'])[1 + i % 5],
           'Twin', 'Buyer' || i, 'twin' || i || '@test.example', '555' || i,
           case when i % 3 = 0 then 'TRK' || i end,
           case when i % 7 = 0 then 'CODE' || i end,
           ${base}::timestamptz + i * interval '4 minutes'
      from generate_series(1, ${n}) i`),
  );
}

/** The twins' fields that a status change may touch repeat every 420 orders (3, 4, 5 and 7). */
const TWIN_CYCLE = 420;

/**
 * A twin set as comparable rows, by the order's number: its fields and its status changes, and its
 * total apart (the items' prices repeat every 700 orders, not every 420).
 */
async function twinState(from: string, to: string) {
  const orderRows = await t.database.db.execute<{ n: number; total_cents: number }>(sql`
    select substr(last_name, 6)::int as n, status, tracking_number, discount_code, total_cents
      from orders where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
     order by n`);
  const changes = await t.database.db.execute<{ n: number }>(sql`
    select substr(o.last_name, 6)::int as n, c.status, c.tracking_number, c.discount_code, c.admin_name
      from order_status_changes c join orders o on o.id = c.order_id
     where o.created_at >= ${from}::timestamptz and o.created_at < ${to}::timestamptz
     order by n, c.created_at, c.id`);
  // A tracking number or code made from the order's number ('TRK' || i) with the number left out.
  const unnumbered = (n: number, row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        typeof v === 'string' && v.endsWith(String(n)) ? `${v.slice(0, -String(n).length)}#` : v,
      ]),
    );
  const byNumber = new Map<number, { order: Record<string, unknown>; changes: Record<string, unknown>[] }>();
  for (const { n, total_cents, ...order } of orderRows.rows)
    byNumber.set(n, { order: unnumbered(n, order), changes: [] });
  for (const { n, ...change } of changes.rows) byNumber.get(n)?.changes.push(unnumbered(n, change));
  const totals = new Map(orderRows.rows.map((r) => [r.n, r.total_cents]));
  return { byNumber, totals };
}

describe('picked orders', () => {
  it('change status in one transaction, with a history row each, skipping the missing and those already there', async () => {
    const a = await insertOrder(t.database.db, { status: 'Order Placed', trackingNumber: 'KEEP-1' });
    const b = await insertOrder(t.database.db, { status: 'Packing' });
    const c = await insertOrder(t.database.db, { status: 'Shipped' });
    const missing = 'ffffffffffffffffffffffff';
    const updated = new Promise<unknown>((resolve) => socket.once(EVENTS.ordersUpdated, resolve));
    const { status, body } = await bulk({
      selection: { ids: [a.id, b.id, c.id, missing, a.id] },
      action: { kind: 'status', status: 'Shipped' },
    });
    expect(status).toBe(200);
    const done = body as BulkDoneResponse;
    expect(done.result).toEqual({
      updated: 2,
      skipped: 2,
      reasons: [
        { reason: 'already Shipped', count: 1 },
        { reason: 'not found', count: 1 },
      ],
    });
    expect(done.message).toBe('2 updated, 2 skipped: 1 already Shipped, 1 not found');
    expect(await updated).toEqual({ action: 'statusChanged', id: 'bulk' });
    expect(await statusOf(a.id)).toBe('Shipped');
    expect(await statusOf(b.id)).toBe('Shipped');
    // The tracking number is left as it was, and recorded with the Shipped change, as one order's call does.
    expect(await historyRows(a.id)).toEqual([
      { status: 'Shipped', admin_name: 'Bulk Admin', tracking_number: 'KEEP-1' },
    ]);
    expect(await historyRows(c.id)).toEqual([]);
    await expectRollupsExact();
  });

  it('are deleted with their history, the rollups following', async () => {
    const a = await insertOrder(t.database.db, { status: 'Delivered', amountCents: 7000 });
    const b = await insertOrder(t.database.db, { status: 'Packing' });
    await bulk({ selection: { ids: [a.id] }, action: { kind: 'status', status: 'Refunded' } });
    const { status, body } = await bulk({ selection: { ids: [a.id, b.id] }, action: { kind: 'delete' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: '2 deleted', result: { updated: 2, skipped: 0 } });
    expect(await statusOf(a.id)).toBeUndefined();
    expect(await historyRows(a.id)).toEqual([]);
    await expectRollupsExact();
  });
});

describe('refusals change nothing', () => {
  it('a status that does not exist, an unknown kind, too many or no ids, a bad filter', async () => {
    const a = await insertOrder(t.database.db, { status: 'Packing' });
    const cases: [unknown, RegExp][] = [
      [{ selection: { ids: [a.id] }, action: { kind: 'status', status: 'Lost' } }, /action\.status: must be one of/],
      [{ selection: { filter: {} }, action: { kind: 'status', status: 'Lost' } }, /action\.status/],
      [{ selection: { ids: [a.id] }, action: { kind: 'archive' } }, /^action\.kind: must be status or delete$/],
      [
        { selection: { ids: [a.id], filter: {} }, action: { kind: 'delete' } },
        /^selection: must be \{ ids \} or \{ filter \}$/,
      ],
      [{ selection: { ids: [] }, action: { kind: 'delete' } }, /selection/],
      [{ selection: { ids: Array(501).fill(a.id) }, action: { kind: 'delete' } }, /selection/],
      [
        { selection: { filter: { searchBy: 'dateRange', startDate: '2025-02-01' } }, action: { kind: 'delete' } },
        /^selection\.filter\.endDate: is required for a date range$/,
      ],
      [{ selection: { ids: [a.id] } }, /action/],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await bulk(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
    }
    expect(await statusOf(a.id)).toBe('Packing');
    expect(await historyRows(a.id)).toEqual([]);
  });

  it('without a session', async () => {
    const res = await orderCall(t, undefined, BULK_PATHS.orderBulk, {
      selection: { filter: {} },
      action: { kind: 'delete' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('a filter', () => {
  it('reaches exactly the orders the list shows for it, inline below the limit', async () => {
    const mine = await Promise.all(
      [1, 2, 3].map((i) =>
        insertOrder(t.database.db, { firstName: 'Zebulon', lastName: `Quux${i}`, status: 'Packing' }),
      ),
    );
    const other = await insertOrder(t.database.db, { firstName: 'Someone', lastName: 'Else', status: 'Packing' });
    const filter = { searchBy: 'userName', search: 'zebulon quux' };
    const listed = await orderCall(t, token, API_PATHS.orderList, { ...filter, pageSize: 50 });
    const listedIds = (listed.json().orders as { _id: string }[]).map((o) => o._id).sort();
    expect(listedIds).toEqual(mine.map((o) => o.id).sort());
    const { status, body } = await bulk({ selection: { filter }, action: { kind: 'status', status: 'Cancelled' } });
    expect(status).toBe(200);
    expect((body as BulkDoneResponse).result.updated).toBe(3);
    for (const o of mine) expect(await statusOf(o.id)).toBe('Cancelled');
    expect(await statusOf(other.id)).toBe('Packing');

    // Inline, it rings as a job does (decision 056): read already for the admin who saw the answer,
    // unread for another; there is no job to open, the title says what was done.
    const title = `Bulk status on orders finished: ${(body as BulkDoneResponse).message}`;
    const [seen] = (await bell(t, token)).notifications.filter((x) => x.title === title);
    expect(seen).toMatchObject({ kind: 'bulk', read: true, subject: {} });
    const colleague = await adminToken(t.database.db);
    expect((await bell(t, colleague)).notifications.find((x) => x.title === title)).toMatchObject({ read: false });
  });

  it('of 1,500 orders runs as a job equal to changing them one by one, rollups equal to a recount', async () => {
    // Three batches, above the inline limit; the 10,000-order job is the scale tier's
    // (scale/bulk-scale.test.ts). One by one over one cycle of the twins' fields (every mix of
    // them): each bulk order must end as its twin in that cycle did.
    const n = 1500;
    await insertTwinOrders('bulk', '2025-01-01T00:00:00Z', n);
    await insertTwinOrders('single', '2025-03-01T00:00:00Z', TWIN_CYCLE);
    const totalsBefore = (await twinState('2025-01-01', '2025-02-01')).totals;
    const notDelivered = (
      await t.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from orders
         where created_at >= '2025-01-01' and created_at < '2025-02-01' and status <> 'Delivered'`)
    ).rows[0]?.n as number;

    // One by one, through the one-order call, each order not already Delivered.
    const single = await t.database.db.execute<{ id: string }>(sql`
      select id from orders where created_at >= '2025-03-01' and created_at < '2025-04-01' and status <> 'Delivered'`);
    const ids = single.rows.map((r) => r.id);
    const started = Date.now();
    for (let i = 0; i < ids.length; i += 16) {
      await Promise.all(
        ids.slice(i, i + 16).map(async (orderId) => {
          const res = await orderCall(t, token, API_PATHS.orderStatus, { orderId, status: 'Delivered' });
          expect(res.statusCode).toBe(200);
        }),
      );
    }
    const oneByOneMs = Date.now() - started;

    // In bulk, over the orders list's date range filter: more than the inline limit, so a job.
    const progress: BulkJob[] = [];
    let refreshes = 0;
    const onProgress = (job: BulkJob) => progress.push(job);
    // The one-by-one calls' own events may still be arriving: the bulk one is told by its id.
    const onUpdated = (event: { id: string }) => {
      if (event.id === 'bulk') refreshes += 1;
    };
    socket.on(BULK_EVENTS.bulkProgress, onProgress);
    socket.on(EVENTS.ordersUpdated, onUpdated);
    const bulkStarted = Date.now();
    const { status, body } = await bulk({
      selection: { filter: { searchBy: 'dateRange', startDate: '2025-01-01', endDate: '2025-01-31' } },
      action: { kind: 'status', status: 'Delivered' },
    });
    expect(status).toBe(202);
    const queued = body as BulkQueuedResponse;
    expect(queued.total).toBe(n);
    const job = await finished(queued.jobId);
    const bulkMs = Date.now() - bulkStarted;
    // The job's last event may trail the answer; then every event it sent has arrived.
    await waitUntil(() => progress.some((p) => p.jobId === queued.jobId && p.state !== 'running'), 'the last event');
    await allDelivered(t, socket);
    socket.off(BULK_EVENTS.bulkProgress, onProgress);
    socket.off(EVENTS.ordersUpdated, onUpdated);

    expect(job).toMatchObject({ state: 'completed', target: 'orders', kind: 'status', done: n, total: n });
    // The bell tells the job's end, and opens its result (docs/decisions/056-notifications.md).
    expect(await rung(t, token, (x) => x.subject.jobId === queued.jobId)).toMatchObject({
      kind: 'bulk',
      title: expect.stringMatching(/^Bulk status on orders finished: /),
    });
    expect(job.result).toEqual({
      updated: notDelivered,
      skipped: n - notDelivered,
      reasons: [{ reason: 'already Delivered', count: n - notDelivered }],
    });
    expect(job.message).toBe(
      `${notDelivered.toLocaleString('en-US')} updated, ${(n - notDelivered).toLocaleString('en-US')} skipped: ${(
        n - notDelivered
      ).toLocaleString('en-US')} already Delivered`,
    );

    // Progress after each batch of 500, growing, then the end; open screens refreshed once.
    const mineOnly = progress.filter((p) => p.jobId === queued.jobId);
    const running = mineOnly.filter((p) => p.state === 'running');
    // Events may reach a socket in another order than they were sent (decision 041): the batches'
    // counts (from 0) are each a step further, and exactly one event tells the end.
    expect(running.length).toBeGreaterThanOrEqual(n / 500);
    const steps = running.map((p) => p.done).sort((x, y) => x - y);
    expect(new Set(steps).size).toBe(steps.length);
    expect(steps.every((done) => done >= 0 && done <= n)).toBe(true);
    expect(mineOnly.filter((p) => p.state !== 'running')).toEqual([
      expect.objectContaining({ state: 'completed', done: n }),
    ]);
    expect(refreshes).toBe(1);

    const bulkState = await twinState('2025-01-01', '2025-02-01');
    const singleState = await twinState('2025-03-01', '2025-04-01');
    expect(bulkState.byNumber.size).toBe(n);
    expect(singleState.byNumber.size).toBe(TWIN_CYCLE);
    const twins = [...bulkState.byNumber.keys()].map((i) => singleState.byNumber.get(((i - 1) % TWIN_CYCLE) + 1));
    expect([...bulkState.byNumber.values()]).toEqual(twins);
    expect([...bulkState.byNumber.values()].reduce((sum, o) => sum + o.changes.length, 0)).toBe(notDelivered);
    expect(bulkState.totals).toEqual(totalsBefore);
    await expectRollupsExact();
    // The list's counts (read from the rollups) agree with the rows.
    const delivered = await orderCall(t, token, API_PATHS.orderList, {
      searchBy: 'dateRange',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      delivery: 'notDelivered',
    });
    expect(delivered.json().total).toBe(0);
    console.info(
      `bulk status change of ${n} orders: job ${bulkMs} ms (${Math.round((n / bulkMs) * 1000)} rows/s); ` +
        `one by one ${oneByOneMs} ms for ${ids.length} of ${TWIN_CYCLE}`,
    );
  });
});

describe('jobs', () => {
  it('an unknown job is a 404, a malformed id a 400', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: bulkJobPath('00000000-0000-4000-8000-000000000000'),
      headers: { token },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: bulkJobPath('nope'), headers: { token } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/jobId/);
  });

  it('a filter job deletes every match and nothing else', async () => {
    await insertTwinOrders('gone', '2024-06-01T00:00:00Z', 1200);
    const keep = await insertOrder(t.database.db, { createdAt: new Date('2024-05-31T23:00:00Z') });
    const { status, body } = await bulk({
      selection: { filter: { searchBy: 'dateRange', startDate: '2024-06-01', endDate: '2024-06-30' } },
      action: { kind: 'delete' },
    });
    expect(status).toBe(202);
    const job = await finished((body as BulkQueuedResponse).jobId);
    expect(job).toMatchObject({ state: 'completed', done: 1200, result: { updated: 1200, skipped: 0 } });
    expect(job.message).toBe('1,200 deleted');
    const left = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where created_at >= '2024-06-01' and created_at < '2024-07-01'`,
    );
    expect(left.rows[0]?.n).toBe(0);
    expect(await statusOf(keep.id)).toBe('Order Placed');
    await expectRollupsExact();
  });
});
