import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The category tree (spec 1 section 3): one row per main category, in display order, with its
 * ordered sub and sub-sub lists. Seeded with the spec's defaults by the migrations. Products
 * refer to a category by name (products.main_category).
 */
export const categories = pgTable('categories', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  subCategories: jsonb('sub_categories').$type<string[]>().notNull().default([]),
  subSubCategories: jsonb('sub_sub_categories').$type<string[]>().notNull().default([]),
});
