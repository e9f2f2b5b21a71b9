import { createHash, randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@backroom/contract';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** One recovery code: 16 base32 characters, 80 random bits (shown as ABCD-EFGH-IJKL-MNOP). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(TWO_FACTOR.recoveryCodeLength);
  // 256 is a multiple of 32, so each byte modulo 32 is uniform.
  return Array.from(bytes, (b) => BASE32[b % 32]).join('');
}

/** TWO_FACTOR.recoveryCodeCount distinct codes. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < TWO_FACTOR.recoveryCodeCount) codes.add(newRecoveryCode());
  return [...codes];
}

/**
 * What the database keeps instead of a code. 80 random bits need no slow hash: guessing one from
 * its SHA-256 is out of reach, and a lookup by hash stays one indexed query.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
