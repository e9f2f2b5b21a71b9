import { z } from 'zod';
import { emailSchema, textSchema } from './common';

/** POST /api/user/admin: an admin signs in. */
export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: textSchema({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
