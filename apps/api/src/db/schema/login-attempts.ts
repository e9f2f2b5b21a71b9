import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Login attempts per key ('ip:…', 'email:…' or 'device:…'), kept in the database so that every
 * instance behind a load balancer counts the same attempts (docs/decisions/003-login-limits.md).
 * Past its limit a key waits until blocked_until before its next attempt is checked; the count is
 * forgotten once the key has been quiet for a whole window after its last attempt and wait.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
