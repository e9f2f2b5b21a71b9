import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The variant option sets (spec 1 section 3): Colors, Clothing Sizes, Canvas Sizes and any the
 * admins add, in display order, each with its ordered values. Seeded by the migrations.
 */
export const optionSets = pgTable('option_sets', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  values: jsonb('values').$type<string[]>().notNull().default([]),
});
