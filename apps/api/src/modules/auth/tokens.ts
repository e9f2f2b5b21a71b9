import { createHash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits (docs/decisions/002-session-tokens.md). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** True for text shaped like newToken's: 43 base64url characters. */
export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** What the sessions table keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
