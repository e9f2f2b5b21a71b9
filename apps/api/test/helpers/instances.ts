import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';
import { freePort, watchChild } from './processes';
import { waitUntil } from './wait';

/**
 * Real server processes, started as `npm run serve` starts one (the script's own command, with
 * this node), each on a free port and a data folder of its own. Shared by the two-instance test
 * and bench/realtime.ts; no vitest here.
 */
const root = path.resolve(import.meta.dirname, '../../../..');

/**
 * One two-factor key for every instance this process starts: instances that share a database must
 * share it (docs/decisions/038-two-factor-sign-in.md), and each one's own DATA_DIR would make its own.
 */
const totpEncryptionKey = randomBytes(32).toString('hex');

export interface Instance {
  base: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote so far, stdout and stderr. */
  output(): string;
  /** SIGTERM (a clean stop), SIGKILL if it has not exited after 10 s; its data folder removed. */
  stop(): Promise<void>;
}

/** The root package.json's serve script as node arguments: ['--enable-source-maps', 'apps/api/dist/server.js'] (built, decision 051). */
function serveArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const [command, ...args] = pkg.scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is no longer a node command: ${pkg.scripts.serve}`);
  return args;
}

/**
 * Starts one instance on DATABASE_URL (no embedded cluster, so no demo shop) and waits until it
 * prints that it runs; env adds or overrides variables (ADMIN_EMAIL, LOG_LEVEL …).
 */
export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-instance-'));
  await ensureServerBuilt();
  const child = spawn(process.execPath, serveArguments(), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_DIST: path.join(dataDir, 'no-admin-build'),
      TOTP_ENCRYPTION_KEY: totpEncryptionKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child, dataDir);
  const instance: Instance = { base: `http://127.0.0.1:${port}`, port, child, ...watched };
  try {
    await waitUntil(() => {
      if (child.exitCode !== null) throw new Error('the instance exited');
      return watched.output().includes('Backroom is running');
    }, 'the instance to start');
  } catch (error) {
    await instance.stop();
    throw new Error(`${(error as Error).message}\n${watched.output()}`);
  }
  return instance;
}
