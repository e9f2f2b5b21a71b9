import argon2 from 'argon2';
import { HashQueue } from './hash-queue';

/**
 * Two hashes at a time (of libuv's four threads), 16 more in line; a burst beyond that is a 503
 * with Retry-After (docs/decisions/045-overload.md). One argon2id hash at the default cost takes
 * about a tenth of a second of a core: 16 in line is about a second of waiting on a quiet machine.
 */
export const passwordWork = new HashQueue(2, 16);

/** argon2id with the library's defaults (OWASP's recommended minimums or above). */
export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => argon2.hash(password, { type: argon2.argon2id }));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still verifies
 * against a dummy one, so a login takes about the same time whether or not the e-mail exists.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    // The dummy hash is made outside the queue: a slot holder must never wait on its own queue.
    dummyHash ??= argon2.hash('not-a-real-password', { type: argon2.argon2id });
    const dummy = await dummyHash;
    await passwordWork.run(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return passwordWork.run(() => argon2.verify(hash, password).catch(() => false));
}
