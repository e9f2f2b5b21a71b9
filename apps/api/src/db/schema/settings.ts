import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's visibility settings (spec 2 section 3, Settings): one row, id 1, made by the
 * migration. Checked means visible on the admin's screen, so the lists hold what is hidden.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    hiddenCategories: jsonb('hidden_categories').$type<string[]>().notNull().default([]),
    hiddenProductTags: jsonb('hidden_product_tags').$type<string[]>().notNull().default([]),
    showSupportInOrders: boolean('show_support_in_orders').notNull().default(true),
    /** Admin Management: every admin signs in with two-factor sign-in (docs/decisions/038-two-factor-sign-in.md). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** A tracked product with this many units or fewer (but some) is 'Low stock', unless it sets its own. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_one_row_check', sql`${t.id} = 1`),
    check('shop_settings_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);
