import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureServerBuilt } from '../../../scripts/build-server.mjs';

/*
 * The real Backroom server, as a process of its own on a data folder of its own: the global setup
 * makes the demo shop once (the template), and each Playwright worker runs a server on a copy of
 * it, so that two workers never share a database and never wait for each other's demo shop.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The settings every test process reads; the runner's config puts them in the environment. */
export const e2eEnv = () => {
  const root = process.env.BACKROOM_E2E_ROOT;
  if (!root) throw new Error('BACKROOM_E2E_ROOT is not set: run the browser tests through playwright.config.ts');
  return {
    root,
    template: path.join(root, 'template'),
    adminEmail: process.env.BACKROOM_E2E_ADMIN_EMAIL as string,
    adminPassword: process.env.BACKROOM_E2E_ADMIN_PASSWORD as string,
  };
};

export interface RunningServer {
  url: string;
  dataDir: string;
  pgPort: number;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The root package.json's serve script as node arguments: the built server with production's Node
 * flags (its source maps, and the young generation that does not shrink, decision 054), so that
 * the browser tests run the server as it is deployed, a flag added there included.
 */
function serveArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { serve: string } };
  const [command, ...args] = pkg.scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is no longer a node command: ${pkg.scripts.serve}`);
  return args;
}

/** Polls /api/health until the server answers; fails at once if the process ends first. */
async function healthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A safety net only: a first start on a busy machine makes the demo shop, which takes a while.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer on ${url} within 5 minutes:\n${output()}`);
}

/** Starts a server on `dataDir` (made from the template when asked) and waits until it answers. */
export async function startServer(dataDir: string, options: { copyOf?: string } = {}): Promise<RunningServer> {
  if (options.copyOf) {
    if (existsSync(dataDir)) throw new Error(`${dataDir} exists already`);
    // cp -a keeps the database files' owner (the postgres user, when we are root) and modes.
    execFileSync('cp', ['-a', options.copyOf, dataDir]);
  } else {
    mkdirSync(dataDir, { recursive: true });
  }
  // The embedded PostgreSQL runs as the postgres user when we are root: it must enter the folder.
  chmodSync(dataDir, 0o755);
  const [port, pgPort] = [await freePort(), await freePort()];
  const { adminEmail, adminPassword } = e2eEnv();
  // The built server, as npm run serve runs it (built here when missing or older than its sources).
  await ensureServerBuilt();
  const child = spawn(process.execPath, serveArguments(), {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DATABASE_URL: '',
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '1000',
      LOG_LEVEL: 'warn',
      // Playwright's request client keeps its connections and reuses one without retrying, so a
      // call that meets the server closing that idle connection at its 5 s mark fails with
      // ECONNRESET (seen under load). The server keeps idle connections longer than any test's pause.
      KEEP_ALIVE_TIMEOUT: '120s',
      // Parallel runs may each build the admin to their own folder (npx vite build --outDir …).
      ADMIN_DIST: process.env.BACKROOM_E2E_ADMIN_DIST ?? '',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should the runner go away without its teardown, the server (and its PostgreSQL) goes too.
  const orphaned = () => child.kill('SIGTERM');
  process.once('exit', orphaned);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', orphaned);
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM: the server finishes its requests and stops its PostgreSQL (a SIGKILL would leave it running).
      child.kill('SIGTERM');
      await exited;
    }
  };
  try {
    await healthy(url, child, () => stderr);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, dataDir, pgPort, stop };
}
