import { z } from 'zod';
import { isObjectId } from './domain/object-id';

/** A 24-hex ObjectId-style id whose first 8 hex digits are its creation time in seconds. */
export const objectIdSchema = z.string().refine(isObjectId, { message: 'must be a 24-character hex id' });

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

/** An e-mail address: trimmed, lower-cased, well-formed. */
export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(254, 'is too long')
  .toLowerCase()
  .pipe(z.email({ error: 'must be a valid email address' }));
