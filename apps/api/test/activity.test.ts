import { ACTIVITY_PATHS, API_PATHS } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { insertOrder } from './helpers/orders';
import { createSessionToken, createUser } from './helpers/users';

let t: TestApp;
let token: string;
let admin: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.database.db, { role: 'admin', name: 'Grace Hopper' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { token }, ...(payload !== undefined && { payload: payload as object }) });

async function entriesOf(kind: string, id: string) {
  const res = await call('GET', ACTIVITY_PATHS.record.replace(':kind', kind).replace(':id', id));
  expect(res.statusCode).toBe(200);
  return res.json().entries as {
    action: string;
    changes: Record<string, { from: unknown; to: unknown }>;
    actor: unknown;
  }[];
}

describe('the activity log', () => {
  it('records an order status change with the old and new status', async () => {
    const order = await insertOrder(t.database.db, { status: 'Order Placed' });
    const res = await call('POST', API_PATHS.orderStatus, { orderId: order.id, status: 'In Production' });
    expect(res.statusCode).toBe(200);
    const entries = await entriesOf('order', order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.action).toBe('statusChanged');
    expect(entries[0]?.changes.status).toEqual({ from: 'Order Placed', to: 'In Production' });
    expect(entries[0]?.actor).toEqual({ _id: admin.id, name: 'Grace Hopper', email: admin.email });
  });
});
