import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Keys the app makes for itself once and every instance on the database shares, such as the one
 * that signs login device cookies (docs/decisions/003-login-limits.md).
 */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
