import {
  API_PATHS,
  EVENTS,
  MESSAGES,
  ORDER_STATUSES,
  type Order,
  type OrderHistoryResponse,
  type OrderStatusResponse,
  type OrdersUpdatedEvent,
  orderHistoryPath,
} from '@backroom/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges, orders, users } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, orderCall, rollupsAndRecount } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';

/* POST /api/order/status and POST /api/order/delete. */

let t: TestApp;
let token: string;
let adminName: string;
let socket: Socket;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Olga Admin' });
  adminName = admin.name;
  token = (await createSessionToken(t.database.db, admin.id)).token;
  socket = await adminSocket(t, token);
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

const setStatus = async (payload: Record<string, unknown>, as = token) => {
  const res = await orderCall(t, as, API_PATHS.orderStatus, payload);
  return { status: res.statusCode, body: res.json() as OrderStatusResponse & { message: string } };
};

const stored = async (id: string) => {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row;
};

/** The order's whole status history, newest first (one page holds it here). */
const historyOf = async (id: string) => {
  const res = await t.app.inject({ method: 'GET', url: orderHistoryPath(id), headers: { token } });
  expect(res.statusCode).toBe(200);
  return (res.json() as OrderHistoryResponse).history;
};

const listed = async (id: string) => {
  const res = await orderCall(t, token, API_PATHS.orderList, { searchBy: 'orderId', search: id });
  return (res.json().orders as Order[])[0];
};

describe('POST /api/order/status', () => {
  it('accepts each of the twelve statuses, keeping a history the history call answers newest first', async () => {
    const order = await insertOrder(t.database.db, { status: 'Payment Pending' });
    for (const status of ORDER_STATUSES) {
      const { status: code, body } = await setStatus({ orderId: order.id, status });
      expect(code, status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.message).toBe(MESSAGES.orderStatusUpdated);
      expect(body.order.status).toBe(status);
      expect((await stored(order.id))?.status).toBe(status);
    }
    const history = await historyOf(order.id);
    expect(history.map((h) => h.status)).toEqual([...ORDER_STATUSES].reverse());
    expect(history.every((h) => h.by === adminName)).toBe(true);
    const times = history.map((h) => h.at);
    expect(times).toEqual([...times].sort().reverse());
    // The list carries the latest change only.
    expect((await listed(order.id))?.lastStatusChange).toEqual(history[0]);
    const rows = await t.database.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, order.id));
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.adminName))).toEqual(new Set([adminName]));
  });

  it('refuses a made-up status, an unknown field and a malformed id, changing nothing', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    for (const payload of [
      { orderId: order.id, status: 'Lost in Space' },
      { orderId: order.id, status: 'delivered' },
      { orderId: order.id, status: 'Shipped', note: 'x' },
      { orderId: 'not-an-id', status: 'Shipped' },
      { orderId: order.id },
    ]) {
      const { status, body } = await setStatus(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.success).toBe(false);
    }
    const bad = await setStatus({ orderId: order.id, status: 'Lost in Space' });
    expect(bad.body.message).toMatch(/^status: must be one of Payment Pending, /);
    expect((await stored(order.id))?.status).toBe('Packing');
  });

  it('answers 404 for an unknown order', async () => {
    const { status, body } = await setStatus({ orderId: '65a1b2c3d4e5f60718293a4b', status: 'Shipped' });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: MESSAGES.orderNotFound });
  });

  it('stores a trimmed tracking number with Shipped only', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    const packing = await setStatus({ orderId: order.id, status: 'Ready to Ship', trackingNumber: 'TRK-NOT-KEPT' });
    expect(packing.status).toBe(200);
    expect(packing.body.order.trackingNumber).toBeNull();
    expect((await stored(order.id))?.trackingNumber).toBeNull();

    const shipped = await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: '  TRK 123  ' });
    expect(shipped.body.order.trackingNumber).toBe('TRK 123');
    expect((await stored(order.id))?.trackingNumber).toBe('TRK 123');
    expect(shipped.body.order.lastStatusChange).toMatchObject({
      status: 'Shipped',
      trackingNumber: 'TRK 123',
      discountCode: null,
      by: adminName,
    });

    // A later status neither stores a new number nor clears the parcel's one.
    const out = await setStatus({ orderId: order.id, status: 'Out for delivery', trackingNumber: 'OTHER' });
    expect(out.body.order.trackingNumber).toBe('TRK 123');
    expect(out.body.order.lastStatusChange).toMatchObject({ status: 'Out for delivery', trackingNumber: null });
    expect((await stored(order.id))?.trackingNumber).toBe('TRK 123');
  });

  it('keeps the tracking number for Shipped without one, replaces it with a new one, clears it with null', async () => {
    const order = await insertOrder(t.database.db, { status: 'Shipped', trackingNumber: 'OLD-1' });
    expect((await setStatus({ orderId: order.id, status: 'Shipped' })).body.order.trackingNumber).toBe('OLD-1');
    expect(
      (await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: '   ' })).body.order.trackingNumber,
    ).toBe('OLD-1');
    expect(
      (await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: 'NEW-2' })).body.order.trackingNumber,
    ).toBe('NEW-2');
    expect(
      (await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: null })).body.order.trackingNumber,
    ).toBeNull();
    expect((await stored(order.id))?.trackingNumber).toBeNull();
  });

  it('stores a trimmed discount code with Delivered only', async () => {
    const order = await insertOrder(t.database.db, { status: 'Out for delivery' });
    const shipped = await setStatus({ orderId: order.id, status: 'Shipped', discountCode: 'THANKS10' });
    expect(shipped.body.order.discountCode).toBeNull();
    const delivered = await setStatus({
      orderId: order.id,
      status: 'Delivered',
      discountCode: ' THANKS10 ',
      trackingNumber: 'NOT-KEPT',
    });
    expect(delivered.body.order).toMatchObject({ status: 'Delivered', discountCode: 'THANKS10', trackingNumber: null });
    expect(delivered.body.order.lastStatusChange).toMatchObject({ discountCode: 'THANKS10', trackingNumber: null });
    const row = await stored(order.id);
    expect(row).toMatchObject({ status: 'Delivered', delivered: true, discountCode: 'THANKS10', trackingNumber: null });
  });

  it('refuses texts over their limits', async () => {
    const order = await insertOrder(t.database.db);
    const long = await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^trackingNumber: /);
  });

  it('keeps the admin name in the history after the admin is deleted', async () => {
    const other = await createUser(t.database.db, { role: 'admin', name: 'Temp Admin' });
    const otherToken = (await createSessionToken(t.database.db, other.id)).token;
    const order = await insertOrder(t.database.db);
    expect((await setStatus({ orderId: order.id, status: 'Packing' }, otherToken)).status).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, other.id));
    expect(await historyOf(order.id)).toEqual([expect.objectContaining({ status: 'Packing', by: 'Temp Admin' })]);
    expect((await listed(order.id))?.lastStatusChange).toMatchObject({ status: 'Packing', by: 'Temp Admin' });
  });

  it('tells the admins, and keeps the dashboard rollups exact', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing', amountCents: 4200 });
    const told = nextEvent<OrdersUpdatedEvent>(socket, EVENTS.ordersUpdated, (e) => e.id === order.id);
    await setStatus({ orderId: order.id, status: 'Delivered' });
    expect(await told).toEqual({ action: 'statusChanged', id: order.id });
    const { kept, counted } = await rollupsAndRecount(t.database.db);
    expect(kept).toEqual(counted);
  });
});

describe('POST /api/order/delete', () => {
  it('deletes the order and its history, and tells the admins', async () => {
    const order = await insertOrder(t.database.db);
    await setStatus({ orderId: order.id, status: 'Shipped', trackingNumber: 'T' });
    const told = nextEvent<OrdersUpdatedEvent>(socket, EVENTS.ordersUpdated, (e) => e.action === 'deleted');
    const res = await orderCall(t, token, API_PATHS.orderDelete, { orderId: order.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.orderDeleted });
    expect(await told).toEqual({ action: 'deleted', id: order.id });
    expect(await stored(order.id)).toBeUndefined();
    expect(await listed(order.id)).toBeUndefined();
    const history = await t.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id));
    expect(history).toEqual([]);
    const { kept, counted } = await rollupsAndRecount(t.database.db);
    expect(kept).toEqual(counted);
  });

  it('answers 404 for an unknown or already deleted order, 400 for a malformed id', async () => {
    const order = await insertOrder(t.database.db);
    expect((await orderCall(t, token, API_PATHS.orderDelete, { orderId: order.id })).statusCode).toBe(200);
    for (const orderId of [order.id, '65a1b2c3d4e5f60718293a4b']) {
      const res = await orderCall(t, token, API_PATHS.orderDelete, { orderId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.orderNotFound });
    }
    const bad = await orderCall(t, token, API_PATHS.orderDelete, { orderId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^orderId: /);
  });
});

describe('the order and dashboard calls', () => {
  it('refuse a missing token (401) and a customer token (403), changing nothing', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const customerToken = (await createSessionToken(t.database.db, customer.id)).token;
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    const calls = [
      { method: 'POST', url: API_PATHS.orderList, payload: {} },
      { method: 'POST', url: API_PATHS.orderStatus, payload: { orderId: order.id, status: 'Delivered' } },
      { method: 'POST', url: API_PATHS.orderDelete, payload: { orderId: order.id } },
      { method: 'GET', url: orderHistoryPath(order.id) },
      { method: 'GET', url: API_PATHS.dashboardSummary },
    ] as const;
    for (const call of calls) {
      const none = await t.app.inject({ ...call });
      expect(none.statusCode, `${call.url} without a token`).toBe(401);
      expect(none.json()).toEqual({ success: false, message: MESSAGES.notAuthenticated });
      const refused = await t.app.inject({ ...call, headers: { token: customerToken } });
      expect(refused.statusCode, `${call.url} with a customer token`).toBe(403);
      expect(refused.json().success).toBe(false);
    }
    expect((await stored(order.id))?.status).toBe('Packing');
  });
});
