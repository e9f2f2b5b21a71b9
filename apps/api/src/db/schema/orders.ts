import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/**
 * An order line as stored. The storefront writes orders; unitPriceCents is the price paid per
 * piece, image the product image's URL (or a base name in the image storage), color the spec's
 * 'color|size' text.
 */
export interface StoredOrderItem {
  productId: string | null;
  name: string;
  image: string | null;
  quantity: number;
  unitPriceCents: number;
  color: string | null;
}

const ORDER_STATUS_SQL = sql.raw(
  `'Payment Pending','Order Placed','In Production','Packing','Ready to Ship','Shipped','Out for delivery','Delivered','Exchanged','Refunded','Cancelled','Pre-Ordered'`,
);

/**
 * Orders (spec 2 section 3), the address kept in columns so that the orders screen can search
 * it. items_total_cents, item_count and total_cents are set by a BEFORE trigger from items and
 * amount_cents, whoever writes the row; the rollups (order_rollups) are kept by statement
 * triggers in the same transaction (docs/decisions/012-orders-and-rollups.md).
 */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    /**
     * The customer. Null for a guest order, and once the account is deleted: the order stays
     * as the shop's record with its address copy (docs/decisions/023-deleting-users.md).
     */
    userId: idRef('user_id').references(() => users.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<StoredOrderItem[]>().notNull().default([]),
    /** The amount the storefront charged, or null: then the items' total counts. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** Sum of unit price x quantity (trigger). */
    itemsTotalCents: bigint('items_total_cents', { mode: 'number' }).notNull().default(0),
    /** Sum of the quantities (trigger). */
    itemCount: integer('item_count').notNull().default(0),
    /** amount_cents, or items_total_cents when there is none (trigger): what revenue adds up. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('Order Placed'),
    delivered: boolean('delivered').notNull().generatedAlwaysAs(sql`status = 'Delivered'`),
    payment: boolean('payment').notNull().default(false),
    paymentMethod: text('payment_method').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    country: text('country').notNull().default(''),
    /** lower(first || ' ' || last): 'User Name' search, served by a trigram index. */
    nameSearch: text('name_search').notNull().generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    emailSearch: text('email_search').notNull().generatedAlwaysAs(sql`lower(email)`),
    trackingNumber: text('tracking_number'),
    discountCode: text('discount_code'),
    /** The spec's date: when the order was placed. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in (${ORDER_STATUS_SQL})`),
    check('orders_amount_check', sql`${t.amountCents} is null or ${t.amountCents} >= 0`),
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_delivered_created_at_idx').on(t.delivered, t.createdAt, t.id),
    index('orders_user_id_idx').on(t.userId),
    // fastupdate off: each insert goes straight into the index, so searches never scan a pending list.
    index('orders_id_trgm_idx').using('gin', t.id.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('orders_name_search_trgm_idx').using('gin', t.nameSearch.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('orders_email_search_trgm_idx').using('gin', t.emailSearch.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('orders_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** Every status change of an order: the order details show it. */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: idColumn(),
    orderId: idRef('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    trackingNumber: text('tracking_number'),
    discountCode: text('discount_code'),
    /** The admin who changed it; null once that account is deleted (the name stays). */
    adminId: idRef('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name'),
    createdAt: createdAt(),
  },
  // An order's changes newest first, ties by id: the list's latest change (one probe per order)
  // and the history call's pages (docs/decisions/019-order-history.md).
  (t) => [index('order_status_changes_order_id_created_at_id_idx').on(t.orderId, t.createdAt, t.id)],
);

/**
 * Order figures per UTC month, split over a few shards so that concurrent order writes do not
 * queue on one row. Kept by triggers on orders; the dashboard adds the rows up.
 */
export const orderRollups = pgTable(
  'order_rollups',
  {
    month: timestamp('month', { withTimezone: true }).notNull(),
    shard: integer('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_rollups_pkey', columns: [t.month, t.shard] })],
);

/**
 * Order figures per UTC day, sharded the same way and kept by the same triggers: a date range's
 * count (with or without the delivery filter) is a sum over at most a few thousand rows.
 */
export const orderDayRollups = pgTable(
  'order_day_rollups',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    shard: integer('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    delivered: bigint('delivered', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_day_rollups_pkey', columns: [t.day, t.shard] })],
);

/** Counters kept by triggers (products, out-of-stock products, users), sharded like order_rollups. */
export const statCounters = pgTable(
  'stat_counters',
  {
    name: text('name').notNull(),
    shard: integer('shard').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'stat_counters_pkey', columns: [t.name, t.shard] })],
);
