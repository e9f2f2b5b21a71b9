import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { products } from './products';

/**
 * Bundle sales (spec 2 section 3, Bundle; docs/decisions/028-bundles.md). The price is integer
 * cents; validity is a range of calendar days in the shop's time zone (SHOP_TIMEZONE), both ends
 * included, as for discount codes. Images are base names of files in the image storage, each
 * file the bundle's own (docs/decisions/009-images.md); the upload sweep knows this column
 * (modules/uploads/references.ts).
 */
export const bundles = pgTable(
  'bundles',
  {
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    cancelled: boolean('cancelled').notNull().default(false),
    /** Orders of the bundle: raised only by the order call's transaction (modules/bundles/purchase.ts). */
    purchaseCount: integer('purchase_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bundles_price_check', sql`${t.priceCents} > 0`),
    check('bundles_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('bundles_purchase_count_check', sql`${t.purchaseCount} >= 0`),
    check('bundles_images_check', sql`jsonb_typeof(${t.images}) = 'array' and jsonb_array_length(${t.images}) <= 5`),
    // The list: newest first.
    index('bundles_created_at_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The products of a bundle, in the order the form listed them. A product deleted from the
 * catalogue leaves its line with product_id null (ON DELETE SET NULL) and the name and price it
 * had when the bundle was last saved: the bundle shows it as removed, and cannot be bought until
 * it is saved without it.
 */
export const bundleProducts = pgTable(
  'bundle_products',
  {
    bundleId: idRef('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** null: the product was deleted from the catalogue. */
    productId: idRef('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name and price when the bundle was last saved; shown once it is deleted. */
    productName: text('product_name').notNull(),
    productPriceCents: integer('product_price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bundleId, t.position] }),
    // A product once per bundle (removed lines, all null, do not collide).
    uniqueIndex('bundle_products_bundle_product_key').on(t.bundleId, t.productId),
    // Deleting a product finds its lines without a scan.
    index('bundle_products_product_id_idx').on(t.productId),
  ],
);
