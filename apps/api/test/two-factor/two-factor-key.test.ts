import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, TWO_FACTOR_MESSAGES, TWO_FACTOR_PATHS } from '@backroom/contract';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/client';
import { KEY_FILE } from '../../src/modules/two-factor/encryption-key';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

const KEY = 'a1'.repeat(32);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TOTP_ENCRYPTION_KEY: KEY });
});
afterAll(() => t.close());

describe('TOTP_ENCRYPTION_KEY', () => {
  it('is used instead of a key file, and a start with another key cannot read the secrets', async () => {
    await expect(fs.stat(path.join(t.config.dataDir, KEY_FILE))).rejects.toThrow();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = (
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: admin.email, password: admin.password },
      })
    ).json();
    const { secret } = (await t.app.inject({ method: 'POST', url: TWO_FACTOR_PATHS.setup, headers: { token } })).json();
    const enabled = await t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.enable,
      headers: { token },
      payload: { code: await generate({ secret }) },
    });
    expect(enabled.statusCode).toBe(200);

    // Another instance on the same database, started with another key.
    const database = connectDatabase(t.database.url, 2);
    const other = await buildApp({
      config: loadConfig({
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.database.url,
        ADMIN_DIST: t.config.adminDist,
        TOTP_ENCRYPTION_KEY: 'b2'.repeat(32),
      }),
      database,
    });
    try {
      const first = await other.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: admin.email, password: admin.password },
      });
      expect(first.json().next).toBe('twoFactorCode');
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
      const res = await other.inject({
        method: 'POST',
        url: TWO_FACTOR_PATHS.loginCode,
        payload: { challenge: first.json().challenge, code },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: TWO_FACTOR_MESSAGES.secretUnreadable });
    } finally {
      await other.close();
      await database.close();
    }
  });
});
