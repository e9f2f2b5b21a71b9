import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { connectDatabase, type Database } from '../../src/db/client';
import { trackQueries } from './broadcasts';
import { createFreshDatabase } from './database';
import { checkAnswersAgainstDocument } from './openapi-check';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of its own (or env.DATABASE_URL's, for a second app on one
 * database: a restart); env values override the defaults. The pool has 5 connections unless a test
 * asks for another pool (e.g. a tiny one that a test can exhaust).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  pool: { max?: number; connectTimeoutMs?: number } = {},
): Promise<TestApp> {
  const url = env.DATABASE_URL ?? (await createFreshDatabase());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    ADMIN_DIST: path.join(dataDir, 'no-admin-build'),
    ...env,
  });
  const database = connectDatabase(url, pool.max ?? 5, pool.connectTimeoutMs);
  trackQueries(database.pool);
  trackQueries(database.pubsub);
  const app = await buildApp({ config, database });
  checkAnswersAgainstDocument(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
