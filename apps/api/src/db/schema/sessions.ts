import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/**
 * One row per signed-in token (docs/decisions/002-session-tokens.md). Only the token's SHA-256
 * is kept; a revoked or expired row no longer authenticates. Triggers in the migrations revoke
 * a user's sessions when the password changes or the role leaves admin, and announce every
 * revocation on the 'session_revoked' channel so each instance can drop that session's sockets.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Which door the session came through: the admin login or the storefront's customer login
     * (docs/decisions/029-customer-sessions.md). Admin calls need an 'admin' session, customer calls a
     * 'customer' one, so neither token opens the other side.
     */
    kind: text('kind', { enum: ['admin', 'customer'] })
      .notNull()
      .default('admin'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);
