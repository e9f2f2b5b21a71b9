import { z } from 'zod';
import { nameSchema, newPasswordSchema } from './admins';
import { emailSchema } from './common';
import { waitText } from './domain/wait-text';

/**
 * POST /api/customer/register: a storefront account. The role is always 'user' whatever the body
 * says (unknown keys such as role are dropped); the password policy is the admins' one.
 */
export const customerRegisterRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type CustomerRegisterRequest = z.input<typeof customerRegisterRequestSchema>;

/** The answer to register and login: a customer session's token. */
export const customerSessionResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
});
export type CustomerSessionResponse = z.infer<typeof customerSessionResponseSchema>;

/** GET /api/customer/me: the signed-in customer. */
export const customerMeResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
});
export type CustomerMeResponse = z.infer<typeof customerMeResponseSchema>;

export const CUSTOMER_MESSAGES = {
  registered: 'Account created',
  emailTaken: 'email: is already registered',
  tooManyRegistrations: (seconds: number) =>
    `Too many accounts created from this address. Please try again in ${waitText(seconds)}.`,
} as const;
