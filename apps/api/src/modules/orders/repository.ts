import type { OrderDeliveryFilter, OrderStatus } from '@backroom/contract';
import { and, count, desc, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mappedSelect, namedSelect } from '../../db/named';
import { orderDayRollups, orderRollups, orderStatusChanges, orders } from '../../db/schema';
import { type SessionProof, sessionLive, sessionToProve } from '../../db/session-proof';

/**
 * An order's own columns that every answer about it carries: the admin's and its customer's
 * (the storefront adds what only the customer sees).
 */
export const orderAnswerColumns = {
  id: orders.id,
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

/** The columns an order is answered with to the admin: the common ones and its customer. */
const orderColumns = { userId: orders.userId, ...orderAnswerColumns };

export type OrderRow = Omit<typeof orders.$inferSelect, 'status'> & { status: OrderStatus };
export type OrderViewRow = Pick<OrderRow, keyof typeof orderColumns>;

const historyColumns = {
  id: orderStatusChanges.id,
  status: orderStatusChanges.status,
  trackingNumber: orderStatusChanges.trackingNumber,
  discountCode: orderStatusChanges.discountCode,
  adminName: orderStatusChanges.adminName,
  createdAt: orderStatusChanges.createdAt,
};
export interface StatusChangeRow {
  id: string;
  status: OrderStatus;
  trackingNumber: string | null;
  discountCode: string | null;
  adminName: string | null;
  createdAt: Date;
}

/** An order's changes newest first, ties by id: the order of index (order_id, created_at, id). */
const newestChangeFirst = [desc(orderStatusChanges.createdAt), desc(orderStatusChanges.id)];

/**
 * Each order's latest status change, joined LATERAL: one probe of index (order_id, created_at, id)
 * per order, so a list carries one change per order however long its history
 * (docs/decisions/019-order-history.md).
 */
function lastChangeOf(db: DbOrTx) {
  return db
    .select(historyColumns)
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orders.id))
    .orderBy(...newestChangeFirst)
    .limit(1)
    .as('last_change');
}

/** The columns an order is listed with: its own and its latest change (null when none). */
function listedColumns(lastChange: ReturnType<typeof lastChangeOf>) {
  return {
    ...orderColumns,
    lastChange: {
      id: lastChange.id,
      status: lastChange.status,
      trackingNumber: lastChange.trackingNumber,
      discountCode: lastChange.discountCode,
      adminName: lastChange.adminName,
      createdAt: lastChange.createdAt,
    },
  };
}

/** An order as listed: its row and its latest status change. */
export type ListedOrderRow = OrderViewRow & { lastChange: StatusChangeRow | null };

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

export function filterWhere(filter: OrderFilter): SQL | undefined {
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
export function listPageQuery(
  db: DbOrTx,
  filter: OrderFilter,
  page: { limit: number | Placeholder; offset: number | Placeholder },
  /** The session a read-only request's proof names (db/session-proof.ts), as a placeholder. */
  sessionId?: Placeholder,
) {
  const lastChange = lastChangeOf(db);
  // Typed as always there; it is selected only when a session is given, and read only then.
  const live = (sessionId === undefined ? {} : { live: sessionLive(sessionId) }) as { live: SQL<boolean> };
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
      .select({
        ...listedColumns(lastChange),
        total: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
        ...live,
      })
      .from(orders)
      .leftJoinLateral(lastChange, sql`true`)
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
    .select({ ...listedColumns(lastChange), total: sql<number>`(${countQuery(db, filter)})`.mapWith(Number), ...live })
    .from(orders)
    .leftJoinLateral(lastChange, sql`true`)
    .where(inArray(orders.id, pageIds))
    .orderBy(...newestFirst);
}

const preparedPages = new WeakMap<object, Map<OrderDeliveryFilter, ReturnType<typeof preparePage>>>();

type PageRow = ListedOrderRow & { total: number; live: boolean };

function preparePage(db: Db, delivery: OrderDeliveryFilter) {
  const page = { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') };
  const query = listPageQuery(db, { delivery }, page, sql.placeholder('sessionId'));
  // Its latest change comes from a LEFT JOIN LATERAL: null when the order has none.
  return namedSelect<PageRow>(db, query, `order_page_${delivery}`, { nullable: ['lastChange'] });
}

/**
 * The page of the orders screen as it opens (no search, no dates: one of three delivery filters)
 * as a prepared statement, built once per database handle and parsed once per connection, as the
 * product page is (decision 020): Drizzle no longer rebuilds it at every request (decision 057),
 * and its rows are made whole by a mapper made once (db/named.ts, decision 054's tenth stop).
 */
function preparedPage(db: Db, delivery: OrderDeliveryFilter) {
  let byDelivery = preparedPages.get(db);
  if (!byDelivery) {
    byDelivery = new Map();
    preparedPages.set(db, byDelivery);
  }
  let prepared = byDelivery.get(delivery);
  if (!prepared) {
    prepared = preparePage(db, delivery);
    byDelivery.set(delivery, prepared);
  }
  return prepared;
}

/**
 * A search's or a date range's page: built at each call and planned for its values, its rows made
 * whole by one mapper, as the opening page's are (Drizzle's own mapping stored each of some 20
 * fields by computed key, which made every row a dictionary: decision 054's tenth stop).
 */
const filteredPage = mappedSelect<ListedOrderRow & { total: number }>({ nullable: ['lastChange'] });

/**
 * One page of matches and their number. A page past the end asks for the number on its own. The
 * opening page's statement carries a read-only request's session proof (`proof`, settled by its
 * rows); a search's or a date range's does not, and leaves it to the session cache's round trip.
 */
export async function listOrderPage(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; offset: number },
  proof?: SessionProof,
) {
  if (!filter.search && !filter.dateRange) {
    const found = await preparedPage(db, filter.delivery)({ ...page, sessionId: sessionToProve(proof) });
    if (found.length > 0) proof?.settle(found[0]?.live);
    return pageOf(db, filter, found);
  }
  return pageOf(db, filter, await filteredPage(db, listPageQuery(db, filter, page)));
}

/**
 * The page's rows and the total: from the rows, or counted when there are none. The rows go as they
 * came, each still carrying the total (and the proof), which toOrder does not read: copying each
 * without them made a new object of some 20 fields per row (decision 054's tenth stop).
 */
async function pageOf(db: Db, filter: OrderFilter, found: Array<{ total: number; live?: boolean }>) {
  if (found.length === 0) return { rows: [] as ListedOrderRow[], total: (await countQuery(db, filter))[0]?.n ?? 0 };
  return { rows: found as unknown as ListedOrderRow[], total: found[0]?.total ?? 0 };
}

/** Every order, newest first, each with its latest change (the spec's list with an empty body): the builder. */
export function allOrdersQuery(db: DbOrTx) {
  const lastChange = lastChangeOf(db);
  return db
    .select(listedColumns(lastChange))
    .from(orders)
    .leftJoinLateral(lastChange, sql`true`)
    .orderBy(...newestFirst);
}

/** Rows of every order made whole by one mapper, as a page's are (issue 23). */
const everyOrder = mappedSelect<ListedOrderRow>({ nullable: ['lastChange'] });

/** Every order, newest first, each with its latest change: allOrdersQuery's rows. */
export function listAllOrders(db: Db): Promise<ListedOrderRow[]> {
  return everyOrder(db, allOrdersQuery(db));
}

/**
 * What a history page needs to know first: whether the order exists (undefined when not), its
 * number of changes, and whether `before` is one of them.
 */
export async function historyHead(db: DbOrTx, orderId: string, before: string | undefined) {
  // Written with an alias: a one-table select leaves its columns unqualified, which a subquery
  // would read as its own.
  const [head] = await db
    .select({
      total: sql<number>`(select count(*) from ${orderStatusChanges} c where c.order_id = ${orderId})`.mapWith(Number),
      hasBefore: before
        ? sql<boolean>`exists (select 1 from ${orderStatusChanges} c where c.id = ${before} and c.order_id = ${orderId})`
        : sql<boolean>`true`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return head;
}

/**
 * An order's status changes, newest first, from just after `before` (a change of this order):
 * a range of index (order_id, created_at, id). The cursor's time is compared in SQL, where it
 * keeps its microseconds.
 */
export async function listHistoryPage(
  db: DbOrTx,
  orderId: string,
  page: { before: string | undefined; limit: number },
): Promise<StatusChangeRow[]> {
  const cursor = page.before
    ? sql`(${orderStatusChanges.createdAt}, ${orderStatusChanges.id}) < (select c.created_at, c.id from ${orderStatusChanges} c where c.id = ${page.before})`
    : undefined;
  return (await db
    .select(historyColumns)
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), cursor))
    .orderBy(...newestChangeFirst)
    .limit(page.limit)) as StatusChangeRow[];
}

/** Deletes an order (its status changes go with it); answers whether there was one. */
export async function deleteOrder(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return rows.length > 0;
}
