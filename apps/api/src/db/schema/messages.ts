import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, idRef } from './columns';
import { conversations } from './conversations';
import { users } from './users';

/** One message of a conversation, from the customer (isAdmin false) or an admin. */
export const messages = pgTable(
  'messages',
  {
    id: idColumn(),
    conversationId: idRef('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: idRef('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    isAdmin: boolean('is_admin').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A thread's pages, newest first (read backwards), and the customer's per-minute count.
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
  ],
);
