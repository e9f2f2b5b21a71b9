import { z } from 'zod';

/*
 * The two answers every route may give, in a module of their own rather than in common.ts: a
 * screen that only reads them (the admin's sign-out) does not build common.ts's request schemas
 * (e-mail, ids, text) as its chunk loads (docs/decisions/058-lighthouse-on-a-phone.md).
 */

/** Every error answer: { success: false, message }. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A success answer that carries only a message. */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;
