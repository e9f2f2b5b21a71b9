import {
  API_PATHS,
  DASHBOARD_LIMITS,
  type DashboardSummaryResponse,
  DELIVERED_STATUS,
  type OrderStatus,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../src/db/schema';
import { chartMonths } from '../../src/modules/dashboard/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { insertOrder, orderCall } from '../helpers/orders';
import { createUser } from '../helpers/users';

/*
 * GET /api/dashboard/summary: every figure against the same figure computed by hand from the
 * rows, before and after a status change and a delete.
 */

let t: TestApp;
let token: string;

const now = new Date();
const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
const monthKey = (date: Date) => date.toISOString().slice(0, 7);
const windowStart = monthStart(DASHBOARD_LIMITS.chartMonths - 1);

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  const db = t.database.db;
  for (let i = 0; i < 3; i += 1) await createUser(db);

  // 52 out-of-stock products (more than the popup lists) and a few in stock.
  const base = Date.UTC(2026, 0, 1);
  await db.insert(products).values(
    Array.from({ length: 55 }, (_, i) => ({
      name: `Product ${i}`,
      priceCents: 1000,
      outOfStock: i % 11 !== 0,
      mainCategory: `Main ${i % 3}`,
      subCategory: `Sub ${i % 4}`,
      images: i === 54 ? [] : [`${String(i).padStart(32, 'a')}.webp`, 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp'],
      createdAt: new Date(base + i * 60_000),
    })),
  );

  // Orders: delivered ones the newest, so that "undelivered first" differs from "newest first".
  const plan: { back: number; ms: number; status: OrderStatus; amountCents: number | null }[] = [
    { back: 0, ms: 5_000, status: 'Delivered', amountCents: 1999 },
    { back: 0, ms: 4_000, status: 'Delivered', amountCents: null },
    { back: 0, ms: 3_000, status: 'Delivered', amountCents: 1 },
    { back: 0, ms: 2_000, status: 'Delivered', amountCents: 50_000 },
    { back: 1, ms: 0, status: 'Shipped', amountCents: 333 },
    { back: 3, ms: 86_400_000, status: 'Cancelled', amountCents: null },
    { back: 3, ms: 0, status: 'Delivered', amountCents: 12_345 },
    { back: 11, ms: 0, status: 'Packing', amountCents: 700 },
    // Before the chart's first month: in the totals, not in the chart.
    { back: 11, ms: -1, status: 'Delivered', amountCents: 99_999 },
    { back: 30, ms: 0, status: 'Order Placed', amountCents: 100 },
  ];
  for (const [i, p] of plan.entries()) {
    await insertOrder(db, {
      status: p.status,
      amountCents: p.amountCents,
      createdAt: new Date(monthStart(p.back).getTime() + p.ms),
      firstName: `Buyer${i}`,
      lastName: 'Person',
      items: [
        { unitPriceCents: 1234, quantity: 2 },
        { unitPriceCents: 99, quantity: 1 },
      ],
    });
  }
});
afterAll(() => t.close());

async function summary() {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.dashboardSummary, headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.json() as DashboardSummaryResponse;
}

/** Every figure computed by hand from the rows as they are now. */
async function byHand(): Promise<Omit<DashboardSummaryResponse, 'success'>> {
  const db = t.database.db;
  const allOrders = await db.select().from(orders);
  const allProducts = await db.select().from(products);
  const userCount = (await db.select({ id: users.id }).from(users)).length;
  const orderCents = (o: (typeof allOrders)[number]) =>
    o.amountCents ?? o.items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const sumCents = (list: typeof allOrders) => list.reduce((sum, o) => sum + orderCents(o), 0);
  const out = allProducts
    .filter((p) => p.outOfStock)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const recent = [...allOrders]
    .sort(
      (a, b) =>
        Number(a.status === DELIVERED_STATUS) - Number(b.status === DELIVERED_STATUS) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        b.id.localeCompare(a.id),
    )
    .slice(0, DASHBOARD_LIMITS.recentOrders);
  const months = Array.from({ length: DASHBOARD_LIMITS.chartMonths }, (_, i) =>
    monthKey(monthStart(DASHBOARD_LIMITS.chartMonths - 1 - i)),
  );
  return {
    totals: {
      products: allProducts.length,
      orders: allOrders.length,
      users: userCount,
      revenue: sumCents(allOrders) / 100,
      outOfStock: out.length,
      pendingOrders: allOrders.filter((o) => o.status !== DELIVERED_STATUS).length,
    },
    outOfStockProducts: out.slice(0, DASHBOARD_LIMITS.outOfStockListed).map((p) => ({
      _id: p.id,
      name: p.name,
      image: p.images[0] ? `/uploads/${p.images[0].replace('.webp', '-thumb.webp')}` : null,
      mainCategory: p.mainCategory,
      subCategory: p.subCategory,
    })),
    recentOrders: recent.map((o) => ({
      _id: o.id,
      customer: `${o.firstName} ${o.lastName}`,
      amount: orderCents(o) / 100,
      status: o.status as OrderStatus,
      date: o.createdAt.toISOString(),
    })),
    monthly: months.map((month) => {
      const inMonth = allOrders.filter((o) => monthKey(o.createdAt) === month);
      return { month, orders: inMonth.length, revenue: sumCents(inMonth) / 100 };
    }),
  };
}

describe('GET /api/dashboard/summary', () => {
  it('answers every figure as computed by hand', async () => {
    const answer = await summary();
    expect(answer).toEqual({ success: true, ...(await byHand()) });
    expect(answer.totals).toEqual({
      products: 55,
      orders: 10,
      users: 4,
      // In cents: 1999 + 2567 (items) + 1 + 50000 + 333 + 2567 (items) + 12345 + 700 + 99999 + 100.
      revenue: 1706.11,
      outOfStock: 50,
      pendingOrders: 4,
    });
  });

  it('charts the last 12 UTC months oldest first with zeros for empty months', async () => {
    const { monthly } = await summary();
    expect(monthly.map((m) => m.month)).toEqual(chartMonths(now).keys);
    expect(monthly[0]).toEqual({ month: monthKey(windowStart), orders: 1, revenue: 7 });
    expect(monthly[DASHBOARD_LIMITS.chartMonths - 2]).toEqual({
      month: monthKey(monthStart(1)),
      orders: 1,
      revenue: 3.33,
    });
    expect(monthly.at(-1)).toEqual({ month: monthKey(now), orders: 4, revenue: 19.99 + 25.67 + 0.01 + 500 });
    expect(monthly[1]).toEqual({ month: monthKey(monthStart(10)), orders: 0, revenue: 0 });
    // Orders in the current month and 1, 3 and 11 months back.
    expect(monthly.filter((m) => m.orders === 0)).toHaveLength(8);
  });

  it('lists recent orders undelivered first, then newest', async () => {
    const { recentOrders } = await summary();
    expect(recentOrders.map((o) => [o.customer, o.status])).toEqual([
      ['Buyer4 Person', 'Shipped'],
      ['Buyer5 Person', 'Cancelled'],
      ['Buyer7 Person', 'Packing'],
      ['Buyer9 Person', 'Order Placed'],
      ['Buyer0 Person', 'Delivered'],
    ]);
  });

  it('lists the newest out-of-stock products with thumbnail and categories', async () => {
    const { outOfStockProducts, totals } = await summary();
    expect(outOfStockProducts).toHaveLength(DASHBOARD_LIMITS.outOfStockListed);
    expect(totals.outOfStock).toBe(50);
    // Product 54 is the newest and has no image.
    expect(outOfStockProducts[0]).toMatchObject({ name: 'Product 54', image: null });
    expect(outOfStockProducts[1]).toMatchObject({
      name: 'Product 53',
      image: `/uploads/${'53'.padStart(32, 'a')}-thumb.webp`,
      mainCategory: 'Main 2',
      subCategory: 'Sub 1',
    });
    expect(outOfStockProducts.some((p) => p.name === 'Product 0' || p.name === 'Product 11')).toBe(false);
  });

  it('follows a status change, a delete and a product back in stock', async () => {
    const { recentOrders } = await summary();
    const shipped = recentOrders[0]?._id as string;
    const packing = recentOrders[2]?._id as string;
    const changed = await orderCall(t, token, API_PATHS.orderStatus, { orderId: shipped, status: 'Delivered' });
    expect(changed.statusCode).toBe(200);
    let answer = await summary();
    expect(answer).toEqual({ success: true, ...(await byHand()) });
    expect(answer.totals.pendingOrders).toBe(3);
    expect(answer.recentOrders.map((o) => o.status)).toEqual([
      'Cancelled',
      'Packing',
      'Order Placed',
      'Delivered',
      'Delivered',
    ]);

    const deleted = await orderCall(t, token, API_PATHS.orderDelete, { orderId: packing });
    expect(deleted.statusCode).toBe(200);
    answer = await summary();
    expect(answer).toEqual({ success: true, ...(await byHand()) });
    expect(answer.totals).toMatchObject({ orders: 9, pendingOrders: 2 });
    expect(answer.monthly[0]).toEqual({ month: monthKey(windowStart), orders: 0, revenue: 0 });

    await t.database.db.update(products).set({ outOfStock: false });
    answer = await summary();
    expect(answer).toEqual({ success: true, ...(await byHand()) });
    expect(answer.totals.outOfStock).toBe(0);
    expect(answer.outOfStockProducts).toEqual([]);
  });
});

describe('chartMonths', () => {
  it('spans the year boundary, oldest first, the current month last', () => {
    const months = chartMonths(new Date('2026-01-31T23:59:59.999Z'));
    expect(months.keys).toEqual([
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(months.from.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(months.to.toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });
});
