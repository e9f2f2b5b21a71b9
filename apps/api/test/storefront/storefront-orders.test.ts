import {
  BUNDLE_PURCHASE_MESSAGES,
  CUSTOMER_PATHS,
  type CustomerOrder,
  type CustomerOrderListResponse,
  type DiscountsUpdatedEvent,
  EVENTS,
  newObjectId,
  type OrdersUpdatedEvent,
  REDEMPTION_MESSAGES,
  STOREFRONT_MESSAGES,
} from '@backroom/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bundles,
  discountCodes,
  discountRedemptions,
  orderStatusChanges,
  orders,
  userOrderStats,
} from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { rollupsAndRecount } from '../helpers/orders';
import {
  createCustomer,
  insertBundle,
  insertDiscountCode,
  insertStoreProduct,
  setHidden,
  storefrontAddress,
} from '../helpers/storefront';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * POST /api/customer/orders and GET /api/customer/orders (docs/decisions/031-storefront-orders.md):
 * prices from the database only, refusals that place nothing, a code never used past its maximum
 * under concurrent orders, a bundle's count raised in the order's transaction, admins told at once.
 */

let t: TestApp;
let me: { id: string; token: string };
let adminSock: Socket;

const customer = () => createCustomer(t.database.db);
const product = (values: Parameters<typeof insertStoreProduct>[1] = {}) => insertStoreProduct(t.database.db, values);
const discount = (values: Parameters<typeof insertDiscountCode>[1]) => insertDiscountCode(t.database.db, values);
const bundle = (values: Parameters<typeof insertBundle>[1], productIds: string[]) =>
  insertBundle(t.database.db, values, productIds);

const purchaseCount = async (id: string) =>
  (await t.database.db.select({ n: bundles.purchaseCount }).from(bundles).where(eq(bundles.id, id)))[0]?.n;
const usageCount = async (code: string) =>
  (
    await t.database.db.select({ n: discountCodes.usageCount }).from(discountCodes).where(eq(discountCodes.code, code))
  )[0]?.n;
const orderCount = async (userId?: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(userId ? eq(orders.userId, userId) : undefined)
  )[0]?.n ?? 0;

const address = storefrontAddress;

const order = (body: Record<string, unknown>, token = me.token) =>
  t.app.inject({
    method: 'POST',
    url: CUSTOMER_PATHS.orders,
    headers: { token },
    payload: { address, paymentMethod: 'COD', ...body },
  });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  me = await customer();
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminSock = await adminSocket(t, (await createSessionToken(t.database.db, admin.id)).token);
});
afterAll(async () => {
  adminSock?.disconnect();
  await t.close();
});
afterEach(() => setHidden(t.database.db, []));

describe('POST /api/customer/orders', () => {
  it('prices every line from the database (a price or amount in the body is ignored), the discount applied', async () => {
    const a = await product({ name: 'Hero', priceCents: 1999, discount: 10 });
    const b = await product({
      name: 'Cape',
      priceCents: 500,
      colorVariants: [{ color: 'Red', image: null, stock: 0, outOfStock: false }],
      clothingSizes: ['M'],
    });
    const res = await order({
      items: [
        { productId: a.id, quantity: 2, price: 0.01, unitPrice: 0.01 },
        { productId: b.id, quantity: 1, color: 'red', size: 'm', price: 0 },
      ],
      amount: 0.01,
      total: 0.01,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as CustomerOrder;
    expect(res.json().message).toBe(STOREFRONT_MESSAGES.orderPlaced);
    // 19.99 less 10% is 17.99 (rounded to the cent), twice; 5.00 once.
    expect(placed.items).toEqual([
      expect.objectContaining({ productId: a.id, name: 'Hero', quantity: 2, unitPrice: 17.99, color: null }),
      expect.objectContaining({ productId: b.id, name: 'Cape', quantity: 1, unitPrice: 5, color: 'Red|M' }),
    ]);
    expect(placed.items[0]?.image).toMatch(/^\/uploads\//);
    expect(placed).toMatchObject({
      amount: 40.98,
      itemsTotal: 40.98,
      itemCount: 3,
      status: 'Order Placed',
      payment: false,
      paymentMethod: 'COD',
      address,
      redeemedDiscount: null,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row).toMatchObject({ userId: me.id, amountCents: 4098, totalCents: 4098, status: 'Order Placed' });
    // Its first history line is the storefront's, no admin.
    const history = await t.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, placed._id));
    expect(history).toEqual([expect.objectContaining({ status: 'Order Placed', adminId: null, adminName: null })]);
  });

  it('gives an order paid online the status Payment Pending', async () => {
    const a = await product();
    const res = await order({ items: [{ productId: a.id, quantity: 1 }], paymentMethod: 'Stripe' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({ status: 'Payment Pending', paymentMethod: 'Stripe', payment: false });
  });

  it('refuses a product of a hidden category or with a hidden tag, and an unknown one, naming the line; nothing placed', async () => {
    const ok = await product();
    const secret = await product({ mainCategory: 'Secret' });
    const vaulted = await product({ vaulted: true });
    await setHidden(t.database.db, ['Secret'], ['vaulted']);
    const before = await orderCount();
    for (const id of [secret.id, vaulted.id, newObjectId()]) {
      const res = await order({
        items: [
          { productId: ok.id, quantity: 1 },
          { productId: id, quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'items.1.productId: this product is not available' });
    }
    expect(await orderCount()).toBe(before);
  });

  it('refuses an out-of-stock product, a sold-out colour, a colour or size not offered, and no colour for a product sold in colours, by name', async () => {
    const gone = await product({ name: 'Gone Figure', outOfStock: true });
    const soldOut = await product({
      name: 'Sold Out Colours',
      colorVariants: [{ color: 'Gold', image: null, stock: 0, outOfStock: true }],
    });
    const soon = await product({ name: 'Soon Figure', comingSoon: true });
    const coloured = await product({
      name: 'Coloured',
      colorVariants: [
        { color: 'Blue', image: null, stock: 0, outOfStock: true },
        { color: 'Green', image: null, stock: 0, outOfStock: false },
      ],
      canvasSizes: ['A4'],
    });
    const before = await orderCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ productId: gone.id, quantity: 1 }, 409, 'items.0: "Gone Figure" is out of stock'],
      [{ productId: soon.id, quantity: 1 }, 409, 'items.0: "Soon Figure" is not on sale yet'],
      [
        { productId: coloured.id, quantity: 1, color: 'Blue' },
        409,
        'items.0.color: "Coloured" in Blue is out of stock',
      ],
      [{ productId: coloured.id, quantity: 1, color: 'Pink' }, 400, 'items.0.color: "Coloured" does not come in Pink'],
      [
        { productId: coloured.id, quantity: 1, color: 'Green', size: 'A1' },
        400,
        'items.0.size: "Coloured" does not come in size A1',
      ],
      // Sold in colours: a line must name one (only those in stock are offered).
      [{ productId: coloured.id, quantity: 1 }, 400, 'items.0.color: "Coloured" comes in colours: choose one of Green'],
      [{ productId: soldOut.id, quantity: 1 }, 409, 'items.0.color: "Sold Out Colours" is out of stock'],
    ];
    for (const [line, status, message] of cases) {
      const res = await order({ items: [line] });
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toEqual({ success: false, message });
    }
    expect(await orderCount()).toBe(before);
    const fine = await order({ items: [{ productId: coloured.id, quantity: 1, color: 'green', size: 'a4' }] });
    expect(fine.json().order.items[0].color).toBe('Green|A4');
  });

  it('refuses bad input with a message naming the field', async () => {
    const a = await product();
    const line = { productId: a.id, quantity: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ items: [] }, STOREFRONT_MESSAGES.emptyOrder],
      [{ items: [{ ...line, quantity: 0 }] }, 'items.0.quantity: must be at least 1'],
      [{ items: [{ ...line, quantity: 100 }] }, 'items.0.quantity: must be at most 99'],
      [{ items: [{ ...line, quantity: 1.5 }] }, 'items.0.quantity: must be a whole number'],
      [{ items: [{ productId: 'x', quantity: 1 }] }, 'items.0.productId: must be a 24-character hex id'],
      [{ items: Array.from({ length: 51 }, () => line) }, 'items: must hold at most 50 lines'],
      [{ items: [line], paymentMethod: 'Cash' }, 'paymentMethod: must be one of COD, Stripe, Razorpay'],
      [{ items: [line], address: { ...address, email: 'no' } }, 'address.email: must be a valid email address'],
      [{ items: [line], address: { ...address, city: '  ' } }, 'address.city: is required'],
      [
        { items: [line], address: { ...address, phone: 'call me' } },
        'address.phone: must be a phone number (digits, spaces, + ( ) . -)',
      ],
      [{ items: [line], address: { ...address, zipcode: undefined } }, 'address.zipcode: is required'],
      [{ items: [line], address: undefined }, 'address: is required'],
      [{ items: [line], bundleId: 'nope' }, 'bundleId: must be a 24-character hex id'],
    ];
    const before = await orderCount();
    for (const [body, message] of cases) {
      const res = await order(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json(), message).toEqual({ success: false, message });
    }
    expect(await orderCount()).toBe(before);
  });

  it('redeems a code in the order: the percentage off the total, once, with the order id; a refused code places nothing', async () => {
    const a = await product({ priceCents: 3333 });
    await discount({ code: 'TAKE15', percentage: 15, maxUsage: 10 });
    await discount({ code: 'EXPIRED5', percentage: 5, endDate: '2021-01-01' });
    const res = await order({ items: [{ productId: a.id, quantity: 3 }], discountCode: ' take15 ' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as CustomerOrder;
    // 99.99 less 15% (15.00 rounded to the cent) is 84.99.
    expect(placed).toMatchObject({
      itemsTotal: 99.99,
      amount: 84.99,
      redeemedDiscount: { code: 'TAKE15', percentage: 15 },
    });
    expect(await usageCount('TAKE15')).toBe(1);
    const redemptions = await t.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.code, 'TAKE15'));
    expect(redemptions).toEqual([expect.objectContaining({ orderId: placed._id, userId: me.id, percentage: 15 })]);
    // The admins' order history shows the code on the first line.
    const [first] = await t.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, placed._id));
    expect(first?.discountCode).toBe('TAKE15');

    const before = await orderCount();
    const refusals: [string, number, string][] = [
      ['EXPIRED5', 409, REDEMPTION_MESSAGES.expired],
      ['NOSUCHCODE', 404, REDEMPTION_MESSAGES.unknown],
    ];
    for (const [code, status, message] of refusals) {
      const refused = await order({ items: [{ productId: a.id, quantity: 1 }], discountCode: code });
      expect(refused.statusCode).toBe(status);
      expect(refused.json()).toEqual({ success: false, message: `discountCode: ${message}` });
    }
    expect(await orderCount()).toBe(before);
    expect(await usageCount('EXPIRED5')).toBe(0);
  });

  it('never uses a code past its maximum: 20 concurrent orders on Max Usage 5 place exactly 5 orders', async () => {
    const a = await product({ priceCents: 1000 });
    await discount({ code: 'RUSH5', percentage: 20, maxUsage: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const results = await Promise.all(
      buyers.map((b) => order({ items: [{ productId: a.id, quantity: 1 }], discountCode: 'RUSH5' }, b.token)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(`discountCode: ${REDEMPTION_MESSAGES.usedUp}`);
    }
    expect(await usageCount('RUSH5')).toBe(5);
    const placedIds = results.filter((r) => r.statusCode === 201).map((r) => r.json().order._id as string);
    const redeemed = await t.database.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.code, 'RUSH5'));
    expect(redeemed.map((r) => r.orderId).sort()).toEqual([...placedIds].sort());
    let placedByBuyers = 0;
    for (const b of buyers) placedByBuyers += await orderCount(b.id);
    expect(placedByBuyers).toBe(5);
    // The rollups and every customer's figures stayed exact.
    const { kept, counted, keptDays, countedDays } = await rollupsAndRecount(t.database.db);
    expect(kept).toEqual(counted);
    expect(keptDays).toEqual(countedDays);
    const stats = await t.database.db.execute<{ mismatched: number }>(sql`
      SELECT count(*)::int AS mismatched FROM (
        SELECT o.user_id, count(*) AS n FROM orders o WHERE o.user_id IS NOT NULL GROUP BY o.user_id
      ) c LEFT JOIN user_order_stats s ON s.user_id = c.user_id WHERE s.orders IS DISTINCT FROM c.n`);
    expect(stats.rows[0]?.mismatched).toBe(0);
  });

  it('buys a bundle at its price, split over its products to the cent, and counts the purchase in the same transaction', async () => {
    const a = await product({ name: 'Spinner', priceCents: 1000 });
    const b = await product({ name: 'Ball', priceCents: 2000 });
    const c = await product({ name: 'Puzzle', priceCents: 3000, discount: 50 });
    const id = await bundle({ priceCents: 3001 }, [a.id, b.id, c.id]);
    const extra = await product({ name: 'Extra', priceCents: 250 });
    const res = await order({ bundleId: id, items: [{ productId: extra.id, quantity: 2 }], discountCode: undefined });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().order as CustomerOrder;
    // Own prices 10, 20, 15 (45 in all): 30.01 split 6.67 / 13.34 / 10.00, adding up to 30.01.
    const bundleItems = placed.items.filter((i) => i.productId !== extra.id);
    expect(bundleItems.map((i) => [i.name, i.quantity])).toEqual([
      ['Spinner', 1],
      ['Ball', 1],
      ['Puzzle', 1],
    ]);
    expect(Math.round(bundleItems.reduce((s, i) => s + i.unitPrice * 100, 0))).toBe(3001);
    expect(bundleItems.map((i) => i.unitPrice)).toEqual([6.67, 13.34, 10]);
    expect(placed.amount).toBe(35.01);
    expect(await purchaseCount(id)).toBe(1);
    const [row] = await t.database.db.select({ items: orders.items }).from(orders).where(eq(orders.id, placed._id));
    expect(((row?.items ?? []) as { bundleId?: string }[]).filter((i) => i.bundleId === id)).toHaveLength(3);
  });

  it('refuses a cancelled, ended or unknown bundle, and one holding an out-of-stock product; nothing placed or counted', async () => {
    const a = await product();
    const soldOut = await product({ name: 'Sold Out One', outOfStock: true });
    const cancelled = await bundle({ cancelled: true }, [a.id]);
    const ended = await bundle({ startDate: '2020-01-01', endDate: '2021-01-01' }, [a.id]);
    const withSoldOut = await bundle({}, [a.id, soldOut.id]);
    const before = await orderCount();
    const cases: [string, number, string][] = [
      [cancelled, 409, `bundleId: ${BUNDLE_PURCHASE_MESSAGES.cancelled}`],
      [ended, 409, `bundleId: ${BUNDLE_PURCHASE_MESSAGES.ended}`],
      [newObjectId(), 404, `bundleId: ${BUNDLE_PURCHASE_MESSAGES.unknown}`],
      [withSoldOut, 409, 'bundleId: "Sold Out One" is out of stock'],
    ];
    for (const [id, status, message] of cases) {
      const res = await order({ bundleId: id });
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toEqual({ success: false, message });
      if (id !== cases[2]?.[0]) expect(await purchaseCount(id)).toBe(0);
    }
    expect(await orderCount()).toBe(before);
  });

  it('a refused code rolls back the bundle count too', async () => {
    const a = await product();
    const id = await bundle({}, [a.id]);
    await discount({ code: 'OFFNOW', isActive: false });
    const res = await order({ bundleId: id, discountCode: 'OFFNOW' });
    expect(res.statusCode).toBe(409);
    expect(await purchaseCount(id)).toBe(0);
  });

  it("tells every admin at once: ordersUpdated 'placed' with the order's id", async () => {
    const a = await product();
    const told = nextEvent<OrdersUpdatedEvent>(adminSock, EVENTS.ordersUpdated, (e) => e.action === 'placed');
    const res = await order({ items: [{ productId: a.id, quantity: 1 }] });
    expect(res.statusCode).toBe(201);
    expect(await told).toEqual({ action: 'placed', id: res.json().order._id });
  });

  it("tells the admins of a code's use once, after the commit: one discountsUpdated 'redeemed'", async () => {
    const a = await product();
    await discount({ code: 'ONCEONLY', percentage: 10 });
    const heard: DiscountsUpdatedEvent[] = [];
    const onDiscount = (e: DiscountsUpdatedEvent) => heard.push(e);
    adminSock.on(EVENTS.discountsUpdated, onDiscount);
    try {
      const res = await order({ items: [{ productId: a.id, quantity: 1 }], discountCode: 'ONCEONLY' });
      expect(res.statusCode, res.body).toBe(201);
      // Every broadcast the order made has reached this socket (events may come in any order).
      await allDelivered(t, adminSock);
      expect(heard.filter((e) => e.code === 'ONCEONLY')).toEqual([{ action: 'redeemed', code: 'ONCEONLY' }]);
    } finally {
      adminSock.off(EVENTS.discountsUpdated, onDiscount);
    }
  });

  it('keeps the customer figures the Users screen reads', async () => {
    const buyer = await customer();
    const a = await product({ priceCents: 1250 });
    await order({ items: [{ productId: a.id, quantity: 2 }] }, buyer.token);
    const [stats] = await t.database.db.select().from(userOrderStats).where(eq(userOrderStats.userId, buyer.id));
    expect(stats).toMatchObject({ orders: 1, totalCents: 2500 });
  });
});

describe('GET /api/customer/orders', () => {
  it('lists only my orders, newest first, a page at a time', async () => {
    const mine = await customer();
    const someoneElse = await customer();
    const a = await product();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await order({ items: [{ productId: a.id, quantity: i + 1 }] }, mine.token);
      ids.push(res.json().order._id);
    }
    await order({ items: [{ productId: a.id, quantity: 1 }] }, someoneElse.token);
    const list = (url: string, token = mine.token) =>
      t.app.inject({ method: 'GET', url, headers: { token } }).then((r) => r.json() as CustomerOrderListResponse);
    const all = await list(CUSTOMER_PATHS.orders);
    expect(all.total).toBe(3);
    expect(all.pageSize).toBe(10);
    expect(all.orders.map((o) => o._id)).toEqual([...ids].reverse());
    expect(JSON.stringify(all)).not.toMatch(/userId|lastStatusChange/);
    const page2 = await list(`${CUSTOMER_PATHS.orders}?page=2&pageSize=2`);
    expect(page2.orders.map((o) => o._id)).toEqual([ids[0]]);
    expect((await list(CUSTOMER_PATHS.orders, someoneElse.token)).total).toBe(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${CUSTOMER_PATHS.orders}?pageSize=51`,
      headers: { token: mine.token },
    });
    expect(bad.json()).toEqual({ success: false, message: 'pageSize: must be at most 50' });
  });
});
