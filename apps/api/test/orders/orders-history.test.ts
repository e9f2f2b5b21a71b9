import {
  API_PATHS,
  MESSAGES,
  newObjectId,
  ORDER_HISTORY_PAGE_SIZE,
  ORDER_STATUSES,
  type Order,
  type OrderHistoryResponse,
  type OrderStatus,
  orderHistoryPath,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { orderStatusChanges } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, orderCall } from '../helpers/orders';
import { adminToken } from '../helpers/users';

/*
 * Order lists carry each order's latest status change only; the whole history comes from
 * GET /api/order/{id}/history, newest first, in pages of at most 100 (docs/decisions/019-order-history.md).
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.database.db);
});
afterAll(() => t.close());

/**
 * A long history written straight into the database, as years of admins' changes: an hour apart,
 * three changes at a time sharing their time (a tie the id settles). Answers the rows written.
 */
async function insertChanges(db: Db, orderId: string, count: number, from = Date.UTC(2025, 0, 1)) {
  const rows = Array.from({ length: count }, (_, i) => {
    const status = ORDER_STATUSES[i % ORDER_STATUSES.length] as OrderStatus;
    const createdAt = new Date(from + Math.floor(i / 3) * 3_600_000);
    return {
      id: newObjectId(createdAt),
      orderId,
      status,
      trackingNumber: status === 'Shipped' ? `TRK-${String(i).padStart(6, '0')}` : null,
      discountCode: status === 'Delivered' ? `THANKS-${i}` : null,
      adminName: 'Olga Admin',
      createdAt,
    };
  });
  await db.insert(orderStatusChanges).values(rows);
  return rows;
}

/** Rows in the history call's order: newest first, ties by id. */
const newestFirst = <R extends { createdAt: Date; id: string }>(rows: R[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));

/** The lastStatusChange a list's order carries for the newest of these rows. */
function latestChange(rows: Awaited<ReturnType<typeof insertChanges>>) {
  const latest = newestFirst(rows)[0];
  return {
    id: latest?.id,
    status: latest?.status,
    at: latest?.createdAt.toISOString(),
    by: 'Olga Admin',
    trackingNumber: latest?.trackingNumber,
    discountCode: latest?.discountCode,
  };
}

const history = async (id: string, query: { before?: string | null; limit?: number } = {}) => {
  const res = await t.app.inject({ method: 'GET', url: orderHistoryPath(id, query), headers: { token } });
  return { status: res.statusCode, body: res.json() as OrderHistoryResponse & { message?: string } };
};

const listPage = (body: Record<string, unknown>) => orderCall(t, token, API_PATHS.orderList, body);

describe('POST /api/order/list', () => {
  it('reads each order on the screen’s opening page as a search reads it: its latest change, or null', async () => {
    const db = t.database.db;
    // Dated ahead of every other order of this file, so the two lead the opening page.
    const none = await insertOrder(db, { createdAt: new Date(Date.UTC(2099, 0, 2)) });
    const changed = await insertOrder(db, { createdAt: new Date(Date.UTC(2099, 0, 1)) });
    const rows = await insertChanges(db, changed.id, 4);
    // No search and no dates: the opening page's prepared statement (its own row mapper, decision 054).
    const opening = await listPage({ page: 1, pageSize: 2 });
    expect(opening.statusCode).toBe(200);
    const [first, second] = opening.json().orders as Order[];
    expect(first?._id).toBe(none.id);
    expect(first?.lastStatusChange).toBeNull();
    expect(second?._id).toBe(changed.id);
    expect(second?.lastStatusChange).toEqual(latestChange(rows));
    // Field for field what a search (Drizzle's own mapping) answers for the same orders.
    for (const order of [first, second]) {
      const searched = await listPage({ searchBy: 'orderId', search: order?._id, page: 1, pageSize: 10 });
      expect((searched.json().orders as Order[])[0]).toEqual(order);
    }
  });

  it('carries each order’s latest status change only, so a long history leaves a page’s size alone', async () => {
    const db = t.database.db;
    const lastName = 'Pagesize';
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const order = await insertOrder(db, {
        lastName,
        items: [{ name: 'Nebula Figure' }, { name: 'Spinner Pro' }],
        createdAt: new Date(Date.UTC(2026, 0, 1, i)),
      });
      ids.push(order.id);
    }
    const body = { searchBy: 'userName', search: lastName.toLowerCase(), page: 1, pageSize: 10 };
    const before = await listPage(body);
    expect(before.statusCode).toBe(200);
    expect((before.json().orders as Order[]).every((o) => o.lastStatusChange === null)).toBe(true);

    const long = ids[3] as string;
    const rows = await insertChanges(db, long, 403);
    await insertChanges(db, ids[7] as string, 1);
    const after = await listPage(body);
    expect(after.statusCode).toBe(200);
    const orders = after.json().orders as Order[];
    expect(orders).toHaveLength(10);
    expect(orders.find((o) => o._id === long)?.lastStatusChange).toEqual(latestChange(rows));
    expect(orders.filter((o) => o.lastStatusChange !== null).map((o) => o._id)).toEqual(
      [ids[7], long], // newest order first
    );
    expect(orders.some((o) => 'statusHistory' in o)).toBe(false);
    // A size, not a timing: one change per order whatever the history's length (it was 54 KB
    // with every change of the 403 on the page).
    expect(after.rawPayload.byteLength).toBeLessThan(15_000);
    expect(after.rawPayload.byteLength - before.rawPayload.byteLength).toBeLessThan(2 * 250);

    // The spec's empty body (every order) carries the latest change only too.
    const all = await orderCall(t, token, API_PATHS.orderList);
    const listed = (all.json().orders as Order[]).find((o) => o._id === long);
    expect(listed?.lastStatusChange).toEqual(latestChange(rows));
  });
});

describe('GET /api/order/{id}/history', () => {
  it('answers every change newest first, in pages of 100 that follow one another', async () => {
    const order = await insertOrder(t.database.db);
    const rows = newestFirst(await insertChanges(t.database.db, order.id, 403));
    // Another order's changes stay out of it.
    await insertChanges(t.database.db, (await insertOrder(t.database.db)).id, 5);

    const seen: string[] = [];
    const sizes: number[] = [];
    let before: string | null = null;
    do {
      const { status, body } = await history(order.id, { before });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.total).toBe(403);
      sizes.push(body.history.length);
      seen.push(...body.history.map((change) => change.id));
      before = body.next;
      if (before) expect(before).toBe(body.history.at(-1)?.id);
    } while (before);
    expect(sizes).toEqual([100, 100, 100, 100, 3]);
    expect(seen).toEqual(rows.map((row) => row.id));

    const first = (await history(order.id)).body.history[0];
    expect(first).toEqual({
      id: rows[0]?.id,
      status: rows[0]?.status,
      at: rows[0]?.createdAt.toISOString(),
      by: 'Olga Admin',
      trackingNumber: rows[0]?.trackingNumber,
      discountCode: rows[0]?.discountCode,
    });

    // A smaller page on request; the last one says there is no next.
    const small = await history(order.id, { limit: 7 });
    expect(small.body.history.map((c) => c.id)).toEqual(rows.slice(0, 7).map((r) => r.id));
    const tail = await history(order.id, { before: rows[399]?.id, limit: ORDER_HISTORY_PAGE_SIZE });
    expect(tail.body.history.map((c) => c.id)).toEqual(rows.slice(400).map((r) => r.id));
    expect(tail.body.next).toBeNull();
  });

  it('keeps its pages when a change is made between two of them', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    const rows = newestFirst(await insertChanges(t.database.db, order.id, 150));
    const first = await history(order.id);
    expect(first.body.next).toBe(rows[99]?.id);
    const changed = await orderCall(t, token, API_PATHS.orderStatus, { orderId: order.id, status: 'Shipped' });
    expect(changed.statusCode).toBe(200);
    const second = await history(order.id, { before: first.body.next });
    expect(second.body.total).toBe(151);
    expect(second.body.history.map((c) => c.id)).toEqual(rows.slice(100).map((r) => r.id));
    // The new change leads the first page now, and is the order's latest in the list.
    const again = await history(order.id, { limit: 1 });
    expect(again.body.history[0]).toMatchObject({ status: 'Shipped' });
    expect(changed.json().order.lastStatusChange).toEqual(again.body.history[0]);
  });

  it('answers an empty history for an order without changes', async () => {
    const order = await insertOrder(t.database.db);
    expect(await history(order.id)).toEqual({
      status: 200,
      body: { success: true, history: [], total: 0, next: null },
    });
  });

  it('answers 404 for an unknown or deleted order', async () => {
    const order = await insertOrder(t.database.db);
    await insertChanges(t.database.db, order.id, 3);
    expect((await orderCall(t, token, API_PATHS.orderDelete, { orderId: order.id })).statusCode).toBe(200);
    for (const id of [order.id, '65a1b2c3d4e5f60718293a4b']) {
      const { status, body } = await history(id);
      expect(status, id).toBe(404);
      expect(body).toEqual({ success: false, message: MESSAGES.orderNotFound });
    }
  });

  it('answers 400 for a malformed id, a bad limit, or a cursor that is not one of the order’s changes', async () => {
    const order = await insertOrder(t.database.db);
    await insertChanges(t.database.db, order.id, 3);
    const other = await insertOrder(t.database.db);
    const [foreign] = await insertChanges(t.database.db, other.id, 1);
    const url = (query: string) => `${API_PATHS.orderHistory.replace(':id', order.id)}?${query}`;
    const cases = [
      { url: API_PATHS.orderHistory.replace(':id', 'not-an-id'), message: /^id: / },
      { url: API_PATHS.orderHistory.replace(':id', `${order.id}0`), message: /^id: / },
      { url: url('limit=0'), message: /^limit: / },
      { url: url('limit=101'), message: /^limit: / },
      { url: url('limit=ten'), message: /^limit: / },
      { url: url('limit=2.5'), message: /^limit: / },
      { url: url('before=xyz'), message: /^before: / },
      { url: url(`before=${foreign?.id}`), message: /^before: / },
      { url: url('before=65a1b2c3d4e5f60718293a4b'), message: /^before: / },
      { url: url('page=2'), message: /page/ },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: { token } });
      expect(res.statusCode, c.url).toBe(400);
      expect(res.json().success, c.url).toBe(false);
      expect(res.json().message, c.url).toMatch(c.message);
    }
    // Empty parameters count as not given.
    expect((await t.app.inject({ method: 'GET', url: url('before=&limit='), headers: { token } })).statusCode).toBe(
      200,
    );
  });
});
