import { z } from 'zod';
import { objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import { messageSchema } from './conversation-events';

/** The longest message a customer or an admin may send (issue 12). */
export const MESSAGE_MAX_LENGTH = 5_000;
/** Conversations the Messages screen asks for at a time; older ones come with 'Load more'. */
export const CONVERSATION_PAGE_SIZE = 50;
/** Messages of a thread loaded at a time, newest first; older ones with 'Load older messages'. */
export const MESSAGE_PAGE_SIZE = 50;
/** The largest page either list answers. */
export const MAX_CHAT_PAGE_SIZE = 500;
/** Messages a customer may send a minute; the next one is refused with 429 and Retry-After. */
export const CUSTOMER_MESSAGES_PER_MINUTE = 10;

/** One conversation (spec 2 section 3). participantName '' shows as 'Unnamed User'. */
export const conversationSchema = z.object({
  _id: z.string(),
  participantName: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }).nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  adminUnread: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** An opaque position in a list, handed back by the server as nextCursor. */
const cursorSchema = textSchema().max(200, 'is too long');

/**
 * GET /api/conversations: newest activity first. Without parameters the whole list (as the spec's
 * call); with limit one page, and `before` the nextCursor of the page before; q searches the
 * participant's name, the user's name and e-mail. Conversations without a message come last.
 */
export const conversationListQuerySchema = z.object({
  before: queryParam(cursorSchema),
  limit: wholeQueryParam(MAX_CHAT_PAGE_SIZE),
  q: queryParam(textSchema().trim().max(200, 'is too long')),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationListResponseSchema = z.object({
  success: z.literal(true),
  conversations: z.array(conversationSchema),
  /** Where the next page starts; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/**
 * GET /api/messages/admin/{conversationId}: the newest messages, or those before `before` (the
 * nextCursor of the page before). Without parameters the whole thread; with limit one page.
 */
export const threadParamsSchema = z.object({ conversationId: objectIdSchema });
export const threadQuerySchema = z.object({
  before: queryParam(cursorSchema),
  limit: wholeQueryParam(MAX_CHAT_PAGE_SIZE),
});
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

/** A page of a thread, oldest first within the page; nextCursor names the older page, null at the start. */
export const threadResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

/** A message's text: plain text, trimmed, 1 to 5,000 characters. */
export const messageBodySchema = textSchema({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(MESSAGE_MAX_LENGTH, `must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** POST /api/messages/admin. */
export const adminMessageRequestSchema = z.object({
  conversationId: objectIdSchema,
  body: messageBodySchema,
});
export type AdminMessageRequest = z.infer<typeof adminMessageRequestSchema>;

/** The answer to a sent message: the message itself, with its _id (spec 2 section 7). */
export const sentMessageResponseSchema = messageSchema.extend({ success: z.literal(true) });
export type SentMessageResponse = z.infer<typeof sentMessageResponseSchema>;

/** DELETE /api/conversations/{id}. */
export const conversationParamsSchema = z.object({ id: objectIdSchema });

/** The acknowledgement of a socket's join or joinAdminGlobal: refused joins say why. */
export const joinAckSchema = z.object({ ok: z.boolean(), message: z.string().optional() });
export type JoinAck = z.infer<typeof joinAckSchema>;

// The storefront's side (docs/customer-api.md): a customer sees only their own conversation.

/** A customer's conversation with the shop: its id is what the customer's socket joins. */
export const customerConversationSchema = z.object({
  _id: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerConversation = z.infer<typeof customerConversationSchema>;

/** GET /api/customer/conversation?limit=: mine (started on first use) with its newest page of messages. */
export const customerConversationQuerySchema = z.object({ limit: wholeQueryParam(MAX_CHAT_PAGE_SIZE) });
export const customerConversationResponseSchema = z.object({
  success: z.literal(true),
  conversation: customerConversationSchema,
  /** The newest MESSAGE_PAGE_SIZE (or limit) messages, oldest first. */
  messages: z.array(messageSchema),
  /** The `before` of GET /api/customer/messages for older ones; null when there are none. */
  nextCursor: z.string().nullable(),
});
export type CustomerConversationResponse = z.infer<typeof customerConversationResponseSchema>;

/** GET /api/customer/messages?before=&limit=: older messages of my conversation (a page of MESSAGE_PAGE_SIZE). */
export const customerMessagesQuerySchema = threadQuerySchema;
export const customerMessagesResponseSchema = threadResponseSchema;

/** POST /api/customer/messages: a message to the shop; answered with the message (sentMessageResponseSchema). */
export const customerMessageRequestSchema = z.object({ body: messageBodySchema });
export type CustomerMessageRequest = z.infer<typeof customerMessageRequestSchema>;
