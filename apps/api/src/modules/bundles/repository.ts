import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A product line of a bundle as read: product id null when it was deleted from the catalogue. */
export interface BundleLine {
  id: string | null;
  /** The product's name and price now, or as kept when the bundle was last saved once it is deleted. */
  name: string;
  priceCents: number;
}

/** A bundle as read, with its products in order. */
export interface BundleRow {
  id: string;
  title: string;
  description: string;
  priceCents: number;
  startDate: string;
  endDate: string;
  images: string[];
  cancelled: boolean;
  purchaseCount: number;
  /** ISO timestamp in UTC, millisecond precision (made in SQL). */
  createdAt: string;
  products: BundleLine[];
}

/** What create and update write to the bundle's row. */
export type BundleValues = Pick<BundleRow, 'title' | 'description' | 'priceCents' | 'startDate' | 'endDate' | 'images'>;

/*
 * One statement reads bundles with their products: the lines of the bundles read are grouped in
 * one pass (a hash join with the products), no query per bundle. json, not jsonb: it is only
 * sent to Node, and json is cheaper to build.
 */
const selected = (where: SQL) => sql`
  b.id, b.title, b.description, b.price_cents AS "priceCents",
  b.start_date::text AS "startDate", b.end_date::text AS "endDate",
  b.images, b.cancelled, b.purchase_count AS "purchaseCount",
  to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  coalesce(l.lines, '[]'::json) AS products
  FROM bundles b
  LEFT JOIN (
    SELECT bp.bundle_id, json_agg(json_build_object(
             'id', bp.product_id,
             'name', coalesce(p.name, bp.product_name),
             'priceCents', coalesce(p.price_cents, bp.product_price_cents)
           ) ORDER BY bp.position) AS lines
      FROM bundle_products bp
      LEFT JOIN products p ON p.id = bp.product_id
     WHERE bp.bundle_id IN (SELECT b.id FROM bundles b WHERE ${where})
     GROUP BY bp.bundle_id
  ) l ON l.bundle_id = b.id
 WHERE ${where}`;

type Row = BundleRow & Record<string, unknown>;

/** Every bundle, newest first. A query builder, so a bench can time the same SQL. */
export function bundleListSql(): SQL {
  return sql`SELECT ${selected(sql`true`)} ORDER BY b.created_at DESC, b.id DESC`;
}

export async function listBundles(db: DbOrTx): Promise<BundleRow[]> {
  return (await db.execute<Row>(bundleListSql())).rows;
}

export async function findBundle(db: DbOrTx, id: string): Promise<BundleRow | undefined> {
  return (await db.execute<Row>(sql`SELECT ${selected(sql`b.id = ${id}`)}`)).rows[0];
}

/** The bundle's image names, its row locked until the transaction ends; undefined when there is none. */
export async function lockBundleImages(db: DbOrTx, id: string): Promise<string[] | undefined> {
  const result = await db.execute<{ images: string[] }>(sql`SELECT images FROM bundles WHERE id = ${id} FOR UPDATE`);
  return result.rows[0]?.images;
}

/** The bundle's image names, or undefined when there is none (no lock: for checks before a transaction). */
export async function bundleImages(db: DbOrTx, id: string): Promise<string[] | undefined> {
  const result = await db.execute<{ images: string[] }>(sql`SELECT images FROM bundles WHERE id = ${id}`);
  return result.rows[0]?.images;
}

/** Of these ids, the ones no product has. */
export async function missingProducts(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT o.id FROM unnest(${sql.param(ids)}::varchar[]) WITH ORDINALITY o(id, n)
     WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = o.id)
     ORDER BY o.n`);
  return result.rows.map((r) => r.id);
}

export async function insertBundle(db: DbOrTx, id: string, values: BundleValues): Promise<void> {
  await db.execute(sql`
    INSERT INTO bundles (id, title, description, price_cents, start_date, end_date, images)
    VALUES (${id}, ${values.title}, ${values.description}, ${values.priceCents}, ${values.startDate}::date,
      ${values.endDate}::date, ${JSON.stringify(values.images)}::jsonb)`);
}

export async function updateBundle(db: DbOrTx, id: string, values: BundleValues): Promise<void> {
  await db.execute(sql`
    UPDATE bundles
       SET title = ${values.title}, description = ${values.description}, price_cents = ${values.priceCents},
           start_date = ${values.startDate}::date, end_date = ${values.endDate}::date,
           images = ${JSON.stringify(values.images)}::jsonb, updated_at = now()
     WHERE id = ${id}`);
}

/**
 * Sets the bundle's products, in order, keeping each one's name and price; answers the ids that
 * were written (a product deleted meanwhile is not: the caller compares).
 */
export async function replaceBundleProducts(db: DbOrTx, bundleId: string, productIds: readonly string[]) {
  await db.execute(sql`DELETE FROM bundle_products WHERE bundle_id = ${bundleId}`);
  const result = await db.execute<{ productId: string }>(sql`
    INSERT INTO bundle_products (bundle_id, position, product_id, product_name, product_price_cents)
    SELECT ${bundleId}, o.n - 1, p.id, p.name, p.price_cents
      FROM unnest(${sql.param(productIds)}::varchar[]) WITH ORDINALITY o(id, n)
      JOIN products p ON p.id = o.id
    RETURNING product_id AS "productId"`);
  return result.rows.map((r) => r.productId);
}

/** Deletes the bundle (its lines go with it); answers its image names, or undefined when there was none. */
export async function deleteBundle(db: DbOrTx, id: string): Promise<string[] | undefined> {
  const result = await db.execute<{ images: string[] }>(sql`DELETE FROM bundles WHERE id = ${id} RETURNING images`);
  return result.rows[0]?.images;
}

/** Cancels an active bundle or restores a cancelled one; answers the new state, or undefined when there is none. */
export async function toggleCancelled(db: DbOrTx, id: string): Promise<boolean | undefined> {
  const result = await db.execute<{ cancelled: boolean }>(sql`
    UPDATE bundles SET cancelled = NOT cancelled, updated_at = now() WHERE id = ${id} RETURNING cancelled`);
  return result.rows[0]?.cancelled;
}

/**
 * Counts one purchase in one statement, only if the bundle can be bought on `today`: not
 * cancelled, within its dates, every product still in the catalogue. Answers the new count, or
 * undefined when it refused.
 */
export async function countPurchase(db: DbOrTx, id: string, today: string): Promise<number | undefined> {
  const result = await db.execute<{ purchaseCount: number }>(sql`
    UPDATE bundles b SET purchase_count = b.purchase_count + 1
     WHERE b.id = ${id} AND NOT b.cancelled
       AND ${today}::date BETWEEN b.start_date AND b.end_date
       AND NOT EXISTS (SELECT 1 FROM bundle_products bp WHERE bp.bundle_id = b.id AND bp.product_id IS NULL)
    RETURNING b.purchase_count AS "purchaseCount"`);
  return result.rows[0]?.purchaseCount;
}
