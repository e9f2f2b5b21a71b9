import type { Conversation, CustomerConversation, Message } from '@backroom/contract';
import { encodeConversationCursor } from './cursor';
import type { ConversationRow, CustomerConversationRow, MessageRow } from './repository';

/** A message as every call and the newMessage event show it. */
export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    conversation: row.conversationId,
    body: row.body,
    isAdmin: row.isAdmin,
    // The sender's current name; null once the account is deleted (the screen shows 'User').
    sender: row.senderName === null ? null : { name: row.senderName },
    createdAt: row.createdAt,
  };
}

export function toConversation(row: ConversationRow): Conversation {
  return {
    _id: row.id,
    participantName: row.participantName,
    user: row.userId !== null && row.userName !== null ? { _id: row.userId, name: row.userName } : null,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt,
    adminUnread: row.adminUnread,
  };
}

export function toCustomerConversation(row: CustomerConversationRow): CustomerConversation {
  return {
    _id: row.id,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt,
    createdAt: row.createdAt,
  };
}

/** The cursor after a page's last conversation. */
export function conversationCursorAfter(row: ConversationRow): string {
  return encodeConversationCursor({ activityMicros: row.activityMicros, id: row.id });
}

/**
 * A thread page from rows read newest first, one more than `limit` when a limit was set: oldest
 * first within the page, and the cursor of the older page (its oldest message's id) when there is one.
 */
export function threadPage(rows: MessageRow[], limit: number | undefined) {
  const page = limit === undefined ? rows : rows.slice(0, limit);
  const more = limit !== undefined && rows.length > limit;
  return {
    messages: page.map(toMessage).reverse(),
    nextCursor: more ? (page.at(-1)?.id ?? null) : null,
  };
}
