import { API_PATHS, addressKey, userPath } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder } from '../helpers/orders';
import { adminToken, createUser } from '../helpers/users';

/*
 * A user's details, orders and addresses: GET /api/user/{id}/summary, /orders and /addresses.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe('GET /api/user/{id}/summary', () => {
  it('answers the account, order figures and the 3 most ordered products', async () => {
    const user = await createUser(t.database.db, { name: 'Summary Person' });
    await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(1),
      status: 'Delivered',
      items: [
        { productId: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Old name', quantity: 2, unitPriceCents: 500 },
        { name: 'No id thing', quantity: 1, unitPriceCents: 100 },
      ],
    });
    await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(3),
      amountCents: 4000,
      items: [
        {
          productId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          name: 'Robot',
          quantity: 3,
          unitPriceCents: 500,
          image: 'http://x/r.png',
        },
        { productId: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Cube', quantity: 4, unitPriceCents: 100 },
        { productId: 'cccccccccccccccccccccccc', name: 'Lamp', quantity: 1, unitPriceCents: 100 },
      ],
    });
    const res = await get(userPath(API_PATHS.userSummary, user.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      _id: user.id,
      name: 'Summary Person',
      email: user.email,
      role: 'user',
      isActive: true,
    });
    expect(body.stats).toEqual({
      orders: 2,
      delivered: 1,
      totalSpent: 51,
      averageOrder: 25.5,
      lastOrderAt: day(3).toISOString(),
    });
    expect(body.topProducts).toEqual([
      { productId: 'aaaaaaaaaaaaaaaaaaaaaaaa', name: 'Robot', image: 'http://x/r.png', quantity: 5 },
      { productId: 'bbbbbbbbbbbbbbbbbbbbbbbb', name: 'Cube', image: null, quantity: 4 },
      // Ties by name: 'Lamp' before 'No id thing'.
      { productId: 'cccccccccccccccccccccccc', name: 'Lamp', image: null, quantity: 1 },
    ]);
  });

  it('answers zeros and no products for a user without orders', async () => {
    const user = await createUser(t.database.db);
    const body = (await get(userPath(API_PATHS.userSummary, user.id))).json();
    expect(body.stats).toEqual({ orders: 0, delivered: 0, totalSpent: 0, averageOrder: 0, lastOrderAt: null });
    expect(body.topProducts).toEqual([]);
  });
});

describe('GET /api/user/{id}/orders', () => {
  it('lists undelivered first then newest, with count and total spent, paged', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const delivered = await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(9),
      status: 'Delivered',
      amountCents: 1000,
    });
    const oldest = await insertOrder(t.database.db, { userId: user.id, createdAt: day(1), amountCents: 250 });
    const newest = await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(5),
      status: 'Shipped',
      amountCents: 1234,
    });
    await insertOrder(t.database.db, { userId: other.id, amountCents: 99_999 });
    const res = await get(userPath(API_PATHS.userOrders, user.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([newest.id, oldest.id, delivered.id]);
    expect(body).toMatchObject({ total: 3, totalSpent: 24.84, page: 1, pageSize: 10 });
    expect(body.orders[0]).toMatchObject({
      _id: newest.id,
      userId: user.id,
      amount: 12.34,
      status: 'Shipped',
      lastStatusChange: null,
    });
    expect(body.orders[0].address).toMatchObject({ street: '1 Main Street', city: 'Springfield' });

    const page2 = (await get(userPath(API_PATHS.userOrders, user.id, { page: 2, pageSize: 2 }))).json();
    expect(page2.orders.map((o: { _id: string }) => o._id)).toEqual([delivered.id]);
    expect(page2).toMatchObject({ total: 3, totalSpent: 24.84, page: 2, pageSize: 2 });
  });

  it('searches the order id, an item name, the status or the amount', async () => {
    const user = await createUser(t.database.db);
    const a = await insertOrder(t.database.db, {
      userId: user.id,
      amountCents: 4550,
      items: [{ name: 'Golden Robot' }],
    });
    const b = await insertOrder(t.database.db, {
      userId: user.id,
      status: 'Cancelled',
      amountCents: 1999,
      items: [{ name: 'Cube' }],
    });
    const search = async (q: string) =>
      (await get(userPath(API_PATHS.userOrders, user.id, { q }))).json() as {
        orders: { _id: string }[];
        total: number;
        totalSpent: number;
      };
    expect((await search('golden')).orders.map((o) => o._id)).toEqual([a.id]);
    expect((await search('CANCEL')).orders.map((o) => o._id)).toEqual([b.id]);
    expect((await search('45.5')).orders.map((o) => o._id)).toEqual([a.id]);
    expect((await search('$19.99')).orders.map((o) => o._id)).toEqual([b.id]);
    expect((await search(b.id.slice(-10))).orders.map((o) => o._id)).toEqual([b.id]);
    const none = await search('nothing-like-this');
    expect(none).toMatchObject({ orders: [], total: 0, totalSpent: 0 });
    expect((await search('%')).total).toBe(0);
  });

  it('serves a customer with thousands of orders a page at a time', async () => {
    const user = await createUser(t.database.db);
    await t.database.db.insert(orders).values(
      Array.from({ length: 2500 }, (_, i) => ({
        userId: user.id,
        amountCents: 100,
        createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        items: [{ productId: null, name: `Bulk ${i}`, image: null, quantity: 1, unitPriceCents: 100, color: null }],
      })),
    );
    const body = (await get(userPath(API_PATHS.userOrders, user.id, { page: 120, pageSize: 20 }))).json();
    expect(body).toMatchObject({ total: 2500, totalSpent: 2500, page: 120 });
    expect(body.orders).toHaveLength(20);
    const deep = (await get(userPath(API_PATHS.userOrders, user.id, { q: 'bulk 2499' }))).json();
    expect(deep.total).toBe(1);
  });

  it('refuses bad parameters naming them', async () => {
    const user = await createUser(t.database.db);
    for (const [query, message] of [
      ['page=0', 'page: must be at least 1'],
      ['pageSize=101', 'pageSize: must be at most 100'],
      ['sort=1', 'sort: is not allowed'],
    ]) {
      const res = await get(`${userPath(API_PATHS.userOrders, user.id)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /api/user/{id}/addresses', () => {
  it('groups the orders by address, newest first, with last use and count', async () => {
    const user = await createUser(t.database.db);
    await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(1),
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.example',
      phone: '1',
    });
    await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(4),
      firstName: 'ANN ',
      lastName: 'lee',
      email: 'Ann@x.example',
      phone: '1',
    });
    await insertOrder(t.database.db, {
      userId: user.id,
      createdAt: day(2),
      firstName: 'Bob',
      lastName: 'Lee',
      email: 'bob@x.example',
      phone: '2',
    });
    const res = await get(userPath(API_PATHS.userAddresses, user.id));
    expect(res.statusCode).toBe(200);
    const { addresses } = res.json();
    expect(addresses).toHaveLength(2);
    expect(addresses[0]).toMatchObject({
      lastUsed: day(4).toISOString(),
      orders: 2,
      address: { firstName: 'ANN ', lastName: 'lee' },
    });
    expect(addresses[0].key).toBe(addressKey(addresses[0].address));
    expect(addresses[1]).toMatchObject({ lastUsed: day(2).toISOString(), orders: 1, address: { firstName: 'Bob' } });
  });

  it('answers none for a user without orders', async () => {
    const user = await createUser(t.database.db);
    expect((await get(userPath(API_PATHS.userAddresses, user.id))).json()).toEqual({ success: true, addresses: [] });
  });
});
