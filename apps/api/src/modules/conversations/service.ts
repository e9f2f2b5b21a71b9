import {
  type Conversation,
  type ConversationListQuery,
  EVENTS,
  isObjectId,
  MESSAGES,
  type Message,
  type ThreadQuery,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { snapshot } from '../activity/snapshot';
import { decodeConversationCursor } from './cursor';
import { conversationCursorAfter, threadPage, toConversation, toMessage } from './message-view';
import {
  appendMessage,
  countUnread,
  deleteConversation,
  listConversations,
  listMessages,
  lockConversation,
  markRead,
  threadHead,
} from './repository';

export interface MessageDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins' | 'toAdminsAndConversation' | 'adminsWithMessagesOpen'>;
  log?: { warn: (o: object, m: string) => void };
}

export function unreadCount(db: Db): Promise<number> {
  return countUnread(db);
}

/** Every admin's shell shows the number of unread conversations: told on every instance. */
export async function broadcastUnread(deps: MessageDeps): Promise<void> {
  deps.realtime.toAdmins(EVENTS.adminUnreadUpdated, { count: await countUnread(deps.db) });
}

/** A new message reaches every admin and the conversation's room in one emit: a socket in both hears it once. */
export function broadcastMessage(deps: MessageDeps, message: Message): void {
  deps.realtime.toAdminsAndConversation(message.conversation, EVENTS.newMessage, message);
}

/**
 * GET /api/conversations: newest activity first; without a limit the whole list (the spec's call),
 * with one a page and the cursor of the next.
 */
export async function conversationList(
  db: Db,
  query: ConversationListQuery,
): Promise<{ conversations: Conversation[]; nextCursor: string | null }> {
  const cursor = query.before === undefined ? undefined : decodeConversationCursor(query.before);
  if (query.before !== undefined && !cursor) throw new HttpError(400, 'before: is not a cursor this list gave');
  const limit = query.limit;
  const rows = await listConversations(db, {
    cursor,
    q: query.q,
    limit: limit === undefined ? undefined : limit + 1,
  });
  const page = limit === undefined ? rows : rows.slice(0, limit);
  const last = page.at(-1);
  return {
    conversations: page.map(toConversation),
    nextCursor: limit !== undefined && rows.length > limit && last ? conversationCursorAfter(last) : null,
  };
}

/** `before` must name a message of the thread: the id the previous page handed out. */
function checkBefore(before: string | undefined): void {
  if (before !== undefined && !isObjectId(before))
    throw new HttpError(400, 'before: must be a message of this conversation');
}

/**
 * GET /api/messages/admin/{conversationId}: a page of the thread (the whole thread without a
 * limit). Opening it marks it read, and when that changes the unread count every admin is told.
 */
export async function adminThread(
  deps: MessageDeps,
  conversationId: string,
  query: ThreadQuery,
): Promise<{ messages: Message[]; nextCursor: string | null }> {
  checkBefore(query.before);
  const head = await threadHead(deps.db, conversationId, query.before);
  if (!head.found) throw new HttpError(404, MESSAGES.conversationNotFound);
  if (!head.hasBefore) throw new HttpError(400, 'before: must be a message of this conversation');
  const rows = await listMessages(deps.db, conversationId, {
    before: query.before,
    limit: query.limit === undefined ? undefined : query.limit + 1,
  });
  if (await markRead(deps.db, conversationId)) await broadcastUnread(deps);
  return threadPage(rows, query.limit);
}

/** POST /api/messages/admin: the reply, made the conversation's last message (and marking it read). */
export async function sendAdminMessage(
  deps: MessageDeps,
  adminId: string,
  request: { conversationId: string; body: string },
): Promise<Message> {
  const row = await deps.db.transaction(async (tx) => {
    if (!(await lockConversation(tx, request.conversationId))) throw new HttpError(404, MESSAGES.conversationNotFound);
    return appendMessage(tx, {
      conversationId: request.conversationId,
      senderId: adminId,
      body: request.body,
      isAdmin: true,
    });
  });
  const message = toMessage(row);
  broadcastMessage(deps, message);
  if (row.wasUnread) await broadcastUnread(deps);
  return message;
}

/** DELETE /api/conversations/{id}: gone with its messages; every admin's list drops it. */
export async function removeConversation(deps: MessageDeps, id: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await snapshot(tx, 'conversations', id, { lock: true });
    const gone = await deleteConversation(tx, id);
    if (gone && before) await recordChange(tx, 'conversation', 'deleted', id, before, null, ['id']);
    return gone;
  });
  if (!deleted) throw new HttpError(404, MESSAGES.conversationNotFound);
  deps.realtime.toAdmins(EVENTS.conversationDeleted, { _id: id });
  if (deleted.wasUnread) await broadcastUnread(deps);
}
