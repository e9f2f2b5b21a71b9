import { z } from 'zod';

/*
 * What every signed-in screen reads of the conversations: the unread count and the realtime events
 * the shell listens to. A module apart from conversations.ts, whose request schemas need
 * common.ts's text rules and are the Messages screen's and the server's: the shell's chunk then
 * builds these few schemas as it loads, not all of them (docs/decisions/058-lighthouse-on-a-phone.md).
 */

/** GET /api/conversations/admin/unread: how many conversations the admins have not read. */
export const unreadResponseSchema = z.object({
  success: z.literal(true),
  unread: z.number().int().nonnegative(),
});
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/** One message (spec 2 section 3): the thread's items, the send answer and the realtime newMessage event. */
export const messageSchema = z.object({
  _id: z.string(),
  conversation: z.string(),
  body: z.string(),
  isAdmin: z.boolean(),
  sender: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** The realtime newMessage event (spec 1 section 3; spec 2 section 3, Message). */
export const newMessageEventSchema = messageSchema;
export type NewMessageEvent = Message;

/** The adminUnreadUpdated socket event (and the browser-wide window event of the same name). */
export const adminUnreadUpdatedEventSchema = z.object({ count: z.number().int().nonnegative() });
export type AdminUnreadUpdatedEvent = z.infer<typeof adminUnreadUpdatedEventSchema>;

/** The conversationDeleted socket event: every admin's list drops it. */
export const conversationDeletedEventSchema = z.object({ _id: z.string() });
export type ConversationDeletedEvent = z.infer<typeof conversationDeletedEventSchema>;
