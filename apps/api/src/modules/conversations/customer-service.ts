import {
  CUSTOMER_MESSAGES_PER_MINUTE,
  type CustomerConversation,
  isObjectId,
  MESSAGE_PAGE_SIZE,
  MESSAGES,
  type Message,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { notify } from '../notifications/service';
import { threadPage, toCustomerConversation, toMessage } from './message-view';
import {
  appendMessage,
  type CustomerConversationRow,
  ensureCustomerConversation,
  findCustomerConversation,
  listMessages,
  recentCustomerMessages,
  threadHead,
} from './repository';
import { broadcastMessage, broadcastUnread, type MessageDeps } from './service';

/** A customer past CUSTOMER_MESSAGES_PER_MINUTE: 429, and when to try again. */
export class TooManyMessages extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, MESSAGES.tooManyMessages(retryAfterSeconds), retryAfterSeconds);
  }
}

/** The customer's conversation, started on first use: one per customer however many calls race. */
async function myConversation(db: Db, userId: string): Promise<CustomerConversationRow> {
  const found = await findCustomerConversation(db, userId);
  if (found) return found;
  await ensureCustomerConversation(db, userId);
  const made = await findCustomerConversation(db, userId);
  // Only a user deleted meanwhile has none: their session is gone with them.
  if (!made) throw new HttpError(403, MESSAGES.tokenInvalid);
  return made;
}

/** GET /api/customer/conversation: mine, with its newest page of messages (oldest first). */
export async function customerConversation(
  db: Db,
  userId: string,
  query: { limit?: number | undefined },
): Promise<{ conversation: CustomerConversation; messages: Message[]; nextCursor: string | null }> {
  const conversation = await myConversation(db, userId);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const rows = await listMessages(db, conversation.id, { limit: limit + 1 });
  return { conversation: toCustomerConversation(conversation), ...threadPage(rows, limit) };
}

/** GET /api/customer/messages?before=&limit=: older messages of my conversation. */
export async function customerMessages(
  db: Db,
  userId: string,
  query: { before?: string | undefined; limit?: number | undefined },
): Promise<{ messages: Message[]; nextCursor: string | null }> {
  if (query.before !== undefined && !isObjectId(query.before)) {
    throw new HttpError(400, 'before: must be a message of your conversation');
  }
  const conversation = await myConversation(db, userId);
  const head = await threadHead(db, conversation.id, query.before);
  if (!head.hasBefore) throw new HttpError(400, 'before: must be a message of your conversation');
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const rows = await listMessages(db, conversation.id, { before: query.before, limit: limit + 1 });
  return threadPage(rows, limit);
}

/**
 * POST /api/customer/messages: a message to the shop. At most CUSTOMER_MESSAGES_PER_MINUTE a
 * minute, counted with the conversation's row locked, so a burst of concurrent sends lets exactly
 * that many through. Every admin hears it (newMessage) and the new unread count.
 */
export async function sendCustomerMessage(deps: MessageDeps, userId: string, body: string): Promise<Message> {
  let isNew = false;
  const row = await deps.db.transaction(async (tx) => {
    let conversation = await findCustomerConversation(tx, userId, { lock: true });
    if (!conversation?.lastMessageAt) isNew = true;
    if (!conversation) {
      await ensureCustomerConversation(tx, userId);
      conversation = await findCustomerConversation(tx, userId, { lock: true });
    }
    if (!conversation) throw new HttpError(403, MESSAGES.tokenInvalid);
    const recent = await recentCustomerMessages(tx, conversation.id, CUSTOMER_MESSAGES_PER_MINUTE);
    if (recent.count >= CUSTOMER_MESSAGES_PER_MINUTE) throw new TooManyMessages(recent.retryAfterSeconds);
    return appendMessage(tx, { conversationId: conversation.id, senderId: userId, body, isAdmin: false });
  });
  const message = toMessage(row);
  broadcastMessage(deps, message);
  await broadcastUnread(deps);
  await ringTheBell(deps, message, isNew);
  return message;
}

/**
 * The bell (docs/decisions/056-notifications.md): a customer's new conversation or message, read
 * from the start for the admins whose Messages screen is open on some socket (its room, on any
 * instance), who see it there. Never fails the message: it is sent already.
 */
async function ringTheBell(deps: MessageDeps, message: Message, isNew: boolean): Promise<void> {
  try {
    const name = message.sender?.name || 'A customer';
    const excerpt = message.body.length > 60 ? `${message.body.slice(0, 59)}…` : message.body;
    const readBy = await deps.realtime.adminsWithMessagesOpen();
    await notify(
      deps.db,
      {
        kind: 'conversation',
        title: isNew ? `New conversation with ${name}: ${excerpt}` : `${name}: ${excerpt}`,
        subject: { conversationId: message.conversation },
      },
      { readBy },
    );
  } catch (err) {
    deps.log?.warn({ err }, 'notifications: could not ring the bell for a message');
  }
}
