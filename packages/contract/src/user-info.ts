import { z } from 'zod';
import { ROLES } from './constants';

/*
 * Who is signed in, in a module apart from auth.ts's login schemas: every signed-in screen reads
 * it (the top bar's name), while the login's request schema needs common.ts's e-mail and text
 * rules, which a signed-in screen's first load then does not build (decision 058).
 */

/** GET /api/user/info: who is signed in. */
export const userInfoResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
  }),
});
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;
