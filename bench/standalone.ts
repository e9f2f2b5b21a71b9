/**
 * Runs one bench section on its own (`node --import tsx bench/<name>.ts`): a fresh embedded
 * database in a temporary folder, the first admin, the section's own data, the app in this
 * process, a signed-in token; the section's report printed; everything removed after.
 */
import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { API_PATHS } from '@backroom/contract';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';

export interface StandaloneContext {
  base: string;
  token: string;
  database: Database;
}

/** A password hash for bulk-made accounts nobody signs in with. */
export const unusablePasswordHash = () => hashPassword(randomBytes(16).toString('hex'));

/** Signs `admin` in on the server at `base` and answers the session's token. */
export async function signIn(base: string, admin: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${base}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return ((await login.json()) as { token: string }).token;
}

/** True when `file` (e.g. 'users.ts') is the script node was started with. */
export const isMainBench = (file: string) => process.argv[1]?.endsWith(path.join('bench', file)) ?? false;

export async function runStandalone(
  name: string,
  seed: (database: Database) => Promise<void>,
  run: (ctx: StandaloneContext) => Promise<string[]>,
): Promise<void> {
  const shop = await openBenchDatabase(name);
  const { dir, cluster, database } = shop;
  try {
    await seed(database);
    const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base, BENCH_ADMIN);
    console.log(`\n${(await run({ base, token, database })).join('\n')}`);
    await app.close();
  } catch (error) {
    // Told before the cluster stops: stopping it ends the pool's connections, which can throw first.
    console.error(error);
    throw error;
  } finally {
    await shop.close();
  }
}

/** Starts a standalone run from a bench file's own main, exiting 1 on failure. */
export function startStandalone(...args: Parameters<typeof runStandalone>): void {
  runStandalone(...args).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
