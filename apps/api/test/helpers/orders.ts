import type { OrderStatus } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { orders, type StoredOrderItem } from '../../src/db/schema';
import type { TestApp } from './app';

let serial = 0;

export interface OrderValues {
  userId?: string | null;
  items?: Partial<StoredOrderItem>[];
  amountCents?: number | null;
  status?: OrderStatus;
  payment?: boolean;
  paymentMethod?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  createdAt?: Date;
  trackingNumber?: string | null;
  discountCode?: string | null;
}

/** An order written straight into the database, as the storefront writes them. */
export async function insertOrder(db: Db, values: OrderValues = {}) {
  serial += 1;
  const items: StoredOrderItem[] = (values.items ?? [{}]).map((item, index) => ({
    productId: item.productId ?? null,
    name: item.name ?? `Item ${serial}-${index + 1}`,
    image: item.image ?? null,
    quantity: item.quantity ?? 1,
    unitPriceCents: item.unitPriceCents ?? 1000,
    color: item.color ?? null,
  }));
  const rows = await db
    .insert(orders)
    .values({
      userId: values.userId ?? null,
      items,
      amountCents: values.amountCents === undefined ? null : values.amountCents,
      status: values.status ?? 'Order Placed',
      payment: values.payment ?? false,
      paymentMethod: values.paymentMethod ?? 'COD',
      firstName: values.firstName ?? `First${serial}`,
      lastName: values.lastName ?? `Last${serial}`,
      email: values.email ?? `buyer${serial}@test.example`,
      phone: values.phone ?? `555-01${String(serial).padStart(2, '0')}`,
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62701',
      country: 'US',
      trackingNumber: values.trackingNumber ?? null,
      discountCode: values.discountCode ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning();
  return rows[0] as typeof orders.$inferSelect;
}

/** The rollups as the dashboard reads them, next to the same figures counted from the rows. */
export async function rollupsAndRecount(db: Db) {
  const kept = await db.execute<{ month: string; orders: string; delivered: string; revenue: string }>(sql`
    SELECT to_char(month AT TIME ZONE 'UTC', 'YYYY-MM') AS month, sum(orders)::text AS orders,
           sum(delivered)::text AS delivered, sum(revenue_cents)::text AS revenue
      FROM order_rollups GROUP BY month HAVING sum(orders) <> 0 ORDER BY month`);
  const counted = await db.execute<{ month: string; orders: string; delivered: string; revenue: string }>(sql`
    SELECT to_char(date_trunc('month', created_at, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
           count(*)::text AS orders, count(*) FILTER (WHERE status = 'Delivered')::text AS delivered,
           sum(coalesce(amount_cents, (SELECT coalesce(sum((e->>'unitPriceCents')::bigint * (e->>'quantity')::bigint), 0)
                                         FROM jsonb_array_elements(items) e)))::text AS revenue
      FROM orders GROUP BY 1 ORDER BY 1`);
  const keptDays = await db.execute<{ day: string; orders: string; delivered: string; revenue: string }>(sql`
    SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(orders)::text AS orders,
           sum(delivered)::text AS delivered, sum(revenue_cents)::text AS revenue
      FROM order_day_rollups GROUP BY day HAVING sum(orders) <> 0 ORDER BY day`);
  const countedDays = await db.execute<{ day: string; orders: string; delivered: string; revenue: string }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::text AS orders,
           count(*) FILTER (WHERE status = 'Delivered')::text AS delivered, sum(total_cents)::text AS revenue
      FROM orders GROUP BY 1 ORDER BY 1`);
  const counters = await db.execute<{ name: string; value: string }>(sql`
    SELECT name, sum(value)::text AS value FROM stat_counters GROUP BY name ORDER BY name`);
  const recount = await db.execute<{ name: string; value: string }>(sql`
    SELECT 'products' AS name, count(*)::text AS value FROM products
    UNION ALL SELECT 'products_out_of_stock', count(*)::text FROM products WHERE out_of_stock
    UNION ALL SELECT 'users', count(*)::text FROM users ORDER BY name`);
  return {
    kept: kept.rows,
    counted: counted.rows,
    keptDays: keptDays.rows,
    countedDays: countedDays.rows,
    counters: counters.rows.filter((row) => row.value !== '0'),
    recount: recount.rows.filter((row) => row.value !== '0'),
  };
}

/** An order call as the admin makes it: POST with a JSON body (none when payload is undefined). */
export function orderCall(t: TestApp, token: string | undefined, url: string, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: token === undefined ? {} : { token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * A bulk insert of test orders with the orders' trigram indexes dropped, then built again from
 * their own definitions (fastupdate off included): one build is about twice as fast as keeping four
 * GIN indexes up to date row by row, as src/demo/bulk.ts found for the big demo shop. The table
 * ends with the same indexes holding the same rows, so what the test then runs sees no difference.
 */
export async function withoutTrigramIndexes<T>(db: Db, insert: () => Promise<T>): Promise<T> {
  const { rows: indexes } = await db.execute<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes
     where schemaname = current_schema() and tablename = 'orders' and indexdef like '%gin_trgm_ops%'`);
  if (indexes.length === 0) throw new Error('the orders table has no trigram index: withoutTrigramIndexes is stale');
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  try {
    return await insert();
  } finally {
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
  }
}
