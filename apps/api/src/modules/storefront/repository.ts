import type { AddressFields } from '@backroom/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderStatusChanges, orders, products, type StoredOrderItem, wishlistItems } from '../../db/schema';
import type { BundleValues } from '../bundles/repository';
import { orderAnswerColumns } from '../orders/repository';
import { customerProductColumns, likePattern } from '../products/repository';

/** A product as the storefront reads it: the products module's customerProductColumns. */
export type CustomerProductRow = {
  [K in keyof typeof customerProductColumns]: (typeof customerProductColumns)[K] extends SQL<infer T>
    ? T
    : (typeof customerProductColumns)[K] extends { _: { data: infer D } }
      ? D
      : never;
};

export interface CatalogueFilter {
  visible: SQL | undefined;
  q?: string | undefined;
  category?: string | undefined;
  subCategory?: string | undefined;
}

function catalogueWhere(filter: CatalogueFilter): SQL | undefined {
  return and(
    filter.visible,
    // The lower-cased name, served by the trigram GIN index products_search_idx.
    filter.q ? sql`${products.nameSearch} like lower(${likePattern(filter.q)})` : undefined,
    filter.category !== undefined ? eq(products.mainCategory, filter.category) : undefined,
    filter.subCategory !== undefined ? eq(products.subCategory, filter.subCategory) : undefined,
  );
}

/** One page of visible products, newest first, and how many match; in one snapshot when `db` is a transaction. */
export async function listCataloguePage(db: DbOrTx, filter: CatalogueFilter, page: { limit: number; offset: number }) {
  const where = catalogueWhere(filter);
  const rows = await db
    .select(customerProductColumns)
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  return { rows: rows as CustomerProductRow[], total: counted?.total ?? 0 };
}

/** One visible product, or undefined (unknown and hidden alike). */
export async function findVisibleProduct(db: DbOrTx, id: string, visible: SQL | undefined) {
  const rows = await db
    .select(customerProductColumns)
    .from(products)
    .where(and(eq(products.id, id), visible))
    .limit(1);
  return rows[0] as CustomerProductRow | undefined;
}

/**
 * Products by id, locked FOR KEY SHARE until the order's transaction ends: the product cannot be
 * deleted under the order (a delete locks the row FOR UPDATE and waits for it); Modify Product locks
 * it FOR NO KEY UPDATE and does not wait (decision 055, Locks). Key-share locks do not block each
 * other nor the plain update with which the database flips out_of_stock when the order takes the
 * last unit (docs/decisions/055-stock.md): concurrent orders of one product go side by side.
 */
export async function lockProducts(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [] as CustomerProductRow[];
  const rows = await db
    .select(customerProductColumns)
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(products.id)
    .for('key share');
  return rows as CustomerProductRow[];
}

/**
 * A bundle's line takes one unit of each product it holds, the customer choosing no colour nor
 * size (decision 055): of each tracked product given, the cell with the most units left (ties: by
 * colour, then size). A product with none left has no entry: its line names no cell and is refused.
 */
export async function fullestStockCells(db: DbOrTx, ids: readonly string[]) {
  const cells = new Map<string, { color: string; size: string }>();
  if (ids.length === 0) return cells;
  const rows = await db.execute<{ product_id: string; color: string; size: string }>(sql`
    SELECT DISTINCT ON (s.product_id) s.product_id, s.color, s.size
      FROM product_stock s JOIN products p ON p.id = s.product_id AND p.track_stock
     WHERE s.product_id IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) AND s.quantity > 0
     ORDER BY s.product_id, s.quantity DESC, s.color, s.size`);
  for (const row of rows.rows) cells.set(row.product_id, { color: row.color, size: row.size });
  return cells;
}

// ---------------------------------------------------------------------------------------------
// Wishlist

/** My saved products that are still visible, newest saved first. */
export async function listVisibleWishlist(db: DbOrTx, userId: string, visible: SQL | undefined) {
  const rows = await db
    .select(customerProductColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), visible))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows as CustomerProductRow[];
}

/** Saves a product; saving it again changes nothing (the primary key decides). */
export async function addWishlistItem(db: DbOrTx, userId: string, productId: string): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Answers whether there was such an entry. */
export async function removeWishlistItem(db: DbOrTx, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Bundles

/** A bundle as the storefront needs it: its values, each line's product as it is now (null once deleted). */
export type BundleSaleRow = BundleValues & { id: string; products: (CustomerProductRow | null)[] };

/** A bundle's columns and its product ids in order (null where a product was deleted). */
const bundleSelect = sql`
  SELECT b.id, b.title, b.description, b.price_cents AS "priceCents",
         b.start_date::text AS "startDate", b.end_date::text AS "endDate", b.images,
         coalesce((SELECT json_agg(bp.product_id ORDER BY bp.position)
                     FROM bundle_products bp WHERE bp.bundle_id = b.id), '[]'::json) AS "productIds"
    FROM bundles b`;

/** The bundles that are on sale on `today` (not cancelled, within their days), newest first, with their products now. */
export async function listBundlesOnSale(db: DbOrTx, today: string): Promise<BundleSaleRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`${bundleSelect}
   WHERE NOT b.cancelled AND ${today}::date BETWEEN b.start_date AND b.end_date
   ORDER BY b.created_at DESC, b.id DESC`);
  return withProducts(db, result.rows);
}

/** One bundle with its products (whatever its state; the purchase statement judges that). */
export async function findBundleWithProducts(db: DbOrTx, id: string): Promise<BundleSaleRow | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`${bundleSelect} WHERE b.id = ${id}`);
  return (await withProducts(db, result.rows))[0];
}

/** The products of the bundles read, in one query, each line the product row or null when deleted. */
async function withProducts(db: DbOrTx, rows: Record<string, unknown>[]): Promise<BundleSaleRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.productIds as (string | null)[]).filter((id) => id !== null)))];
  const found =
    ids.length === 0
      ? []
      : ((await db
          .select(customerProductColumns)
          .from(products)
          .where(inArray(products.id, ids))) as CustomerProductRow[]);
  const byId = new Map(found.map((p) => [p.id, p]));
  return rows.map((r) => ({
    id: r.id as string,
    title: r.title as string,
    description: r.description as string,
    priceCents: r.priceCents as number,
    startDate: r.startDate as string,
    endDate: r.endDate as string,
    images: r.images as string[],
    products: (r.productIds as (string | null)[]).map((id) => (id === null ? null : (byId.get(id) ?? null))),
  }));
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface NewOrder {
  id: string;
  userId: string;
  items: StoredOrderItem[];
  amountCents: number;
  status: 'Order Placed' | 'Payment Pending';
  paymentMethod: string;
  address: AddressFields;
}

/**
 * The order row. Its totals (items_total_cents, item_count, total_cents) are set by the BEFORE
 * trigger, and the rollups and the customer's order figures by the statement triggers, all in the
 * caller's transaction (docs/decisions/012-orders-and-rollups.md).
 */
export async function insertOrder(db: DbOrTx, order: NewOrder): Promise<void> {
  await db.insert(orders).values({
    id: order.id,
    userId: order.userId,
    items: order.items,
    amountCents: order.amountCents,
    status: order.status,
    payment: false,
    paymentMethod: order.paymentMethod,
    ...order.address,
  });
}

/** The order's first history line: the storefront's (no admin), carrying the code it used, if any. */
export async function insertPlacedChange(
  db: DbOrTx,
  change: { id: string; orderId: string; status: string; discountCode: string | null },
): Promise<void> {
  await db.insert(orderStatusChanges).values({
    id: change.id,
    orderId: change.orderId,
    status: change.status,
    discountCode: change.discountCode,
    adminId: null,
    adminName: null,
  });
}

/** An order's columns for its customer, with the code it used (discount_redemptions, by order id). */
const customerOrderColumns = {
  ...orderAnswerColumns,
  itemsTotalCents: orders.itemsTotalCents,
  redeemedCode: sql<
    string | null
  >`(SELECT r.code FROM discount_redemptions r WHERE r.order_id = "orders"."id" ORDER BY r.created_at LIMIT 1)`,
  redeemedPercentage: sql<
    number | null
  >`(SELECT r.percentage::int FROM discount_redemptions r WHERE r.order_id = "orders"."id" ORDER BY r.created_at LIMIT 1)`,
};

/** An order as its customer's answers are made from: what customerOrderColumns select. */
export type CustomerOrderRow = NonNullable<Awaited<ReturnType<typeof findCustomerOrder>>>;

/** One order of mine by id (the answer to placing it). */
export async function findCustomerOrder(db: DbOrTx, id: string) {
  const rows = await db.select(customerOrderColumns).from(orders).where(eq(orders.id, id)).limit(1);
  return rows[0];
}

/** A page of my orders, newest first (index orders_user_id_idx), and how many I have. */
export async function listCustomerOrders(db: DbOrTx, userId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select(customerOrderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db.select({ total: count() }).from(orders).where(eq(orders.userId, userId));
  return { rows, total: counted?.total ?? 0 };
}
