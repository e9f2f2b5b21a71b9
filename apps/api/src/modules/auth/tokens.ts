import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits (docs/decisions/002-session-tokens.md). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the sessions table keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
