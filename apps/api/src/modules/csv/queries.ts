import type { ProductSort } from '@backroom/contract';
import { asc, Column, inArray, is, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orders, products } from '../../db/schema';
import {
  type OrderFilter,
  orderAnswerColumns,
  countQuery as orderCountQuery,
  filterWhere as orderWhere,
} from '../orders/repository';
import {
  customerProductColumns,
  type ProductFilter,
  countQuery as productCountQuery,
  ordering as productOrdering,
  productStockLevels,
  filterWhere as productWhere,
} from '../products/repository';
import { ADMINS_FIRST, type UserFilter, userWhere } from '../users/repository';
import type { Statement } from './csv-stream';

/*
 * The exports' statements. Each uses the list's own WHERE (and order), built by the list's
 * repository, so an export holds exactly the rows the list pages through.
 */

const dialect = new PgDialect();

function compile(query: SQL): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
}

/** A Drizzle query builder's statement, to run on the export's own connection. */
function compileBuilder(builder: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = builder.toSQL();
  return { text, values: params };
}

/** Columns, or SQL expressions (a product's stock), keyed as the repositories' rows are. */
type Columns = Record<string, Column | SQL>;

/** `col AS "key"` for each column, so the rows come keyed as the repositories' rows are. */
function selectList(columns: Columns): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** A driver row's values as Drizzle would map them (bigint as number, numeric as number, JSON). */
export function decode<T>(columns: Columns, row: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, column] of Object.entries(columns)) {
    const value = row[key];
    out[key] = value == null || !is(column, Column) ? value : column.mapFromDriverValue(value);
  }
  return out as T;
}

export const orderExportColumns: Columns = { userId: orders.userId, ...orderAnswerColumns };

/** The latest status change's columns, prefixed, as the orders list carries them. */
export interface LastChangeCells {
  lcId: string | null;
  lcStatus: string | null;
  lcTrackingNumber: string | null;
  lcDiscountCode: string | null;
  lcAdminName: string | null;
  lcCreatedAt: Date | null;
}

/**
 * Orders matching the list's filter, newest first (the list's order). One line per order also
 * carries its latest status change (one probe of the history index per order, as the list does);
 * the item lines do without.
 */
export function orderRows(filter: OrderFilter, withLastChange: boolean): Statement {
  const lastChange = withLastChange
    ? sql`, lc.id AS "lcId", lc.status AS "lcStatus", lc.tracking_number AS "lcTrackingNumber",
          lc.discount_code AS "lcDiscountCode", lc.admin_name AS "lcAdminName", lc.created_at AS "lcCreatedAt"`
    : sql``;
  const join = withLastChange
    ? sql`LEFT JOIN LATERAL (
        SELECT c.id, c.status, c.tracking_number, c.discount_code, c.admin_name, c.created_at
          FROM order_status_changes c WHERE c.order_id = ${orders.id}
         ORDER BY c.created_at DESC, c.id DESC LIMIT 1) lc ON true`
    : sql``;
  return compile(sql`
    SELECT ${selectList(orderExportColumns)}${lastChange}
      FROM ${orders} ${join}
     WHERE ${orderWhere(filter) ?? sql`true`}
     ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC`);
}

export function orderCount(db: DbOrTx, filter: OrderFilter): Statement {
  return compileBuilder(orderCountQuery(db, filter));
}

export const productExportColumns: Columns = {
  ...customerProductColumns,
  lowStockThreshold: products.lowStockThreshold,
  stockLevels: productStockLevels,
};

/** Products matching the list's filter, in the list's order. */
export function productRows(filter: ProductFilter, sort: ProductSort): Statement {
  return compile(sql`
    SELECT ${selectList(productExportColumns)}
      FROM ${products}
     WHERE ${productWhere(filter) ?? sql`true`}
     ORDER BY ${sql.join(productOrdering(sort), sql`, `)}`);
}

export function productCount(db: DbOrTx, filter: ProductFilter): Statement {
  return compileBuilder(productCountQuery(db, filter));
}

export interface UserExportRow {
  id: string;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
  createdAt: Date;
  orders: string | null;
  delivered: string | null;
  totalCents: string | null;
  lastOrderAt: Date | null;
}

/** Users matching the list's search and role, admins first then newest, with their order figures. */
export function userRows(filter: UserFilter): Statement {
  return compile(sql`
    SELECT u.id, u.name, u.email, u.role, u.is_active AS "isActive", u.created_at AS "createdAt",
           s.orders, s.delivered, s.total_cents AS "totalCents", s.last_order_at AS "lastOrderAt"
      FROM users u LEFT JOIN user_order_stats s ON s.user_id = u.id
     WHERE ${userWhere(filter)}
     ORDER BY ${ADMINS_FIRST}`);
}

export function userCount(filter: UserFilter): Statement {
  return compile(sql`SELECT count(*) FROM users u WHERE ${userWhere(filter)}`);
}

/** A product's columns as the admin's product forms read and write them (accessories too). */
export const adminProductColumns = {
  ...customerProductColumns,
  hasAccessory: products.hasAccessory,
  accessories: products.accessories,
  lowStockThreshold: products.lowStockThreshold,
  stockLevels: productStockLevels,
};

const exportSelect = {
  ...customerProductColumns,
  lowStockThreshold: products.lowStockThreshold,
  stockLevels: productStockLevels,
};

/** Ids per statement: well below PostgreSQL's 65,535 parameters. */
const IDS_PER_QUERY = 5000;

/** The products of these ids, as the export reads them (the import preview matches rows by id). */
export async function findProductsByIds(db: DbOrTx, ids: string[]) {
  const rows = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY);
    rows.push(...(await db.select(exportSelect).from(products).where(inArray(products.id, chunk))));
  }
  return rows;
}

/** The products of these ids whole, as the product forms read them (after an import wrote their stock). */
export async function findAdminProducts(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(adminProductColumns).from(products).where(inArray(products.id, ids));
}

/**
 * The products of these ids whole (accessories too, as the product forms read them), locked until
 * the transaction ends, in id order so that two imports lock in the same order and never deadlock.
 * Their stock cells are locked first, as orders take them (cells, then the product's out_of_stock),
 * and the rows FOR NO KEY UPDATE, which orders' FOR KEY SHARE does not wait for: an import and an
 * order taking the last unit never deadlock (docs/decisions/055-stock.md).
 */
export async function lockProductsByIds(tx: DbOrTx, ids: string[]) {
  const sorted = [...ids].sort();
  const rows = [];
  for (let i = 0; i < sorted.length; i += IDS_PER_QUERY) {
    const chunk = sorted.slice(i, i + IDS_PER_QUERY);
    await tx.execute(
      sql`SELECT 1 FROM product_stock WHERE product_id IN ${chunk} ORDER BY product_id, color, size FOR UPDATE`,
    );
  }
  for (let i = 0; i < sorted.length; i += IDS_PER_QUERY) {
    const chunk = sorted.slice(i, i + IDS_PER_QUERY);
    rows.push(
      ...(await tx
        .select(adminProductColumns)
        .from(products)
        .where(inArray(products.id, chunk))
        .orderBy(asc(products.id))
        .for('no key update')),
    );
  }
  return rows;
}

/**
 * Updates many products in one statement, each with its own values (the same fields for all):
 * UPDATE ... FROM jsonb_to_recordset, typed by the columns' own SQL types. Answers the rows after.
 */
export async function updateProductsAtOnce(
  tx: DbOrTx,
  changes: { id: string; values: Partial<typeof products.$inferInsert> }[],
) {
  const first = changes[0];
  if (!first) return [];
  const keys = Object.keys(first.values) as (keyof typeof products.$inferInsert)[];
  const columns = keys.map((key) => products[key]);
  for (const change of changes) {
    if (Object.keys(change.values).length !== keys.length || keys.some((key) => !(key in change.values))) {
      throw new Error('updateProductsAtOnce: every product must set the same fields');
    }
  }
  const payload = changes.map((change) => ({
    id: change.id,
    ...Object.fromEntries(keys.map((key, i) => [columns[i]?.name, change.values[key]])),
  }));
  const shape = sql.join(
    [sql`id text`, ...columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`)],
    sql`, `,
  );
  const sets = sql.join(
    [
      ...columns.map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`),
      sql`${sql.identifier(products.updatedAt.name)} = now()`,
    ],
    sql`, `,
  );
  await tx.execute(
    sql`UPDATE products SET ${sets} FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(${shape}) WHERE products.id = v.id`,
  );
  return findProductsWhole(
    tx,
    changes.map((change) => change.id),
  );
}

/** The products of these ids whole (one statement; at most IDS_PER_QUERY ids). */
function findProductsWhole(tx: DbOrTx, ids: string[]) {
  return tx.select(adminProductColumns).from(products).where(inArray(products.id, ids));
}
