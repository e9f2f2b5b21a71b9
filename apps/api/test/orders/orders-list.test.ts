import {
  API_PATHS,
  ORDER_INITIAL_PAGE_SIZE,
  ORDER_LIMITS,
  ORDER_STATUSES,
  type Order,
  type OrderDeliveryFilter,
  type OrderListResponse,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOrdersQuery,
  type ListedOrderRow,
  listAllOrders,
  listOrderPage,
  listPageQuery,
} from '../../src/modules/orders/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { insertOrder, orderCall } from '../helpers/orders';

/*
 * POST /api/order/list against the same selection done by hand over every order: each search
 * field, the delivery filter, the date range and paging.
 */

let t: TestApp;
let token: string;
let all: Order[];

const IMAGE_NAME = '0123456789abcdef0123456789abcdef.webp';
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  const db = t.database.db;
  const people = [
    { firstName: 'Ana', lastName: 'McDonald', email: 'Ana.McD@Example.COM', phone: '+1 (555) 010-2030' },
    { firstName: 'anabel', lastName: 'Smith', email: 'anabel@shop.test', phone: '555 0200 EXT 7' },
    { firstName: 'Bob', lastName: 'Anders', email: 'bob@ANDERS.io', phone: '0044 20 7946 0018' },
    { firstName: 'Chloé', lastName: 'Ng', email: 'chloe.ng@mail.test', phone: '555-0199' },
  ];
  for (let i = 0; i < 40; i += 1) {
    await insertOrder(db, {
      ...(people[i % people.length] as (typeof people)[number]),
      status: ORDER_STATUSES[i % ORDER_STATUSES.length],
      createdAt: new Date(Date.UTC(2026, 2, 1) + i * 13 * 3_600_000),
      amountCents: i % 3 === 0 ? null : 1000 + i * 7,
      items: [{ unitPriceCents: 250 + i, quantity: 1 + (i % 3) }],
    });
  }
  // LIKE's wildcards and its escape character, which the search takes literally.
  await insertOrder(db, {
    firstName: '100%',
    lastName: 'Cotton_Shirt',
    email: 'per%cent_under@x.test',
    phone: '555\\9',
    createdAt: at('2026-02-10T12:00:00Z'),
  });
  await insertOrder(db, {
    firstName: '1000',
    lastName: 'CottonXShirt',
    email: 'perXcentYunder@x.test',
    phone: '55509',
    createdAt: at('2026-02-10T12:00:00Z'),
  });
  // Date range bounds: 2026-01-10 to 2026-01-12 inclusive.
  for (const iso of [
    '2026-01-09T23:59:59.999Z',
    '2026-01-10T00:00:00.000Z',
    '2026-01-11T12:00:00.000Z',
    '2026-01-12T23:59:59.999Z',
    '2026-01-13T00:00:00.000Z',
  ]) {
    await insertOrder(db, { createdAt: at(iso), status: iso.includes('11T') ? 'Delivered' : 'Packing' });
  }
  // Item images: a base name in the image storage, a URL, a list, none.
  await insertOrder(db, {
    createdAt: at('2025-12-01T00:00:00Z'),
    firstName: 'Imagery',
    items: [
      { image: IMAGE_NAME, name: 'stored', unitPriceCents: 1999, quantity: 3, color: 'red|XL' },
      { image: 'https://cdn.example/a.png', name: 'url' },
      { image: ['https://cdn.example/first.png', 'https://cdn.example/second.png'] as unknown as string, name: 'list' },
      { image: null, name: 'none' },
    ],
  });
  const res = await orderCall(t, token, API_PATHS.orderList);
  all = (res.json() as OrderListResponse).orders;
});
afterAll(() => t.close());

interface Query {
  searchBy?: 'orderId' | 'userName' | 'email' | 'phone' | 'dateRange';
  search?: string;
  startDate?: string;
  endDate?: string;
  delivery?: OrderDeliveryFilter;
  page?: number;
  pageSize?: number;
}

const list = async (query: Query | Record<string, unknown>) => {
  const res = await orderCall(t, token, API_PATHS.orderList, query);
  return { status: res.statusCode, body: res.json() as OrderListResponse & { message?: string } };
};

/** The text a search field matches, from an order as the API answers it. */
const searched = {
  orderId: (o: Order) => o._id,
  userName: (o: Order) => `${o.address.firstName} ${o.address.lastName}`,
  email: (o: Order) => o.address.email,
  phone: (o: Order) => o.address.phone,
};

/** The same query done by hand over every order. */
function byHand(query: Query) {
  const needle = query.search?.trim().toLowerCase();
  const from = query.startDate ? Date.parse(`${query.startDate}T00:00:00Z`) : undefined;
  const to = query.endDate ? Date.parse(`${query.endDate}T00:00:00Z`) + 86_400_000 : undefined;
  const matches = all.filter((o) => {
    const by = query.searchBy;
    if (by && by !== 'dateRange' && needle && !searched[by](o).toLowerCase().includes(needle)) return false;
    if (by === 'dateRange' && from !== undefined && to !== undefined) {
      const time = Date.parse(o.date);
      if (time < from || time >= to) return false;
    }
    if (query.delivery === 'delivered' && o.status !== 'Delivered') return false;
    if (query.delivery === 'notDelivered' && o.status === 'Delivered') return false;
    return true;
  });
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ORDER_INITIAL_PAGE_SIZE;
  return { total: matches.length, ids: matches.slice((page - 1) * pageSize, page * pageSize).map((o) => o._id) };
}

async function expectSameAsByHand(query: Query) {
  const { status, body } = await list(query);
  expect(status, JSON.stringify(body)).toBe(200);
  const expected = byHand(query);
  expect({ total: body.total, ids: body.orders.map((o) => o._id) }, JSON.stringify(query)).toEqual(expected);
  // Each order found answered whole, as the list of every order answers it (its rows mapped apart).
  const listedWhole = new Map(all.map((o) => [o._id, o]));
  expect(body.orders, JSON.stringify(query)).toEqual(body.orders.map((o) => listedWhole.get(o._id)));
  expect(body.page).toBe(query.page ?? 1);
  expect(body.pageSize).toBe(query.pageSize ?? ORDER_INITIAL_PAGE_SIZE);
  return { body, expected };
}

describe('POST /api/order/list with an empty body', () => {
  it('answers every order, newest first, as the spec calls it', async () => {
    expect(all).toHaveLength(48);
    const order = [...all].sort((a, b) => b.date.localeCompare(a.date) || b._id.localeCompare(a._id));
    expect(all.map((o) => o._id)).toEqual(order.map((o) => o._id));
    const res = await orderCall(t, token, API_PATHS.orderList);
    expect(res.json()).toMatchObject({ success: true, total: 48, page: 1, pageSize: 48 });
  });

  it('answers the same for {} and for an empty JSON body', async () => {
    const ids = all.map((o) => o._id);
    const braces = await orderCall(t, token, API_PATHS.orderList, {});
    expect(braces.json().orders.map((o: Order) => o._id)).toEqual(ids);
    const empty = await t.app.inject({
      method: 'POST',
      url: API_PATHS.orderList,
      headers: { token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().orders.map((o: Order) => o._id)).toEqual(ids);
  });

  it('answers amounts in dollars from cents, totals and items, image URLs', async () => {
    const imagery = all.find((o) => o.address.firstName === 'Imagery') as Order;
    expect(imagery.items).toEqual([
      {
        productId: null,
        name: 'stored',
        image: `/uploads/${IMAGE_NAME}`,
        quantity: 3,
        unitPrice: 19.99,
        color: 'red|XL',
      },
      { productId: null, name: 'url', image: 'https://cdn.example/a.png', quantity: 1, unitPrice: 10, color: null },
      {
        productId: null,
        name: 'list',
        image: 'https://cdn.example/first.png',
        quantity: 1,
        unitPrice: 10,
        color: null,
      },
      { productId: null, name: 'none', image: null, quantity: 1, unitPrice: 10, color: null },
    ]);
    // No stored amount: the items' total, added up in cents.
    expect(imagery.amount).toBe(89.97);
    expect(imagery.itemCount).toBe(6);
    expect(imagery.lastStatusChange).toBeNull();
    const withAmount = all.find((o) => o.address.email === 'anabel@shop.test' && o.items[0]?.unitPrice === 2.51);
    expect(withAmount?.amount).toBe(10.07);
    expect(withAmount?.address).toEqual({
      firstName: 'anabel',
      lastName: 'Smith',
      email: 'anabel@shop.test',
      phone: '555 0200 EXT 7',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      country: 'US',
    });
  });
});

describe('POST /api/order/list searching', () => {
  it('matches each field as a case-insensitive substring', async () => {
    const someId = all[7]?._id as string;
    const cases: Query[] = [
      { searchBy: 'orderId', search: someId },
      { searchBy: 'orderId', search: someId.slice(6, 14).toUpperCase() },
      { searchBy: 'orderId', search: all[0]?._id.slice(-4) as string },
      { searchBy: 'userName', search: 'ana' },
      { searchBy: 'userName', search: 'ANA MCD' },
      { searchBy: 'userName', search: 'n' },
      { searchBy: 'userName', search: 'Chloé' },
      { searchBy: 'userName', search: 'nobody at all' },
      { searchBy: 'email', search: 'EXAMPLE.com' },
      { searchBy: 'email', search: 'anders' },
      { searchBy: 'email', search: '@' },
      { searchBy: 'phone', search: '555' },
      { searchBy: 'phone', search: 'ext' },
      { searchBy: 'phone', search: '(555) 010' },
    ];
    for (const query of cases) {
      const { expected } = await expectSameAsByHand({ ...query, pageSize: ORDER_LIMITS.maxPageSize });
      if (query.search !== 'nobody at all') expect(expected.total, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });

  it('trims the search text', async () => {
    const { body } = await expectSameAsByHand({ searchBy: 'userName', search: '  bob  ', pageSize: 50 });
    expect(body.total).toBe(10);
  });

  it('takes %, _ and \\ literally', async () => {
    for (const [searchBy, search, expected] of [
      ['userName', '100%', '100%'],
      ['userName', 'n_s', '100%'],
      ['email', 'per%cent_', '100%'],
      ['phone', '555\\9', '100%'],
      ['userName', '%', '100%'],
      ['email', '_', '100%'],
    ] as const) {
      const { body } = await list({ searchBy, search });
      expect(
        body.orders.map((o) => o.address.firstName),
        `${searchBy} ${search}`,
      ).toEqual([expected]);
      expect(body.total).toBe(1);
    }
  });

  it('applies no search for an empty text or a search field without text', async () => {
    await expectSameAsByHand({ searchBy: 'email', search: '' });
    await expectSameAsByHand({ searchBy: 'phone', search: '   ' });
    const { body } = await expectSameAsByHand({ searchBy: 'userName' });
    expect(body.total).toBe(48);
  });

  it('combines a search with the delivery filter', async () => {
    for (const delivery of ['all', 'delivered', 'notDelivered'] as const) {
      await expectSameAsByHand({ searchBy: 'email', search: 'ana', delivery, pageSize: 50 });
    }
  });
});

describe('POST /api/order/list filtering', () => {
  it('filters by delivery, counting from the rollups', async () => {
    for (const delivery of ['all', 'delivered', 'notDelivered'] as const) {
      for (const page of [1, 2]) await expectSameAsByHand({ delivery, page, pageSize: 3 });
    }
    const delivered = (await list({ delivery: 'delivered', pageSize: 50 })).body;
    expect(delivered.orders.every((o) => o.status === 'Delivered')).toBe(true);
    expect(delivered.total).toBe(4);
    expect((await list({ delivery: 'notDelivered' })).body.total).toBe(44);
  });

  it('includes both days of a date range, to the millisecond', async () => {
    const { body } = await expectSameAsByHand({
      searchBy: 'dateRange',
      startDate: '2026-01-10',
      endDate: '2026-01-12',
      pageSize: 50,
    });
    expect(body.orders.map((o) => o.date)).toEqual([
      '2026-01-12T23:59:59.999Z',
      '2026-01-11T12:00:00.000Z',
      '2026-01-10T00:00:00.000Z',
    ]);
    const oneDay = await expectSameAsByHand({ searchBy: 'dateRange', startDate: '2026-01-13', endDate: '2026-01-13' });
    expect(oneDay.body.orders.map((o) => o.date)).toEqual(['2026-01-13T00:00:00.000Z']);
    const before = await expectSameAsByHand({ searchBy: 'dateRange', startDate: '2026-01-01', endDate: '2026-01-09' });
    expect(before.body.orders.map((o) => o.date)).toEqual(['2026-01-09T23:59:59.999Z']);
  });

  it('combines a date range with the delivery filter and ignores the text search', async () => {
    const range = { searchBy: 'dateRange', startDate: '2026-01-10', endDate: '2026-01-12' } as const;
    const delivered = await expectSameAsByHand({ ...range, delivery: 'delivered' });
    expect(delivered.body.orders.map((o) => o.date)).toEqual(['2026-01-11T12:00:00.000Z']);
    await expectSameAsByHand({ ...range, delivery: 'notDelivered' });
    const withText = await list({ ...range, search: 'no such text' });
    expect(withText.body.total).toBe(3);
    await expectSameAsByHand({ searchBy: 'dateRange', startDate: '2026-03-05', endDate: '2026-03-20', pageSize: 7 });
  });

  it('ignores dates unless the search is by date range', async () => {
    const { body } = await list({
      searchBy: 'userName',
      search: 'bob',
      startDate: '2026-01-10',
      endDate: '2026-01-12',
    });
    expect(body.total).toBe(10);
  });

  it('refuses a date range without both dates, or ending before it starts', async () => {
    const noEnd = await list({ searchBy: 'dateRange', startDate: '2026-01-10' });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body).toEqual({ success: false, message: 'endDate: is required for a date range' });
    const noStart = await list({ searchBy: 'dateRange', endDate: '2026-01-10' });
    expect(noStart.status).toBe(400);
    expect(noStart.body.message).toMatch(/^startDate: /);
    const backwards = await list({ searchBy: 'dateRange', startDate: '2026-01-12', endDate: '2026-01-11' });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ success: false, message: 'endDate: must not be before startDate' });
    for (const endDate of ['2026-02-30', '12/01/2026', '2026-1-1']) {
      const bad = await list({ searchBy: 'dateRange', startDate: '2026-01-01', endDate });
      expect(bad.status, endDate).toBe(400);
      expect(bad.body.message).toMatch(/^endDate: /);
    }
  });

  it('refuses unknown fields and values', async () => {
    for (const body of [
      { searchBy: 'address', search: 'x' },
      { delivery: 'shipped' },
      { page: 0 },
      { page: 1.5 },
      { pageSize: ORDER_LIMITS.maxPageSize + 1 },
      { sort: 'oldest' },
    ]) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('POST /api/order/list paging', () => {
  it('pages 5 at a time by default', async () => {
    const { body } = await expectSameAsByHand({ delivery: 'all' });
    expect(body.orders).toHaveLength(5);
    expect(body.total).toBe(48);
  });

  it('answers a last partial page and an empty page past the end with the true total', async () => {
    const last = await expectSameAsByHand({ page: 5, pageSize: 10 });
    expect(last.body.orders).toHaveLength(8);
    const past = await expectSameAsByHand({ page: 6, pageSize: 10 });
    expect(past.body.orders).toEqual([]);
    expect(past.body.total).toBe(48);
    const searchPast = await expectSameAsByHand({ searchBy: 'userName', search: 'bob', page: 3, pageSize: 5 });
    expect(searchPast.body).toMatchObject({ orders: [], total: 10 });
    const rangePast = await expectSameAsByHand({
      searchBy: 'dateRange',
      startDate: '2026-01-10',
      endDate: '2026-01-12',
      page: 2,
    });
    expect(rangePast.body).toMatchObject({ orders: [], total: 3 });
  });

  it('walks every page once, newest first', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      seen.push(...(await expectSameAsByHand({ page, pageSize: 15 })).body.orders.map((o) => o._id));
    }
    expect(seen).toEqual(all.map((o) => o._id));
  });
});

describe('the rows as the app maps them', () => {
  it("are Drizzle's own: every order, with a latest change and without, and a search's page", async () => {
    const changed = all[3] as Order;
    const status = ORDER_STATUSES.find((s) => s !== changed.status);
    expect((await orderCall(t, token, API_PATHS.orderStatus, { orderId: changed._id, status })).statusCode).toBe(200);
    const db = t.database.db;
    const drizzles = (await allOrdersQuery(db)) as ListedOrderRow[];
    expect(drizzles.filter((row) => row.lastChange !== null)).toHaveLength(1);
    expect(await listAllOrders(db)).toStrictEqual(drizzles);
    const search = { search: { by: 'userName', text: 'an' }, delivery: 'all' } as const;
    const page = { limit: 20, offset: 0 };
    const found = await listOrderPage(db, search, page);
    expect(found.rows.length).toBeGreaterThan(1);
    expect(found.rows).toStrictEqual(await listPageQuery(db, search, page));
  });
});
