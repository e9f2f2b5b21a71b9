import { orderIdRange, type SearchPlan } from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { DISCOUNT_SELECT, type DiscountRow } from '../discounts/repository';
import { likePattern } from '../users/repository';

/** What the search statement answers: each kind's rows, newest first, as JSON. */
export interface SearchRows {
  orders: { _id: string; status: string; name: string; email: string; date: string }[];
  products: { _id: string; name: string; category: string }[];
  customers: { _id: string; name: string; email: string; role: 'user' | 'admin'; isActive: boolean }[];
  discounts: DiscountRow[];
}

const ISO = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A kind's rows as one JSON array ('[]' when none). json_agg keeps the order of the rows its
 * sorted subquery gives it (PostgreSQL reads a subquery's output in order).
 */
const asJson = (rows: SQL | null): SQL =>
  rows === null ? sql`'[]'::json` : sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${rows}) r)`;

/**
 * Orders whose id starts with the prefix, as a range of the primary key read backwards (newest
 * first: an id begins with its creation time) and stopped after `limit` rows. For ids of lower-case
 * hex digits, as the app makes them, the range is exact under any collation. No LIKE beside it: the
 * planner answered one with the orders' trigram index, intersected with the range, then fetched and
 * sorted every order of the prefix (2,063 rows, 19 ms at 1M orders) instead of reading five.
 */
function ordersSql(prefix: string | null, limit: number): SQL | null {
  if (prefix === null) return null;
  const { from, to } = orderIdRange(prefix);
  return sql`
    SELECT o.id AS "_id", o.status, trim(o.first_name || ' ' || o.last_name) AS name, o.email, ${ISO('o.created_at')} AS date
      FROM orders o
     WHERE o.id >= ${from} AND o.id <= ${to}
     ORDER BY o.id DESC
     LIMIT ${limit}`;
}

/** Products whose lower-cased name contains the text: the list's trigram index (products_search_idx). */
function productsSql(text: string | null, limit: number): SQL | null {
  if (text === null) return null;
  return sql`
    SELECT p.id AS "_id", p.name, p.main_category AS category
      FROM products p
     WHERE p.name_search LIKE ${likePattern(text)}
     ORDER BY p.created_at DESC, p.id DESC
     LIMIT ${limit}`;
}

/** Accounts whose name or e-mail contains the text: the Users screen's two trigram indexes. */
function customersSql(text: string | null, limit: number): SQL | null {
  if (text === null) return null;
  const pattern = likePattern(text);
  return sql`
    SELECT u.id AS "_id", u.name, u.email, u.role, u.is_active AS "isActive"
      FROM users u
     WHERE lower(u.name) LIKE ${pattern} OR u.email LIKE ${pattern}
     ORDER BY u.created_at DESC, u.id DESC
     LIMIT ${limit}`;
}

/**
 * Codes containing the text. Codes are few (10k in the bench) and short: the scan of the table is
 * cheaper than an index would be worth (decision 039).
 */
function discountsSql(code: string | null, today: string, limit: number): SQL | null {
  if (code === null) return null;
  return sql`
    SELECT ${DISCOUNT_SELECT.columns(today)}
      FROM ${DISCOUNT_SELECT.from}
     WHERE d.code LIKE ${likePattern(code).toUpperCase()}
     ORDER BY d.created_at DESC, d.id DESC
     LIMIT ${limit}`;
}

/**
 * The whole search as one statement: one round trip and one pooled connection per request, each
 * kind planned on its own. A query builder, so the bench can time the same SQL.
 */
export function searchSql(plan: SearchPlan, options: { limit: number; today: string }): SQL {
  const { limit, today } = options;
  return sql`SELECT
    ${asJson(ordersSql(plan.orderIdPrefix, limit))} AS orders,
    ${asJson(productsSql(plan.text, limit))} AS products,
    ${asJson(customersSql(plan.text, limit))} AS customers,
    ${asJson(discountsSql(plan.discountCode, today, limit))} AS discounts`;
}

export async function searchRecords(
  db: DbOrTx,
  plan: SearchPlan,
  options: { limit: number; today: string },
): Promise<SearchRows> {
  const result = await db.execute<SearchRows & Record<string, unknown>>(searchSql(plan, options));
  const row = result.rows[0];
  return row ?? { orders: [], products: [], customers: [], discounts: [] };
}
