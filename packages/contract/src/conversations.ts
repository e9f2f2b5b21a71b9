import { z } from 'zod';

/** GET /api/conversations/admin/unread: how many conversations the admins have not read. */
export const unreadResponseSchema = z.object({
  success: z.literal(true),
  unread: z.number().int().nonnegative(),
});
export type UnreadResponse = z.infer<typeof unreadResponseSchema>;

/** The realtime newMessage event (spec 1 section 3; spec 2 section 3, Message). */
export const newMessageEventSchema = z.object({
  _id: z.string(),
  conversation: z.string(),
  body: z.string(),
  isAdmin: z.boolean(),
  sender: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type NewMessageEvent = z.infer<typeof newMessageEventSchema>;
