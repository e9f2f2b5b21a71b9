import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { users } from './users';

/** A customer's chat thread with the shop's admins. */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participantName: text('participant_name').notNull().default(''),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** True while a customer message has not been read by any admin. */
    adminUnread: boolean('admin_unread').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One conversation per customer: the storefront's first use starts it with
    // insert … on conflict do nothing, so two first calls at once still make one (decision 030).
    uniqueIndex('conversations_user_id_key').on(t.userId),
    // The list's order and keyset, read backwards: newest activity first, conversations without
    // a message last (-infinity).
    index('conversations_activity_idx').on(sql`coalesce(${t.lastMessageAt}, '-infinity'::timestamptz)`, t.id),
    // The list's search on the participant's name (the user's name and e-mail have their own).
    index('conversations_participant_name_trgm_idx')
      .using('gin', sql`lower(${t.participantName}) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Keeps the unread count cheap however many conversations there are.
    index('conversations_admin_unread_idx').on(t.id).where(sql`${t.adminUnread}`),
  ],
);
