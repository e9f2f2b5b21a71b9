import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login attempts per key ('ip:…' or 'email:…') in the current window. Kept in the database so
 * that every instance behind a load balancer counts the same attempts.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
