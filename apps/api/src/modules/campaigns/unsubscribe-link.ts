import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_PATHS } from '@backroom/contract';

/*
 * The unsubscribe link of every e-mail: /api/unsubscribe?token=<user id>.<signature>, signed with
 * HMAC-SHA256 under a key made once and kept in the secrets table (as the login device cookie's).
 * It names the account only; it never expires (an old e-mail's link must still work).
 */

export const UNSUBSCRIBE_SECRET_NAME = 'unsubscribe_link';

export function newUnsubscribeSecret(): string {
  return randomBytes(32).toString('base64url');
}

function signature(userId: string, key: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');
}

export function unsubscribeToken(userId: string, key: string): string {
  return `${userId}.${signature(userId, key)}`;
}

/** The user id a token names when its signature is ours; anything else is undefined. */
export function verifyUnsubscribeToken(token: string, key: string): string | undefined {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = match[1] as string;
  const given = Buffer.from(match[2] as string);
  const expected = Buffer.from(signature(userId, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${API_PATHS.unsubscribe}?token=${encodeURIComponent(token)}`;
}
