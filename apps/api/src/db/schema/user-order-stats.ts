import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { idRef } from './columns';
import { users } from './users';

/**
 * Each customer's order figures, kept by triggers on orders in the same transaction (like
 * order_rollups): the Users tiles' Active Users is a count of rows with orders, and a user's
 * details read one row instead of adding up their orders.
 */
export const userOrderStats = pgTable(
  'user_order_stats',
  {
    userId: idRef('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
  },
  (t) => [index('user_order_stats_active_idx').on(t.userId).where(sql`${t.orders} > 0`)],
);
