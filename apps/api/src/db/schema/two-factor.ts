import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/*
 * Two-factor sign-in (docs/decisions/038-two-factor-sign-in.md). Nothing here lets anyone in on
 * its own: the secret is encrypted with a key kept outside the database, recovery codes and
 * challenges are kept as SHA-256 hashes of 80 and 256 random bits.
 */

/** An admin's authenticator secret: pending until the first code confirms it (enabled_at set). */
export const adminTwoFactor = pgTable('admin_two_factor', {
  userId: idRef('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret, bound to the user id: 'v1.<iv>.<tag>.<ciphertext>' (base64url). */
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The RFC 6238 step of the last code accepted: no code of this step or an older one is taken again. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, hashed; used_at set when one stands in for a code. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: idColumn(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The login's second step: after a right password, a short-lived challenge good for one purpose,
 * entering a code or (when Admin Management requires it) setting two-factor sign-in up.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['twoFactorCode', 'twoFactorSetup'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(t.tokenHash),
    index('two_factor_challenges_expires_at_idx').on(t.expiresAt),
    check('two_factor_challenges_purpose_check', sql`${t.purpose} in ('twoFactorCode', 'twoFactorSetup')`),
  ],
);
