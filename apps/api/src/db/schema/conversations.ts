import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    index('conversations_user_id_idx').on(t.userId),
    index('conversations_last_message_at_idx').on(t.lastMessageAt),
    // Keeps the unread count cheap however many conversations there are.
    index('conversations_admin_unread_idx').on(t.id).where(sql`${t.adminUnread}`),
  ],
);
