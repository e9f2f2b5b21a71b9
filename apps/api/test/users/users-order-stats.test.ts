import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder } from '../helpers/orders';
import { createUser } from '../helpers/users';

/*
 * Each customer's order figures (user_order_stats) are kept by triggers in the same transaction as
 * every order write (migration 0014). Each step compares them with a full recount.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Figures = {
  user_id: string;
  orders: string;
  delivered: string;
  total_cents: string;
  last_order_at: string | null;
};

async function kept(): Promise<Figures[]> {
  const result = await t.database.db.execute<Figures>(sql`
    SELECT user_id, orders::text, delivered::text, total_cents::text, last_order_at::text
      FROM user_order_stats WHERE orders <> 0 OR delivered <> 0 OR total_cents <> 0 ORDER BY user_id`);
  return result.rows;
}

async function counted(): Promise<Figures[]> {
  const result = await t.database.db.execute<Figures>(sql`
    SELECT user_id, count(*)::text AS orders, count(*) FILTER (WHERE delivered)::text AS delivered,
           sum(total_cents)::text AS total_cents, max(created_at)::text AS last_order_at
      FROM orders WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY user_id`);
  return result.rows;
}

async function expectExact() {
  expect(await kept()).toEqual(await counted());
}

describe('user_order_stats', () => {
  it('follows inserts one by one and in bulk, guests counting for nobody', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    await insertOrder(t.database.db, { userId: a.id, amountCents: 1500, status: 'Delivered' });
    await insertOrder(t.database.db, { userId: null, amountCents: 999 });
    await t.database.db.insert(orders).values(
      [a.id, b.id, b.id, null].map((userId, index) => ({
        userId,
        status: index === 1 ? ('Delivered' as const) : ('Shipped' as const),
        createdAt: new Date(Date.UTC(2026, 5, 1 + index)),
        items: [{ productId: null, name: 'x', image: null, quantity: index + 1, unitPriceCents: 250, color: null }],
      })),
    );
    await expectExact();
    const [row] = await t.database.db
      .execute<{ orders: string }>(sql`SELECT orders::text FROM user_order_stats WHERE user_id = ${b.id}`)
      .then((r) => r.rows);
    expect(row?.orders).toBe('2');
  });

  it('follows status, amount, date and customer changes', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const order = await insertOrder(t.database.db, { userId: a.id, status: 'Packing', amountCents: 4000 });
    await insertOrder(t.database.db, { userId: a.id, createdAt: new Date(Date.UTC(2025, 0, 1)) });
    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id));
    await expectExact();
    await t.database.db.update(orders).set({ amountCents: 7000 }).where(eq(orders.id, order.id));
    await expectExact();
    // The latest order moves back in time: the last order date falls back to the other order's.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(2024, 0, 1)) })
      .where(eq(orders.id, order.id));
    await expectExact();
    await t.database.db.update(orders).set({ userId: b.id }).where(eq(orders.id, order.id));
    await expectExact();
    await t.database.db.update(orders).set({ userId: null }).where(eq(orders.id, order.id));
    await expectExact();
  });

  it('follows deletes, and a deleted account leaves its orders to nobody', async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const first = await insertOrder(t.database.db, { userId: a.id, createdAt: new Date(Date.UTC(2026, 1, 1)) });
    await insertOrder(t.database.db, { userId: a.id, createdAt: new Date(Date.UTC(2026, 0, 1)) });
    const third = await insertOrder(t.database.db, { userId: b.id });
    await t.database.db.delete(orders).where(eq(orders.id, first.id));
    await expectExact();
    const [row] = await t.database.db
      .execute<{ last: string }>(sql`SELECT last_order_at::text AS last FROM user_order_stats WHERE user_id = ${a.id}`)
      .then((r) => r.rows);
    expect(new Date(row?.last ?? '').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await t.database.db.delete(users).where(eq(users.id, b.id));
    const [kept3] = await t.database.db.select().from(orders).where(eq(orders.id, third.id));
    expect(kept3?.userId).toBeNull();
    await expectExact();
    await t.database.db.delete(orders).where(inArray(orders.userId, [a.id]));
    await expectExact();
  });

  it('is emptied by a truncate, and counts concurrent writers exactly', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, () => createUser(t.database.db)));
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        insertOrder(t.database.db, { userId: customers[index % 4]?.id ?? null, amountCents: 100 + index }),
      ),
    );
    await expectExact();
    await t.database.db.execute(sql`TRUNCATE orders CASCADE`);
    expect(await kept()).toEqual([]);
  });
});
