import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, rollupsAndRecount } from '../helpers/orders';
import { createUser } from '../helpers/users';

/*
 * The database keeps order totals, monthly rollups and counters in the same transaction as every
 * write, whoever writes (docs/decisions/012-orders-and-rollups.md). Each step compares them with
 * a full recount.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expectExact() {
  const { kept, counted, keptDays, countedDays, counters, recount } = await rollupsAndRecount(t.database.db);
  expect(kept).toEqual(counted);
  expect(keptDays).toEqual(countedDays);
  expect(counters).toEqual(recount);
}

describe('order totals', () => {
  it('adds up the items in cents when the order has no amount', async () => {
    const order = await insertOrder(t.database.db, {
      items: [
        { unitPriceCents: 1999, quantity: 3 },
        { unitPriceCents: 1, quantity: 1 },
      ],
    });
    expect(order.itemsTotalCents).toBe(5998);
    expect(order.itemCount).toBe(4);
    expect(order.totalCents).toBe(5998);
  });

  it('counts the stored amount when there is one', async () => {
    const order = await insertOrder(t.database.db, {
      amountCents: 12345,
      items: [{ unitPriceCents: 100, quantity: 2 }],
    });
    expect(order.itemsTotalCents).toBe(200);
    expect(order.totalCents).toBe(12345);
  });

  it('follows a change of items', async () => {
    const order = await insertOrder(t.database.db);
    const [updated] = await t.database.db
      .update(orders)
      .set({ items: [{ productId: null, name: 'x', image: null, quantity: 5, unitPriceCents: 250, color: null }] })
      .where(eq(orders.id, order.id))
      .returning();
    expect(updated?.totalCents).toBe(1250);
    expect(updated?.itemCount).toBe(5);
  });
});

describe('rollups and counters', () => {
  it('match a recount after inserts over several months, in one statement and one by one', async () => {
    const months = [0, 1, 2, 11].map((back) => new Date(Date.UTC(2026, 10 - back, 15, 12)));
    for (const createdAt of months) await insertOrder(t.database.db, { createdAt, status: 'Delivered' });
    await t.database.db.insert(orders).values(
      months.map((createdAt, index) => ({
        createdAt,
        status: 'Shipped',
        firstName: `Bulk${index}`,
        items: [{ productId: null, name: 'y', image: null, quantity: index + 1, unitPriceCents: 333, color: null }],
      })),
    );
    await expectExact();
  });

  it('match after status changes in and out of Delivered, and a date moved to another month', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing', amountCents: 5000 });
    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id));
    await expectExact();
    await t.database.db.update(orders).set({ status: 'Refunded' }).where(eq(orders.id, order.id));
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(2025, 11, 31, 23, 59, 59)) })
      .where(eq(orders.id, order.id));
    await expectExact();
  });

  it('match after deletes, a user deleted (their orders kept), and a rolled back write', async () => {
    const customer = await createUser(t.database.db);
    const mine = await Promise.all([1, 2, 3].map(() => insertOrder(t.database.db, { userId: customer.id })));
    await t.database.db.delete(orders).where(eq(orders.id, (mine[0] as { id: string }).id));
    await expectExact();
    await t.database.db.delete(users).where(eq(users.id, customer.id));
    // The orders stay as the shop's records, no longer linked (docs/decisions/023-deleting-users.md).
    const kept = await t.database.db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          mine.map((o) => o.id),
        ),
      );
    expect(kept.map((o) => o.userId)).toEqual([null, null]);
    await expectExact();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.insert(orders).values({ amountCents: 99_999 });
        throw new Error('storefront failed');
      }),
    ).rejects.toThrow('storefront failed');
    await expectExact();
  });

  it('count products, out-of-stock products and users', async () => {
    const inserted = await t.database.db
      .insert(products)
      .values([
        { name: 'a', priceCents: 100, outOfStock: true },
        { name: 'b', priceCents: 100 },
        { name: 'c', priceCents: 100, outOfStock: true },
      ])
      .returning({ id: products.id });
    await expectExact();
    await t.database.db
      .update(products)
      .set({ outOfStock: sql`not ${products.outOfStock}` })
      .where(
        inArray(
          products.id,
          inserted.map((p) => p.id),
        ),
      );
    await expectExact();
    await t.database.db.delete(products).where(eq(products.id, (inserted[1] as { id: string }).id));
    await createUser(t.database.db);
    await expectExact();
  });
});
