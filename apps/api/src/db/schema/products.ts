import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';

/** A colour variant as stored: image is the base name of one of the product's images, or null. */
export interface StoredColorVariant {
  color: string;
  image: string | null;
  stock: number;
  outOfStock: boolean;
}

/** An accessory as stored: price in cents, images as base names. */
export interface StoredAccessory {
  name: string;
  description: string;
  priceCents: number;
  images: string[];
  outOfStock: boolean;
  preOrder: boolean;
  notAvailableYet: boolean;
  comingSoon: boolean;
  isNew: boolean;
  limitedEdition: boolean;
}

const flag = (name: string) => boolean(name).notNull().default(false);

/**
 * The catalogue (spec 1 section 3). Prices are integer cents. Images are base names of files
 * in the image storage (docs/decisions/009-images.md); each file belongs to one product only.
 * Indexed for the list's filters, search and sort (docs/decisions/010-product-list-paging.md):
 * trigram GIN on the lower-cased name for LIKE '%q%', btree on each category column and on the date, and a
 * partial index per status flag.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** lower(name), kept by the database: the search matches it with LIKE, cheaper than ILIKE. */
    nameSearch: text('name_search').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    mainCategory: text('main_category').notNull().default(''),
    subCategory: text('sub_category').notNull().default(''),
    subSubCategory: text('sub_sub_category').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    colorVariants: jsonb('color_variants').$type<StoredColorVariant[]>().notNull().default([]),
    clothingSizes: jsonb('clothing_sizes').$type<string[]>().notNull().default([]),
    canvasSizes: jsonb('canvas_sizes').$type<string[]>().notNull().default([]),
    hasAccessory: flag('has_accessory'),
    accessories: jsonb('accessories').$type<StoredAccessory[]>().notNull().default([]),
    bestseller: flag('bestseller'),
    outOfStock: flag('out_of_stock'),
    preOrder: flag('pre_order'),
    notAvailableYet: flag('not_available_yet'),
    comingSoon: flag('coming_soon'),
    isNewProduct: flag('is_new_product'),
    limitedEdition: flag('limited_edition'),
    vaulted: flag('vaulted'),
    /**
     * Counts its units in product_stock (docs/decisions/055-stock.md): out_of_stock then follows the
     * count (kept by the database), the manual flag only for products that do not track stock.
     */
    trackStock: flag('track_stock'),
    /** 'Low stock' at or below this many units; null takes the shop's default (shop_settings). */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Made by the demo generator: `npm run demo -- --reset` replaces these. */
    isDemo: flag('is_demo'),
    /** The spec's date: when the product was added. */
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_discount_check', sql`${t.discount} between 0 and 100`),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
    index('products_created_at_idx').on(t.createdAt, t.id),
    index('products_main_category_idx').on(t.mainCategory, t.createdAt, t.id),
    index('products_sub_category_idx').on(t.subCategory, t.createdAt, t.id),
    index('products_sub_sub_category_idx').on(t.subSubCategory, t.createdAt, t.id),
    // The name's trigrams with the categories (btree_gin, migration 0009): a search within a category
    // finds only that category's candidates; GIN serves any subset of its columns. fastupdate off:
    // each insert goes straight into the index, so searches never scan a pending list.
    index('products_search_idx')
      .using('gin', t.nameSearch.op('gin_trgm_ops'), t.mainCategory, t.subCategory, t.subSubCategory)
      .with({ fastupdate: false }),
    index('products_bestseller_idx').on(t.createdAt, t.id).where(sql`${t.bestseller}`),
    index('products_out_of_stock_idx').on(t.createdAt, t.id).where(sql`${t.outOfStock}`),
    index('products_pre_order_idx').on(t.createdAt, t.id).where(sql`${t.preOrder}`),
    index('products_not_available_yet_idx').on(t.createdAt, t.id).where(sql`${t.notAvailableYet}`),
    index('products_coming_soon_idx').on(t.createdAt, t.id).where(sql`${t.comingSoon}`),
    index('products_is_new_product_idx').on(t.createdAt, t.id).where(sql`${t.isNewProduct}`),
    index('products_limited_edition_idx').on(t.createdAt, t.id).where(sql`${t.limitedEdition}`),
    index('products_vaulted_idx').on(t.createdAt, t.id).where(sql`${t.vaulted}`),
    index('products_is_demo_idx').on(t.id).where(sql`${t.isDemo}`),
  ],
);

/**
 * Units left per colour and size of a product that tracks stock ('' where it has no colours or no
 * sizes: one row when it has neither). Orders take and give back units through triggers on orders
 * (docs/decisions/055-stock.md); the quantity never goes below zero.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: idRef('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'product_stock_pkey', columns: [t.productId, t.color, t.size] }),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * The units an order holds, as taken from product_stock: given back exactly once when the order is
 * cancelled or deleted before delivery. Written only by the orders' triggers; no foreign keys, so
 * that the order's own delete trigger still finds them.
 */
export const orderStock = pgTable(
  'order_stock',
  {
    orderId: idRef('order_id').notNull(),
    productId: idRef('product_id').notNull(),
    color: text('color').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ name: 'order_stock_pkey', columns: [t.orderId, t.productId, t.color, t.size] })],
);

/**
 * A tracked product crossing down to its low-stock threshold or to zero, written in the same
 * transaction as the change that caused it (whoever wrote it) and announced with NOTIFY
 * stock_alerts: the point the bell (notifications) hooks into (docs/decisions/055-stock.md).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: idRef('product_id').notNull(),
    /** 'low' or 'out'. */
    level: text('level').notNull(),
    stock: integer('stock').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stock_alerts_level_check', sql`${t.level} in ('low', 'out')`)],
);
