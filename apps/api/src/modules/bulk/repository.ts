import { DELIVERED_STATUS, type OrderStatus, type ProductTag, SHIPPED_STATUS } from '@backroom/contract';
import { and, desc, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newId } from '../../db/ids';
import { categories, orderStatusChanges, orders, products, users } from '../../db/schema';

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
 * answers the changed orders. The rollups follow through the orders' statement triggers.
 */
export async function setOrdersStatus(tx: DbOrTx, ids: string[], status: OrderStatus, adminId: string) {
  const changed = await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(inArray(orders.id, ids), ne(orders.status, status)))
    .returning({ id: orders.id, trackingNumber: orders.trackingNumber, discountCode: orders.discountCode });
  if (changed.length === 0) return changed;
  // An admin deleted while their job runs: the changes stay unattributed, as their older ones become.
  const [admin] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, adminId));
  await tx.insert(orderStatusChanges).values(
    changed.map((row) => ({
      id: newId(),
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

/** Deletes the orders (their status changes go with them); answers how many went. */
export async function deleteOrders(tx: DbOrTx, ids: string[]): Promise<number> {
  const rows = await tx.delete(orders).where(inArray(orders.id, ids)).returning({ id: orders.id });
  return rows.length;
}

/** Sets a flag on those of the products that do not have that value; answers how many changed. */
export async function setProductsFlag(tx: DbOrTx, ids: string[], flag: ProductTag, value: boolean): Promise<number> {
  const rows = await tx
    .update(products)
    .set({ [flag]: value, updatedAt: sql`now()` })
    .where(and(inArray(products.id, ids), ne(products[flag], value)))
    .returning({ id: products.id });
  return rows.length;
}

export async function setProductsDiscount(tx: DbOrTx, ids: string[], percent: number): Promise<number> {
  const rows = await tx
    .update(products)
    .set({ discount: percent, updatedAt: sql`now()` })
    .where(and(inArray(products.id, ids), ne(products.discount, percent)))
    .returning({ id: products.id });
  return rows.length;
}

export interface CategoryPlace {
  mainCategory: string;
  subCategory: string;
  subSubCategory: string;
}

export async function setProductsCategory(tx: DbOrTx, ids: string[], place: CategoryPlace): Promise<number> {
  const rows = await tx
    .update(products)
    .set({ ...place, updatedAt: sql`now()` })
    .where(
      and(
        inArray(products.id, ids),
        not(
          and(
            eq(products.mainCategory, place.mainCategory),
            eq(products.subCategory, place.subCategory),
            eq(products.subSubCategory, place.subSubCategory),
          ) as SQL,
        ),
      ),
    )
    .returning({ id: products.id });
  return rows.length;
}

/** Deletes the products; answers the file names each held (removed once the transaction commits). */
export function deleteProducts(tx: DbOrTx, ids: string[]) {
  return tx
    .delete(products)
    .where(inArray(products.id, ids))
    .returning({ images: products.images, accessories: products.accessories });
}

/** A main category of the tree with its sub and sub-sub lists, or undefined. */
export async function findCategory(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ subCategories: categories.subCategories, subSubCategories: categories.subSubCategories })
    .from(categories)
    .where(eq(categories.name, name));
  return row;
}
