import { newObjectId } from '@backroom/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations } from '../../db/schema';
import { likePattern } from '../users/repository';
import type { ConversationCursor } from './cursor';

/** Conversations with a customer message no admin has read (a partial index keeps it cheap). */
export async function countUnread(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: count() }).from(conversations).where(eq(conversations.adminUnread, true));
  return rows[0]?.n ?? 0;
}

export interface ConversationRow {
  id: string;
  participantName: string;
  userId: string | null;
  userName: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  adminUnread: boolean;
  /** last_message_at in whole microseconds since the epoch, null without a message: the cursor's part. */
  activityMicros: string | null;
}

/** A timestamp as the API shows it: ISO 8601 in UTC, to the millisecond. */
const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The list's order: newest activity first, conversations without a message last (index conversations_activity_idx). */
const ACTIVITY = sql.raw(`coalesce(c.last_message_at, '-infinity'::timestamptz)`);

export interface ConversationPage {
  cursor?: ConversationCursor | undefined;
  q?: string | undefined;
  limit?: number | undefined;
}

/**
 * A page of conversations, newest activity first, after `cursor` when given, matching `q` on the
 * participant's name, the user's name or e-mail (each through its trigram index). Without a
 * search it reads the activity index backwards and stops once the page is full. A query builder,
 * so a test can EXPLAIN the same SQL.
 */
export function conversationPageSql(page: ConversationPage): SQL {
  const where: SQL[] = [];
  if (page.cursor) {
    // Exact to the microsecond: the position is rebuilt from integers, never from a JS Date.
    const at =
      page.cursor.activityMicros === null
        ? sql`'-infinity'::timestamptz`
        : sql`('epoch'::timestamptz + ${page.cursor.activityMicros}::bigint * interval '1 microsecond')`;
    where.push(sql`(${ACTIVITY}, c.id) < (${at}, ${page.cursor.id})`);
  }
  if (page.q) {
    const pattern = likePattern(page.q);
    where.push(sql`(lower(c.participant_name) LIKE ${pattern}
      OR c.user_id IN (SELECT u2.id FROM users u2 WHERE lower(u2.name) LIKE ${pattern} OR u2.email LIKE ${pattern}))`);
  }
  return sql`
    SELECT c.id, c.participant_name AS "participantName", c.user_id AS "userId", u.name AS "userName",
      c.last_message AS "lastMessage", ${iso('c.last_message_at')} AS "lastMessageAt", c.admin_unread AS "adminUnread",
      (floor(extract(epoch FROM c.last_message_at) * 1000000))::bigint::text AS "activityMicros"
    FROM conversations c LEFT JOIN users u ON u.id = c.user_id
    WHERE ${where.length > 0 ? sql.join(where, sql` AND `) : sql`true`}
    ORDER BY ${ACTIVITY} DESC, c.id DESC
    ${page.limit === undefined ? sql`` : sql`LIMIT ${page.limit}`}`;
}

export async function listConversations(db: DbOrTx, page: ConversationPage): Promise<ConversationRow[]> {
  const result = await db.execute<ConversationRow & Record<string, unknown>>(conversationPageSql(page));
  return result.rows;
}

/** Whether the conversation exists, and whether `before` (when given) is one of its messages. */
export async function threadHead(db: DbOrTx, conversationId: string, before: string | undefined) {
  const result = await db.execute<{ found: boolean; hasBefore: boolean }>(sql`
    SELECT exists (SELECT 1 FROM conversations WHERE id = ${conversationId}) AS found,
      ${before ? sql`exists (SELECT 1 FROM messages WHERE id = ${before} AND conversation_id = ${conversationId})` : sql`true`} AS "hasBefore"`);
  return result.rows[0] as { found: boolean; hasBefore: boolean };
}

export interface MessageRow {
  id: string;
  conversationId: string;
  body: string;
  isAdmin: boolean;
  senderName: string | null;
  createdAt: string;
}

export interface ThreadPage {
  before?: string | undefined;
  limit?: number | undefined;
}

/**
 * A thread's messages newest first, older than the message `before` when given: the index
 * (conversation_id, created_at, id) read backwards, stopping after `limit`. A query builder, so a
 * test can EXPLAIN the same SQL.
 */
export function threadPageSql(conversationId: string, page: ThreadPage): SQL {
  return sql`
    SELECT m.id, m.conversation_id AS "conversationId", m.body, m.is_admin AS "isAdmin",
      s.name AS "senderName", ${iso('m.created_at')} AS "createdAt"
    FROM messages m LEFT JOIN users s ON s.id = m.sender_id
    WHERE m.conversation_id = ${conversationId}
      ${page.before ? sql`AND (m.created_at, m.id) < (SELECT b.created_at, b.id FROM messages b WHERE b.id = ${page.before})` : sql``}
    ORDER BY m.created_at DESC, m.id DESC
    ${page.limit === undefined ? sql`` : sql`LIMIT ${page.limit}`}`;
}

export async function listMessages(db: DbOrTx, conversationId: string, page: ThreadPage): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow & Record<string, unknown>>(threadPageSql(conversationId, page));
  return result.rows;
}

/** Marks a conversation read; true when it was unread (the count changed). */
export async function markRead(db: DbOrTx, conversationId: string): Promise<boolean> {
  const result = await db.execute(
    sql`UPDATE conversations SET admin_unread = false WHERE id = ${conversationId} AND admin_unread RETURNING id`,
  );
  return result.rows.length > 0;
}

/** Deletes a conversation and its messages; undefined when there was none, else whether it was unread. */
export async function deleteConversation(db: DbOrTx, id: string): Promise<{ wasUnread: boolean } | undefined> {
  const rows = await db
    .delete(conversations)
    .where(eq(conversations.id, id))
    .returning({ wasUnread: conversations.adminUnread });
  return rows[0];
}

/** Whether the conversation is this customer's: the only one their socket may join. */
export async function isCustomersConversation(db: DbOrTx, userId: string, conversationId: string): Promise<boolean> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  return rows.length > 0;
}

/** Locks a conversation for a new message; false when it does not exist. */
export async function lockConversation(tx: DbOrTx, id: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT id FROM conversations WHERE id = ${id} FOR UPDATE`);
  return result.rows.length > 0;
}

/** Starts the customer's conversation unless it exists: one per customer, race-free (unique user_id). */
export async function ensureCustomerConversation(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO conversations (id, user_id, participant_name)
    SELECT ${newObjectId()}, u.id, u.name FROM users u WHERE u.id = ${userId}
    ON CONFLICT (user_id) DO NOTHING`);
}

export interface CustomerConversationRow {
  id: string;
  lastMessage: string | null;
  lastMessageAt: string | null;
  createdAt: string;
}

/** The customer's conversation, locked for a new message when asked. */
export async function findCustomerConversation(
  db: DbOrTx,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<CustomerConversationRow | undefined> {
  const result = await db.execute<CustomerConversationRow & Record<string, unknown>>(sql`
    SELECT id, last_message AS "lastMessage", ${iso('last_message_at')} AS "lastMessageAt", ${iso('created_at')} AS "createdAt"
    FROM conversations WHERE user_id = ${userId} ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return result.rows[0];
}

/**
 * The customer's messages within the last minute, counted on the conversation's locked row (so
 * concurrent sends count each other), and how many seconds until the oldest of the last `max`
 * leaves the minute.
 */
export async function recentCustomerMessages(
  tx: DbOrTx,
  conversationId: string,
  max: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const result = await tx.execute<{ count: number; retryAfterSeconds: number | null }>(sql`
    SELECT count(*)::int AS count,
      ceil(extract(epoch FROM min(w.created_at) + interval '1 minute' - clock_timestamp()))::int AS "retryAfterSeconds"
    FROM (SELECT created_at FROM messages
          WHERE conversation_id = ${conversationId} AND NOT is_admin
          ORDER BY created_at DESC LIMIT ${max}) w
    WHERE w.created_at > clock_timestamp() - interval '1 minute'`);
  const row = result.rows[0];
  return { count: row?.count ?? 0, retryAfterSeconds: Math.max(1, row?.retryAfterSeconds ?? 1) };
}

/**
 * Adds a message to a conversation whose row the caller has locked, and makes it the last one.
 * Its time is taken after the lock (clock_timestamp), so within a conversation the messages' order
 * is the order they were committed in and the last message is always the newest. A customer's
 * message marks the conversation unread and refreshes the participant's name; an admin's reply
 * marks it read.
 */
export async function appendMessage(
  tx: DbOrTx,
  message: { conversationId: string; senderId: string; body: string; isAdmin: boolean },
): Promise<MessageRow & { wasUnread: boolean }> {
  const result = await tx.execute<MessageRow & { wasUnread: boolean } & Record<string, unknown>>(sql`
    WITH before AS (SELECT admin_unread FROM conversations WHERE id = ${message.conversationId}),
    c AS (
      UPDATE conversations SET last_message = ${message.body}, last_message_at = clock_timestamp(),
        admin_unread = ${!message.isAdmin},
        participant_name = ${
          message.isAdmin
            ? sql`participant_name`
            : sql`coalesce((SELECT name FROM users WHERE id = ${message.senderId}), participant_name)`
        }
      WHERE id = ${message.conversationId}
      RETURNING last_message_at
    ),
    m AS (
      INSERT INTO messages (id, conversation_id, sender_id, body, is_admin, created_at)
      SELECT ${newObjectId()}, ${message.conversationId}, ${message.senderId}, ${message.body}, ${message.isAdmin}, c.last_message_at
      FROM c
      RETURNING id, conversation_id, body, is_admin, created_at
    )
    SELECT m.id, m.conversation_id AS "conversationId", m.body, m.is_admin AS "isAdmin", ${iso('m.created_at')} AS "createdAt",
      (SELECT name FROM users WHERE id = ${message.senderId}) AS "senderName",
      (SELECT admin_unread FROM before) AS "wasUnread"
    FROM m`);
  return result.rows[0] as MessageRow & { wasUnread: boolean };
}
