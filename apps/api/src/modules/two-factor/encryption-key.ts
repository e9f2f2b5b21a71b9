import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { findOrCreateSecret } from '../auth/repository';
import { keyFingerprint } from './secret-box';

/** The file the key is kept in when TOTP_ENCRYPTION_KEY is unset. */
export const KEY_FILE = 'totp-encryption.key';

/** The secrets-table row holding the fingerprint of the key the stored secrets were sealed with. */
const FINGERPRINT_NAME = 'totp_key_fingerprint';

/**
 * The key that seals two-factor secrets (docs/decisions/038-two-factor-sign-in.md): TOTP_ENCRYPTION_KEY,
 * or else a random key made at the first start and kept in DATA_DIR (mode 600), like the first admin's
 * login, with a warning: instances that share a database need the same key, so they must be given it.
 * A key other than the one the stored secrets were sealed with is reported at start (its fingerprint
 * is kept in the database); nothing here ever logs the key.
 */
export async function loadEncryptionKey(options: {
  configured: Buffer | undefined;
  dataDir: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<Buffer> {
  const key = options.configured ?? (await keptKey(options.dataDir));
  if (!options.configured) {
    options.log.warn(
      `TOTP_ENCRYPTION_KEY is not set: two-factor secrets are encrypted with the key kept in ${path.join(options.dataDir, KEY_FILE)}. Set TOTP_ENCRYPTION_KEY (openssl rand -hex 32) when several instances share the database.`,
    );
  }
  const fingerprint = keyFingerprint(key);
  const stored = await findOrCreateSecret(options.db, FINGERPRINT_NAME, fingerprint);
  if (stored !== fingerprint) {
    options.log.error(
      'TOTP_ENCRYPTION_KEY is not the key the two-factor secrets were stored with: admins with two-factor sign-in cannot sign in until it is restored (or another admin resets their two-factor sign-in)',
    );
  }
  return key;
}

async function keptKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  const kept = await fs.readFile(file, 'utf8').catch(() => null);
  if (kept !== null) {
    const key = Buffer.from(kept.trim(), 'hex');
    // Never replaced: a new key would make every stored secret unreadable.
    if (key.length !== 32 || !/^[0-9a-f]{64}$/i.test(kept.trim())) {
      throw new Error(`${file} does not hold a key (64 hex digits): restore it, or set TOTP_ENCRYPTION_KEY`);
    }
    return key;
  }
  const key = randomBytes(32);
  await fs.mkdir(dataDir, { recursive: true });
  // 'wx': an instance starting at the same moment on the same folder keeps the first one written.
  const written = await fs
    .writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    .then(() => true)
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false;
      throw error;
    });
  return written ? key : keptKey(dataDir);
}
