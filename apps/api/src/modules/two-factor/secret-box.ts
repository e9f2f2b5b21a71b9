import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/*
 * Two-factor secrets at rest (docs/decisions/038-two-factor-sign-in.md): AES-256-GCM with a key kept
 * outside the database, the user's id as associated data, so a database dump alone holds no usable
 * secret and a row copied onto another account does not decrypt.
 */

const VERSION = 'v1';

/** 'v1.<iv>.<tag>.<ciphertext>', each part base64url. */
export function sealSecret(key: Buffer, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when the key (or the user) is not the one it was sealed with, or the text was altered. */
export function openSecret(key: Buffer, userId: string, sealed: string): string | undefined {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A short fingerprint of the key, kept in the database: a start with another key than the one
 * the stored secrets were sealed with can say so at once (the key itself never leaves the process).
 */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('backroom two-factor key check').digest('hex').slice(0, 32);
}
