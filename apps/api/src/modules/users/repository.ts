import { ADDRESS_KEY_FIELDS, type AddressFields, type Role } from '@backroom/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderStatusChanges, orders, userOrderStats, users } from '../../db/schema';
import type { OrderViewRow, StatusChangeRow } from '../orders/repository';

/** A user as listed: the columns the Users screen reads, nothing else (no hash, no e-mail state). */
export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  isActive: boolean;
};

export interface UserFilter {
  /** A case-insensitive substring of the name or the e-mail. */
  q?: string | undefined;
  role?: Role | undefined;
}

/** LIKE's wildcards and its escape character, taken literally; the needle lower-cased. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The search and the role filter, on columns of `users` (aliased u). */
export function userWhere(filter: UserFilter): SQL {
  const parts: SQL[] = [];
  if (filter.role) parts.push(sql`u.role = ${filter.role}`);
  if (filter.q) {
    // Each side served by its trigram index (migration 0013); e-mails are stored lower-cased.
    const pattern = likePattern(filter.q);
    parts.push(sql`(lower(u.name) LIKE ${pattern} OR u.email LIKE ${pattern})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : sql`true`;
}

const LISTED = sql.raw('u.id, u.name, u.email, u.role, u.is_active AS "isActive"');
/** Admins first, then newest: the list's order everywhere. */
export const ADMINS_FIRST = sql.raw(`(u.role <> 'admin'), u.created_at DESC, u.id DESC`);

/** Every user, admins first then newest (GET /api/user/all without parameters). */
export async function listAllUsers(db: DbOrTx): Promise<UserRow[]> {
  const result = await db.execute<UserRow & Record<string, unknown>>(
    sql`SELECT ${LISTED} FROM users u ORDER BY ${ADMINS_FIRST}`,
  );
  return result.rows;
}

/**
 * One page of users and the number that match, in one statement. Without a search, each role is
 * read from index (role, created_at, id) newest first and the admins' part comes before the
 * users' (an Append that stops once the page is full); the number comes from the users counter
 * (kept by triggers) and the admins, who are few. With a search the matches are found once through
 * the trigram indexes (a materialised CTE) and both the page and the count come from them. A query
 * builder, so the bench can time the same SQL.
 */
export function userPageSql(filter: UserFilter, page: { limit: number; offset: number }): SQL {
  if (filter.q) {
    return sql`
      WITH matches AS MATERIALIZED (SELECT u.id, u.role, u.created_at FROM users u WHERE ${userWhere(filter)})
      SELECT ${LISTED}, (SELECT count(*) FROM matches)::int AS total
        FROM users u
       WHERE u.id IN (SELECT u.id FROM matches u ORDER BY ${ADMINS_FIRST} LIMIT ${page.limit} OFFSET ${page.offset})
       ORDER BY ${ADMINS_FIRST}`;
  }
  const roles: Role[] = filter.role ? [filter.role] : ['admin', 'user'];
  const scans = roles.map(
    (role) => sql`(SELECT u.id FROM users u WHERE u.role = ${role} ORDER BY u.created_at DESC, u.id DESC)`,
  );
  const admins = sql`(SELECT count(*) FROM users u WHERE u.role = 'admin')`;
  const everyone = sql`(SELECT coalesce(sum(value), 0) FROM stat_counters WHERE name = 'users')`;
  const total = filter.role === 'admin' ? admins : filter.role === 'user' ? sql`${everyone} - ${admins}` : everyone;
  return sql`
    SELECT ${LISTED}, (${total})::int AS total
      FROM users u
     WHERE u.id IN (SELECT id FROM (${sql.join(scans, sql` UNION ALL `)}) ids LIMIT ${page.limit} OFFSET ${page.offset})
     ORDER BY ${ADMINS_FIRST}`;
}

/** How many users match, on its own: a page past the end carries no row to read it from. */
function userCountSql(filter: UserFilter): SQL {
  return sql`SELECT count(*)::int AS total FROM users u WHERE ${userWhere(filter)}`;
}

export async function listUserPage(db: DbOrTx, filter: UserFilter, page: { limit: number; offset: number }) {
  const found = await db.execute<UserRow & { total: number }>(userPageSql(filter, page));
  if (found.rows.length === 0) {
    const counted = await db.execute<{ total: number }>(userCountSql(filter));
    return { rows: [] as UserRow[], total: counted.rows[0]?.total ?? 0 };
  }
  return {
    rows: found.rows.map(({ total: _total, ...row }) => row as UserRow),
    total: found.rows[0]?.total ?? 0,
  };
}

export interface UserStatsRow {
  totalUsers: number;
  activeUsers: number;
  totalOrders: number;
  revenueCents: number;
}

/**
 * The Users screen's tiles in one statement, from what triggers keep: the users counter, the
 * customers with an order (user_order_stats, partial index on orders > 0) and the order rollups.
 */
export async function readUserStats(db: DbOrTx): Promise<UserStatsRow> {
  const result = await db.execute<Record<keyof UserStatsRow, string>>(sql`
    SELECT (SELECT coalesce(sum(value), 0) FROM stat_counters WHERE name = 'users') AS "totalUsers",
           (SELECT count(*) FROM user_order_stats WHERE orders > 0) AS "activeUsers",
           (SELECT coalesce(sum(orders), 0) FROM order_rollups) AS "totalOrders",
           (SELECT coalesce(sum(revenue_cents), 0) FROM order_rollups) AS "revenueCents"`);
  const row = result.rows[0];
  return {
    totalUsers: Number(row?.totalUsers ?? 0),
    activeUsers: Number(row?.activeUsers ?? 0),
    totalOrders: Number(row?.totalOrders ?? 0),
    revenueCents: Number(row?.revenueCents ?? 0),
  };
}

const userColumns = { id: users.id, name: users.name, email: users.email, role: users.role, isActive: users.isActive };

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row;
}

/**
 * Locks every active admin's row for the rest of the transaction, in id order, and answers their
 * ids. Whoever changes who is an admin takes these locks first, so two admins demoting (or
 * deleting) each other at once run one after the other, and the second sees the first's result.
 */
export async function lockActiveAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** The user's row, locked for the rest of the transaction. */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function setUserRole(db: DbOrTx, id: string, role: Role): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, id)).returning(userColumns);
  return row;
}

/**
 * Deletes an account. The database does the rest: sessions, wishlist, conversations (with their
 * messages) and the order figures go with it (their sessions' deletion closes the sockets); orders
 * stay with user_id set to null (docs/decisions/023-deleting-users.md).
 */
export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** A user's order figures as the triggers keep them (migration 0014); zeros without orders. */
export async function readOrderFigures(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      orders: userOrderStats.orders,
      delivered: userOrderStats.delivered,
      totalCents: userOrderStats.totalCents,
      lastOrderAt: userOrderStats.lastOrderAt,
    })
    .from(userOrderStats)
    .where(eq(userOrderStats.userId, userId));
  return row ?? { orders: 0, delivered: 0, totalCents: 0, lastOrderAt: null };
}

export interface TopProductRow {
  productId: string | null;
  name: string;
  image: unknown;
  quantity: number;
}

/**
 * The products a user ordered most, by quantity over all their orders' lines: a line counts for
 * its product id, or for its name when it carries none. Name and image from the latest order.
 */
export async function topProducts(db: DbOrTx, userId: string, limit: number): Promise<TopProductRow[]> {
  const result = await db.execute<{ productId: string | null; name: string; image: unknown; quantity: string }>(sql`
    SELECT max(e->>'productId') AS "productId",
           (array_agg(e->>'name' ORDER BY o.created_at DESC))[1] AS name,
           (array_agg(e->'image' ORDER BY o.created_at DESC))[1] AS image,
           sum(CASE WHEN jsonb_typeof(e->'quantity') = 'number' THEN (e->>'quantity')::numeric ELSE 0 END) AS quantity
      FROM ${orders} o, jsonb_array_elements(CASE WHEN jsonb_typeof(o.items) = 'array' THEN o.items ELSE '[]' END) e
     WHERE o.user_id = ${userId} AND jsonb_typeof(e) = 'object'
     GROUP BY coalesce('id:' || (e->>'productId'), 'name:' || coalesce(e->>'name', ''))
     ORDER BY 4 DESC, 2
     LIMIT ${limit}`);
  return result.rows.map((row) => ({ ...row, name: row.name ?? '', quantity: Math.trunc(Number(row.quantity)) }));
}

/** The columns an order is answered with (order-view.ts's toOrder reads them). */
const orderColumns = sql.raw(`o.id, o.user_id AS "userId", o.items, o.total_cents AS "totalCents",
  o.item_count AS "itemCount", o.status, o.payment, o.payment_method AS "paymentMethod",
  o.first_name AS "firstName", o.last_name AS "lastName", o.email, o.phone, o.street, o.city, o.state,
  o.zipcode, o.country, o.tracking_number AS "trackingNumber", o.discount_code AS "discountCode",
  o.created_at AS "createdAt"`);

/**
 * A user's orders matching a search: the order id, an item's name, the status or the amount (as
 * the admin reads it: 12.50) hold the text, case-insensitive. Empty text matches them all.
 */
function userOrdersWhere(userId: string, text: string | undefined): SQL {
  if (!text) return sql`o.user_id = ${userId}`;
  const pattern = likePattern(text);
  return sql`o.user_id = ${userId} AND (
    o.id LIKE ${pattern}
    OR lower(o.status) LIKE ${pattern}
    OR to_char(o.total_cents / 100.0, 'FM999999999990.00') LIKE ${pattern}
    OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.items) = 'array' THEN o.items ELSE '[]' END) e
                WHERE jsonb_typeof(e) = 'object' AND lower(e->>'name') LIKE ${pattern}))`;
}

export type UserOrderRow = OrderViewRow & { lastChange: StatusChangeRow | null };

/**
 * One page of a user's orders, undelivered first then newest, with the number and the amount of
 * every match, and each order's latest status change (one probe of its index per order). The
 * matches are found once (a materialised CTE): a customer with thousands of orders costs one scan
 * of orders_user_id_idx.
 */
export async function listUserOrders(
  db: DbOrTx,
  userId: string,
  text: string | undefined,
  page: { limit: number; offset: number },
) {
  type RawRow = Omit<UserOrderRow, 'createdAt' | 'lastChange' | 'totalCents'> & {
    createdAt: string;
    lastChange: (Omit<StatusChangeRow, 'createdAt'> & { createdAt: string }) | null;
    total: number;
    totalCents: string;
    spentCents: string;
    delivered: boolean;
  };
  const result = await db.execute<RawRow>(sql`
    WITH matches AS MATERIALIZED (
      SELECT o.id, o.delivered, o.created_at, o.total_cents FROM ${orders} o WHERE ${userOrdersWhere(userId, text)}),
    figures AS (SELECT count(*)::int AS total, coalesce(sum(total_cents), 0)::text AS spent FROM matches),
    page AS (SELECT id FROM matches ORDER BY delivered, created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset})
    SELECT f.total, f.spent AS "spentCents", p.*
      FROM figures f
      LEFT JOIN LATERAL (
        SELECT ${orderColumns}, o.delivered,
               (SELECT json_build_object('id', c.id, 'status', c.status, 'trackingNumber', c.tracking_number,
                                         'discountCode', c.discount_code, 'adminName', c.admin_name, 'createdAt', c.created_at)
                  FROM ${orderStatusChanges} c WHERE c.order_id = o.id
                 ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS "lastChange"
          FROM ${orders} o WHERE o.id IN (SELECT id FROM page)) p ON true
     ORDER BY p.delivered, p."createdAt" DESC, p.id DESC`);
  const first = result.rows[0];
  const rows: UserOrderRow[] = result.rows
    .filter((row) => row.id !== null)
    .map(({ total: _t, spentCents: _s, delivered: _d, ...row }) => ({
      ...row,
      totalCents: Number(row.totalCents),
      createdAt: new Date(row.createdAt),
      lastChange: row.lastChange ? { ...row.lastChange, createdAt: new Date(row.lastChange.createdAt) } : null,
    }));
  return { rows, total: first?.total ?? 0, spentCents: Number(first?.spentCents ?? 0) };
}

/** The key's normalisation in SQL, the same as addressKey's (contract domain/user-addresses.ts). */
const part = (column: string) => sql.raw(`btrim(regexp_replace(lower(o.${column}), '\\s+', ' ', 'g'))`);
/** The address columns, in the key's order (firstName -> first_name). */
const ADDRESS_COLUMNS = ADDRESS_KEY_FIELDS.map((field) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

export interface AddressRow {
  address: AddressFields;
  lastUsed: Date;
  orders: number;
}

/** A user's distinct addresses (SQL group by the key's normalisation), newest first, with the latest spelling. */
export async function listUserAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  const key = sql.join(
    ADDRESS_COLUMNS.map((column) => part(column)),
    sql`, `,
  );
  const result = await db.execute<{ address: AddressRow['address']; lastUsed: string; orders: number }>(sql`
    SELECT (array_agg(json_build_object(
              'firstName', o.first_name, 'lastName', o.last_name, 'email', o.email, 'phone', o.phone,
              'street', o.street, 'city', o.city, 'state', o.state, 'zipcode', o.zipcode, 'country', o.country
            ) ORDER BY o.created_at DESC, o.id DESC))[1] AS address,
           max(o.created_at) AS "lastUsed",
           count(*)::int AS orders
      FROM ${orders} o
     WHERE o.user_id = ${userId}
     GROUP BY ${key}
     ORDER BY 2 DESC`);
  return result.rows.map((row) => ({ ...row, lastUsed: new Date(row.lastUsed) }));
}
