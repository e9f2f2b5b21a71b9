import { ORDER_STATUSES, parseItemVariant } from '@backroom/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges, orders, products, users } from '../../src/db/schema';
import { generateDemo, removeDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, rollupsAndRecount } from '../helpers/orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-11-23T10:00:00Z');

describe('the demo orders', () => {
  it('span twelve months and every status, with varied items, payments and tracking, and a reset removes them', async () => {
    // An order that is not the demo's stays.
    const mine = await insertOrder(t.database.db, { status: 'Delivered', amountCents: 1234 });
    // 24 demo products with their images are enough for the orders' items (the whole catalogue of
    // 120 is scale/demo-catalogue.test.ts's); the first five of them are out of stock.
    const summary = await generateDemo(t.database.db, { customers: 40, now, storage: t.app.ctx.storage, products: 24 });
    expect(summary.orders).toBe(400);

    const db = t.database.db;
    const rows = (await db.select().from(orders)).filter((o) => o.id !== mine.id);
    expect(rows).toHaveLength(400);
    const demoProducts = await db
      .select({ id: products.id, name: products.name, images: products.images, outOfStock: products.outOfStock })
      .from(products);
    const byId = new Map(demoProducts.map((p) => [p.id, p]));
    const customers = await db.select({ id: users.id, name: users.name, email: users.email }).from(users);
    const customerById = new Map(customers.map((c) => [c.id, c]));

    // Every status, Delivered the most common.
    const statuses = new Map<string, number>();
    for (const o of rows) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    for (const status of ORDER_STATUSES) expect(statuses.get(status), status).toBeGreaterThan(0);
    const delivered = statuses.get('Delivered') ?? 0;
    for (const [status, n] of statuses) if (status !== 'Delivered') expect(n).toBeLessThan(delivered);

    // Placed within the chart's twelve UTC months, a few this month.
    const windowStart = Date.UTC(2025, 11, 1);
    for (const o of rows) {
      expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(windowStart);
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(rows.filter((o) => o.createdAt.getTime() >= Date.UTC(2026, 10, 1)).length).toBeGreaterThanOrEqual(10);
    const months = new Set(rows.map((o) => o.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBe(12);

    // Items: 1 to 6 demo products at their price, quantities 1 to 3, colour values of every shape.
    const colors: (string | null)[] = [];
    for (const o of rows) {
      expect(o.items.length).toBeGreaterThanOrEqual(1);
      expect(o.items.length).toBeLessThanOrEqual(6);
      for (const item of o.items) {
        const product = byId.get(item.productId ?? '');
        expect(product?.name).toBe(item.name);
        expect(item.image).toBe(product?.images[0]);
        expect(item.quantity).toBeGreaterThanOrEqual(1);
        expect(item.quantity).toBeLessThanOrEqual(3);
        expect(item.unitPriceCents).toBeGreaterThan(0);
        colors.push(item.color);
      }
    }
    expect(new Set(rows.map((o) => o.items.length)).size).toBe(6);
    expect(colors.some((c) => c === null)).toBe(true);
    const parsed = colors.filter((c): c is string => c !== null).map((c) => [c, parseItemVariant(c)] as const);
    expect(parsed.some(([c, v]) => c.startsWith('null|') && v.color === null && v.size !== null)).toBe(true);
    expect(parsed.some(([c, v]) => c.endsWith('|null') && v.size === null && v.color !== null)).toBe(true);
    expect(parsed.some(([, v]) => v.color !== null && v.size !== null)).toBe(true);

    // Amounts: some none (the items' total counts), the others the items' total and shipping.
    const withoutAmount = rows.filter((o) => o.amountCents === null);
    expect(withoutAmount.length).toBeGreaterThan(20);
    for (const o of withoutAmount) expect(o.totalCents).toBe(o.itemsTotalCents);
    for (const o of rows.filter((r) => r.amountCents !== null)) {
      expect(o.amountCents).toBe(o.itemsTotalCents + (o.itemsTotalCents >= 10_000 ? 0 : 500));
    }

    // Payments, methods, tracking numbers and the customer's address.
    expect(rows.filter((o) => !o.payment).length).toBeGreaterThan(20);
    expect(rows.filter((o) => o.payment).length).toBeGreaterThan(200);
    expect(new Set(rows.map((o) => o.paymentMethod))).toEqual(new Set(['COD', 'Stripe', 'Razorpay']));
    for (const o of rows.filter((r) => r.status === 'Payment Pending')) expect(o.payment).toBe(false);
    // A shop owner's reading: a delivered order has been paid (cash on delivery included), an online
    // payment is taken once the order leaves Payment Pending, cash only at the door.
    for (const o of rows.filter((r) => ['Delivered', 'Exchanged', 'Refunded'].includes(r.status))) {
      expect(o.payment, `${o.status} ${o.paymentMethod}`).toBe(true);
    }
    for (const o of rows.filter((r) => r.paymentMethod !== 'COD' && r.status !== 'Payment Pending')) {
      expect(o.payment, `${o.status} ${o.paymentMethod}`).toBe(true);
    }
    const unpaidCod = rows.filter((o) => o.paymentMethod === 'COD' && !o.payment);
    expect(unpaidCod.length).toBeGreaterThan(5);
    for (const o of unpaidCod) expect(['Delivered', 'Exchanged', 'Refunded']).not.toContain(o.status);
    const tracked = rows.filter((o) => o.trackingNumber !== null);
    expect(tracked.length).toBeGreaterThan(100);
    for (const o of tracked)
      expect(['Shipped', 'Out for delivery', 'Delivered', 'Exchanged', 'Refunded']).toContain(o.status);
    for (const o of rows) {
      const customer = customerById.get(o.userId ?? '');
      expect(`${o.firstName} ${o.lastName}`).toBe(customer?.name);
      expect(o.email).toBe(customer?.email);
      expect(o.phone).toMatch(/^\+1 555-\d{4}$/);
      for (const part of [o.street, o.city, o.state, o.zipcode, o.country]) expect(part).not.toBe('');
    }

    // A history per order ending at its status, the first step the storefront's, later ones an admin's.
    const history = await db.select().from(orderStatusChanges);
    const byOrder = new Map<string, typeof history>();
    for (const h of history) byOrder.set(h.orderId, [...(byOrder.get(h.orderId) ?? []), h]);
    for (const o of rows) {
      const steps = (byOrder.get(o.id) ?? []).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect(steps.at(-1)?.status, o.id).toBe(o.status);
      expect(steps[0]?.adminName).toBeNull();
      for (const step of steps.slice(1)) expect(step.adminName).toBeTruthy();
      for (const step of steps) {
        expect(step.createdAt.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime() - 1000);
        expect(step.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      const shipped = steps.find((s) => s.status === 'Shipped');
      if (shipped) expect(shipped.trackingNumber).toBe(o.trackingNumber);
      // Cash on delivery is paid exactly when the order was delivered at some point.
      if (o.paymentMethod === 'COD') expect(o.payment, o.id).toBe(steps.some((s) => s.status === 'Delivered'));
    }

    // Several products out of stock for the dashboard's popup.
    expect(demoProducts.filter((p) => p.outOfStock).length).toBeGreaterThanOrEqual(5);

    // The rollups equal a recount.
    const figures = await rollupsAndRecount(db);
    expect(figures.kept).toEqual(figures.counted);
    expect(figures.keptDays).toEqual(figures.countedDays);
    expect(figures.counters).toEqual(figures.recount);

    // A reset takes the demo orders and their history away, and only them.
    await removeDemo(db, t.app.ctx.storage);
    const left = await db.select({ id: orders.id }).from(orders);
    expect(left.map((o) => o.id)).toEqual([mine.id]);
    const [changes] = await db
      .select({ n: count() })
      .from(orderStatusChanges)
      .where(
        inArray(
          orderStatusChanges.orderId,
          rows.map((o) => o.id),
        ),
      );
    expect(changes?.n).toBe(0);
    const after = await rollupsAndRecount(db);
    expect(after.kept).toEqual(after.counted);
    expect(after.counters).toEqual(after.recount);
    await db.delete(orders).where(eq(orders.id, mine.id));
  });

  it('are deterministic for a seed, and made from made-up products when the shop has none', async () => {
    const first = await generateDemo(t.database.db, { customers: 10, now, seed: 7 });
    const a = await t.database.db
      .select({ status: orders.status, items: orders.items, total: orders.totalCents })
      .from(orders)
      .orderBy(orders.createdAt);
    await removeDemo(t.database.db);
    await generateDemo(t.database.db, { customers: 10, now, seed: 7 });
    const b = await t.database.db
      .select({ status: orders.status, items: orders.items, total: orders.totalCents })
      .from(orders)
      .orderBy(orders.createdAt);
    expect(first.orders).toBe(400);
    expect(b).toEqual(a);
    expect(a.every((o) => o.items.every((i) => i.productId === null && i.image === null))).toBe(true);
    await removeDemo(t.database.db);
  });

  it('grow to a big shop in SQL on request, with unique e-mails, and a reset removes it', async () => {
    // Past the customers and the 400 orders made in detail, so the rest are made in SQL: 200 in
    // detail here instead of the 2,000 of a real demo, the SQL statements the same.
    const summary = await generateDemo(t.database.db, { customers: 700, customersInDetail: 200, orders: 1500, now });
    expect(summary.customers).toBe(700);
    expect(summary.orders).toBe(1500);
    const db = t.database.db;
    const [n] = await db.select({ n: count() }).from(orders);
    expect(n?.n).toBe(1500);
    const emails = await db.select({ email: users.email }).from(users);
    expect(new Set(emails.map((e) => e.email)).size).toBe(emails.length);
    const rows = await db.select().from(orders);
    const delivered = rows.filter((o) => o.status === 'Delivered').length / rows.length;
    expect(delivered).toBeGreaterThan(0.5);
    expect(new Set(rows.map((o) => o.status)).size).toBe(12);
    for (const o of rows.filter((r) => ['Delivered', 'Exchanged', 'Refunded'].includes(r.status))) {
      expect(o.payment).toBe(true);
    }
    for (const o of rows.filter((r) => r.status === 'Payment Pending')) expect(o.payment).toBe(false);
    for (const o of rows) {
      expect(o.items.length).toBeGreaterThanOrEqual(1);
      expect(o.createdAt.getTime()).toBeGreaterThanOrEqual(Date.UTC(2025, 11, 1));
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(o.id.slice(0, 8)).toBe(
        Math.floor(o.createdAt.getTime() / 1000)
          .toString(16)
          .padStart(8, '0'),
      );
    }
    const figures = await rollupsAndRecount(db);
    expect(figures.kept).toEqual(figures.counted);
    expect(figures.keptDays).toEqual(figures.countedDays);
    expect(figures.counters).toEqual(figures.recount);

    await removeDemo(db);
    const [left] = await db.select({ n: count() }).from(orders);
    expect(left?.n).toBe(0);
    const [people] = await db.select({ n: count() }).from(users);
    expect(people?.n).toBe(0);
    // The trigram indexes are back, as the migration made them.
    const indexes = await db.execute<{ name: string; opts: string[] | null }>(
      sql`select c.relname as name, c.reloptions as opts from pg_index i join pg_class c on c.oid = i.indexrelid
           where i.indrelid = 'orders'::regclass and c.relname like '%trgm%' order by 1`,
    );
    expect(indexes.rows).toEqual(
      [
        'orders_email_search_trgm_idx',
        'orders_id_trgm_idx',
        'orders_name_search_trgm_idx',
        'orders_phone_trgm_idx',
      ].map((name) => ({ name, opts: ['fastupdate=false'] })),
    );
  });
});
