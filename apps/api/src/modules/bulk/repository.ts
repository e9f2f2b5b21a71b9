import { DELIVERED_STATUS, newObjectId, type OrderStatus, type ProductTag, SHIPPED_STATUS } from '@backroom/contract';
import { and, desc, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, orderStatusChanges, orders, products, users } from '../../db/schema';
import { customerProductColumns, productStockLevels } from '../products/repository';

/**
 * Where a keyset walk stands: the last row's (created_at, id). The time travels as PostgreSQL's
 * own text, so it keeps its microseconds (a JS Date would drop them and skip rows of the same
 * millisecond).
 */
export interface BulkCursor {
  createdAt: string;
  id: string;
}

export interface BatchRow {
  id: string;
  cursor: BulkCursor;
}

type KeyedTable = typeof orders | typeof products;

/**
 * The next `limit` rows of a selection, newest first, after the cursor, locked until the
 * transaction ends. Newest first: rows added after the walk began sort before its cursor, so the
 * selection is the one that matched when the walk started (plus rows that came to match later).
 */
export async function nextBatch(
  tx: DbOrTx,
  table: KeyedTable,
  where: SQL | undefined,
  after: BulkCursor | null,
  limit: number,
): Promise<BatchRow[]> {
  const past = after
    ? sql`(${table.createdAt}, ${table.id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const rows = await tx
    .select({ id: table.id, createdAt: sql<string>`${table.createdAt}::text` })
    .from(table)
    .where(and(where, past))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .for('update');
  return rows.map((row) => ({ id: row.id, cursor: { createdAt: row.createdAt, id: row.id } }));
}

/**
 * Sets the status of those of the orders not already in it, as the one-order call does (tracking
 * number and discount code left as they are), and records each change with the admin's name:
 * answers the changed orders with the status each had before. The old values come from a
 * subquery over the same (already locked) rows, so one statement answers both old and new. The
 * rollups follow through the orders' statement triggers.
 */
export async function setOrdersStatus(tx: DbOrTx, ids: string[], status: OrderStatus, adminId: string) {
  const old = tx
    .select({ id: orders.id, was: sql<string>`${orders.status}`.as('was') })
    .from(orders)
    .where(and(inArray(orders.id, ids), ne(orders.status, status)))
    .as('old');
  const changed = await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .from(old)
    .where(eq(orders.id, old.id))
    .returning({
      id: orders.id,
      was: old.was,
      trackingNumber: orders.trackingNumber,
      discountCode: orders.discountCode,
    });
  if (changed.length === 0) return changed;
  // An admin deleted while their job runs: the changes stay unattributed, as their older ones become.
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, adminId));
  await tx.insert(orderStatusChanges).values(
    changed.map((row) => ({
      id: newObjectId(),
      orderId: row.id,
      status,
      // What the order carries after this change, for the status that uses it (as modules/orders).
      trackingNumber: status === SHIPPED_STATUS ? row.trackingNumber : null,
      discountCode: status === DELIVERED_STATUS ? row.discountCode : null,
      adminId: admin?.id ?? null,
      adminName: admin?.name ?? null,
    })),
  );
  return changed;
}

/**
 * Deletes the orders (their status changes go with them); answers each deleted row whole, as the
 * activity log's snapshot reads it (to_jsonb, camelCase fields), for its entry.
 */
export async function deleteOrders(tx: DbOrTx, ids: string[]) {
  const rows = await tx
    .delete(orders)
    .where(inArray(orders.id, ids))
    .returning({ id: orders.id, row: sql<Record<string, unknown>>`to_jsonb(${orders})` });
  return rows.map(({ id, row }) => ({ id, row: camelFields(row) }));
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** A to_jsonb row with camelCase field names (as modules/activity/snapshot.ts gives them). */
function camelFields(row: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [camel(key), value]));
}

/** A changed product's old and new values of the fields a bulk action set. */
export interface ProductChange {
  id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

type ProductField = keyof typeof products.$inferSelect;

/**
 * Sets the fields on those of the products where `differs` holds, in one statement: answers each
 * changed product with the fields' old values (read by a subquery over the same, already locked,
 * rows) and new ones.
 */
async function setProducts(
  tx: DbOrTx,
  ids: string[],
  values: Partial<typeof products.$inferInsert>,
  differs: SQL | undefined,
): Promise<ProductChange[]> {
  const fields = Object.keys(values) as ProductField[];
  // mapWith: the old value decoded as the column is (a numeric discount as a number, not text).
  const oldColumns = Object.fromEntries(
    fields.map((f) => [`was_${f}`, sql`${products[f]}`.mapWith(products[f]).as(`was_${f}`)]),
  );
  const old = tx
    .select({ id: products.id, ...oldColumns })
    .from(products)
    .where(and(inArray(products.id, ids), differs))
    .as('old');
  const oldFields = old as unknown as Record<string, SQL.Aliased>;
  const returning = Object.fromEntries([
    ['id', products.id],
    ...fields.flatMap((f) => [
      [`was_${f}`, oldFields[`was_${f}`]],
      [`now_${f}`, products[f]],
    ]),
  ]);
  const rows = (await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .from(old)
    .where(eq(products.id, old.id))
    .returning(returning as { id: typeof products.id })) as unknown as Record<string, unknown>[];
  return rows.map((row) => ({
    id: row.id as string,
    before: Object.fromEntries(fields.map((f) => [f, row[`was_${f}`]])),
    after: Object.fromEntries(fields.map((f) => [f, row[`now_${f}`]])),
  }));
}

/** Sets a flag on those of the products that do not have that value; answers the changed ones. */
export function setProductsFlag(tx: DbOrTx, ids: string[], flag: ProductTag, value: boolean) {
  return setProducts(tx, ids, { [flag]: value }, ne(products[flag], value));
}

export function setProductsDiscount(tx: DbOrTx, ids: string[], percent: number) {
  return setProducts(tx, ids, { discount: percent }, ne(products.discount, percent));
}

export interface CategoryPlace {
  mainCategory: string;
  subCategory: string;
  subSubCategory: string;
}

export function setProductsCategory(tx: DbOrTx, ids: string[], place: CategoryPlace) {
  return setProducts(
    tx,
    ids,
    { ...place },
    not(
      and(
        eq(products.mainCategory, place.mainCategory),
        eq(products.subCategory, place.subCategory),
        eq(products.subSubCategory, place.subSubCategory),
      ) as SQL,
    ),
  );
}

/**
 * Deletes the products; answers each deleted row with the columns the one-product delete logs
 * (the admin's product columns), its files among them (removed once the transaction commits).
 */
export function deleteProducts(tx: DbOrTx, ids: string[]) {
  return tx
    .delete(products)
    .where(inArray(products.id, ids))
    .returning({
      ...customerProductColumns,
      hasAccessory: products.hasAccessory,
      accessories: products.accessories,
      lowStockThreshold: products.lowStockThreshold,
      // RETURNING reads the statement's snapshot: the grid cells are still there (they go by cascade).
      stockLevels: productStockLevels,
    });
}

/** A main category of the tree with its sub and sub-sub lists, or undefined. */
export async function findCategory(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ subCategories: categories.subCategories, subSubCategories: categories.subSubCategories })
    .from(categories)
    .where(eq(categories.name, name));
  return row;
}
