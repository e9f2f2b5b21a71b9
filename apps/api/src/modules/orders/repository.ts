import type { OrderDeliveryFilter, OrderStatus } from '@backroom/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderDayRollups, orderRollups, orderStatusChanges, orders, users } from '../../db/schema';

/** The columns an order is answered with. */
const orderColumns = {
  id: orders.id,
  userId: orders.userId,
  items: orders.items,
  totalCents: orders.totalCents,
  itemCount: orders.itemCount,
  status: orders.status,
  payment: orders.payment,
  paymentMethod: orders.paymentMethod,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phone: orders.phone,
  street: orders.street,
  city: orders.city,
  state: orders.state,
  zipcode: orders.zipcode,
  country: orders.country,
  trackingNumber: orders.trackingNumber,
  discountCode: orders.discountCode,
  createdAt: orders.createdAt,
};

export type OrderRow = Omit<typeof orders.$inferSelect, 'status'> & { status: OrderStatus };
export type OrderViewRow = Pick<OrderRow, keyof typeof orderColumns>;

const historyColumns = {
  orderId: orderStatusChanges.orderId,
  status: orderStatusChanges.status,
  trackingNumber: orderStatusChanges.trackingNumber,
  discountCode: orderStatusChanges.discountCode,
  adminName: orderStatusChanges.adminName,
  createdAt: orderStatusChanges.createdAt,
};
export interface StatusChangeRow {
  orderId: string;
  status: OrderStatus;
  trackingNumber: string | null;
  discountCode: string | null;
  adminName: string | null;
  createdAt: Date;
}

export type OrderSearchColumn = 'orderId' | 'userName' | 'email' | 'phone';

export interface OrderFilter {
  /** A case-insensitive substring of one column. */
  search?: { by: OrderSearchColumn; text: string } | undefined;
  /** created_at in [from, to): UTC day bounds. */
  dateRange?: { from: Date; to: Date } | undefined;
  delivery: OrderDeliveryFilter;
}

/** LIKE's wildcards and its escape character, taken literally; the needle lower-cased. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Each search column served by its trigram GIN index; the name and e-mail columns are stored lower-cased. */
function searchWhere(by: OrderSearchColumn, text: string): SQL {
  const pattern = likePattern(text);
  switch (by) {
    case 'orderId':
      return sql`${orders.id} like ${pattern}`;
    case 'userName':
      return sql`${orders.nameSearch} like ${pattern}`;
    case 'email':
      return sql`${orders.emailSearch} like ${pattern}`;
    case 'phone':
      return sql`${orders.phone} ilike ${pattern}`;
  }
}

function filterWhere(filter: OrderFilter): SQL | undefined {
  return and(
    filter.search ? searchWhere(filter.search.by, filter.search.text) : undefined,
    filter.dateRange ? gte(orders.createdAt, filter.dateRange.from) : undefined,
    filter.dateRange ? lt(orders.createdAt, filter.dateRange.to) : undefined,
    filter.delivery === 'all' ? undefined : eq(orders.delivered, filter.delivery === 'delivered'),
  );
}

/** The rollups' figure for a delivery filter. */
function rollupFigure(table: typeof orderRollups | typeof orderDayRollups, delivery: OrderDeliveryFilter): SQL {
  if (delivery === 'all') return sql`${table.orders}`;
  if (delivery === 'delivered') return sql`${table.delivered}`;
  return sql`${table.orders} - ${table.delivered}`;
}

/**
 * How many orders match, as a query. Without a search the figure comes from the rollups (exact:
 * kept in the same transaction as every order write): the monthly ones for every order, the
 * daily ones for a date range (its bounds are UTC days). With a search the matching rows are
 * counted with the page's own WHERE.
 */
export function countQuery(db: DbOrTx, filter: OrderFilter) {
  if (!filter.search && !filter.dateRange) {
    return db
      .select({ n: sql<number>`coalesce(sum(${rollupFigure(orderRollups, filter.delivery)}), 0)`.mapWith(Number) })
      .from(orderRollups);
  }
  if (!filter.search && filter.dateRange) {
    return db
      .select({ n: sql<number>`coalesce(sum(${rollupFigure(orderDayRollups, filter.delivery)}), 0)`.mapWith(Number) })
      .from(orderDayRollups)
      .where(and(gte(orderDayRollups.day, filter.dateRange.from), lt(orderDayRollups.day, filter.dateRange.to)));
  }
  return db.select({ n: count() }).from(orders).where(filterWhere(filter));
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/**
 * One statement for a page: the page's orders, newest first, each carrying the number of matches
 * (a scalar subquery PostgreSQL runs once). The page's ids are picked first, so that a deep page
 * skips index entries (an index-only scan without a search) rather than whole rows. With a search
 * the matches are found once (a CTE used twice is materialised) and both the count and the page
 * come from them: a trigram search rechecks every candidate row in the table, so doing it twice
 * would cost twice. A query builder, so the bench can time the same SQL.
 */
export function listPageQuery(db: DbOrTx, filter: OrderFilter, page: { limit: number; offset: number }) {
  if (filter.search) {
    const matches = db
      .$with('matches')
      .as(db.select({ id: orders.id, createdAt: orders.createdAt }).from(orders).where(filterWhere(filter)));
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(page.limit)
      .offset(page.offset);
    return db
      .with(matches)
      .select({ ...orderColumns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(...newestFirst);
  }
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(filterWhere(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select({ ...orderColumns, total: sql<number>`(${countQuery(db, filter)})`.mapWith(Number) })
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(...newestFirst);
}

/** One page of matches and their number. A page past the end asks for the number on its own. */
export async function listOrderPage(db: DbOrTx, filter: OrderFilter, page: { limit: number; offset: number }) {
  const found = await listPageQuery(db, filter, page);
  if (found.length === 0) return { rows: [] as OrderViewRow[], total: (await countQuery(db, filter))[0]?.n ?? 0 };
  return {
    rows: found.map(({ total: _total, ...row }) => row as OrderViewRow),
    total: found[0]?.total ?? 0,
  };
}

/** Every order, newest first (the spec's list call with an empty body). */
export async function listAllOrders(db: DbOrTx): Promise<OrderViewRow[]> {
  return (await db
    .select(orderColumns)
    .from(orders)
    .orderBy(...newestFirst)) as OrderViewRow[];
}

/** Status changes, oldest first: of the given orders, or of every order when ids is 'all'. */
export async function listStatusChanges(db: DbOrTx, ids: readonly string[] | 'all'): Promise<StatusChangeRow[]> {
  if (ids !== 'all' && ids.length === 0) return [];
  const query = db.select(historyColumns).from(orderStatusChanges);
  const filtered = ids === 'all' ? query : query.where(inArray(orderStatusChanges.orderId, [...ids]));
  return (await filtered.orderBy(asc(orderStatusChanges.createdAt), asc(orderStatusChanges.id))) as StatusChangeRow[];
}

export interface StatusUpdate {
  status: OrderStatus;
  /** A value to store (a text, or null to clear); undefined leaves the column as it is. */
  trackingNumber: string | null | undefined;
  discountCode: string | null | undefined;
}

/** Sets an order's status (and the given columns); answers the order, or undefined when there is none. */
export async function updateOrderStatus(db: DbOrTx, id: string, update: StatusUpdate) {
  const rows = await db
    .update(orders)
    .set({
      status: update.status,
      ...(update.trackingNumber !== undefined ? { trackingNumber: update.trackingNumber } : {}),
      ...(update.discountCode !== undefined ? { discountCode: update.discountCode } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id))
    .returning(orderColumns);
  return rows[0] as OrderViewRow | undefined;
}

/** Records a status change made by an admin; the admin's name is copied, so it outlives the account. */
export async function insertStatusChange(
  db: DbOrTx,
  change: {
    orderId: string;
    status: OrderStatus;
    trackingNumber: string | null;
    discountCode: string | null;
    adminId: string;
  },
) {
  const adminName = db.select({ name: users.name }).from(users).where(eq(users.id, change.adminId));
  await db.insert(orderStatusChanges).values({ ...change, adminName: sql`(${adminName})` });
}

/** Deletes an order (its status changes go with it); answers whether there was one. */
export async function deleteOrder(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return rows.length > 0;
}
