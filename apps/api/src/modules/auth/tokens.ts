import { hash, randomBytes } from 'node:crypto';

/** A new opaque session token: 256 random bits (docs/decisions/002-session-tokens.md). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** True for text shaped like newToken's: 43 base64url characters. */
export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/**
 * What the sessions table keeps instead of the token itself: its SHA-256 in hex. Asked at every
 * request with a token: node:crypto's one-shot hash makes no Hash object (about 4x faster than
 * createHash().update().digest() on a token, decision 054's eighth stop).
 */
export function hashToken(token: string): string {
  return hash('sha256', token);
}
