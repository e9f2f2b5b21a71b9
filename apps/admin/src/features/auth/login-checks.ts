import { API_PATHS, type LoginRequest, loginAnswerSchema, loginRequestSchema } from '@backroom/contract';
import { apiRequest } from '../../lib/api-client';

/*
 * What the login form checks with the contract's schemas (zod), in a chunk of its own: loaded as
 * the admin starts typing (login-form.tsx), so zod is not part of the login screen's first load
 * (docs/decisions/053-login-screen-weight.md).
 */

export type Field = keyof LoginRequest;
export const LABELS: Record<Field, string> = { email: 'Email', password: 'Password' };

/**
 * The contract's messages for each field, named ('Email is required'): the contract's messages
 * name no field. The first message of a field wins.
 */
export function fieldErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const parsed = loginRequestSchema.safeParse(values);
  const errors: Partial<Record<Field, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && field in LABELS && !errors[field]) errors[field] = `${LABELS[field]} ${issue.message}`;
  }
  return errors;
}

/** POST /api/user/admin with the checked credentials: the token, or a challenge for a second step. */
export function postLogin(values: Record<Field, string>) {
  return apiRequest(API_PATHS.login, {
    method: 'POST',
    body: loginRequestSchema.parse(values),
    schema: loginAnswerSchema,
    anonymous: true,
  });
}
