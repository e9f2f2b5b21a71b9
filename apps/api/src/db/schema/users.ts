import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from './columns';

/** Every account: customers (role user) and administrators (role admin). */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    /** Set when the customer follows an e-mail's unsubscribe link: campaigns skip them. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    // 'Search users...' is a case-insensitive substring of the name or the e-mail (spec 2 section 5).
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The list: admins first, then newest.
    index('users_role_created_at_idx').on(t.role, t.createdAt, t.id),
  ],
);
