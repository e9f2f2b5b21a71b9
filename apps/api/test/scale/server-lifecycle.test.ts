import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from '../../../../scripts/build-server.mjs';
import { freePort } from '../helpers/processes';
import { waitUntil } from '../helpers/wait';

/**
 * The real server process on the embedded database: what `npm start` runs. Slow-ish (a few
 * seconds a start), so one file walks through the whole life: first start, a second app on the
 * same folder, a crash, a clean stop, and the demo reset.
 */
const apiDir = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let port: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // The built server, as npm run serve runs it (built here when missing or older than its sources).
  await ensureServerBuilt();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-life-'));
  await fs.chmod(dataDir, 0o755);
  port = await freePort();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await stopPostmaster();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[] = []) {
  const child = spawn(process.execPath, ['--enable-source-maps', script, ...args], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function startServer() {
  const server = run('dist/server.js');
  await waitUntil(() => {
    if (server.child.exitCode !== null) throw new Error('the server exited');
    return server.output().includes('Backroom is running');
  }, 'the server to start').catch((error: Error) => {
    throw new Error(`${error.message}: ${server.output()}`);
  });
  return server;
}

async function postmasterPid(): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) ? pid : undefined;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopPostmaster() {
  const pid = await postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
}

const api = (p: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${p}`, init);

describe('the server process', () => {
  it('starts on a new folder with a demo shop and prints the address and the admin login', async () => {
    const server = await startServer();
    const out = server.output();
    expect(out).toContain(`http://localhost:${port}`);
    const password = /Password:\s+(\S+)/.exec(out)?.[1];
    expect(out).toContain('admin@example.com');
    const res = await api(API_PATHS.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const unread = await api(API_PATHS.unread, { headers: { token } });
    expect(((await unread.json()) as { unread: number }).unread).toBeGreaterThan(0);

    // A second app on the same folder refuses with a clear message.
    const second = run('dist/server.js');
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already running on/);
    expect((await api(API_PATHS.health)).status).toBe(200);

    // Killed outright, it leaves its PostgreSQL running; the next start stops that one first.
    const leftover = await postmasterPid();
    server.child.kill('SIGKILL');
    await server.exited;
    expect(leftover && alive(leftover)).toBe(true);
    const restarted = await startServer();
    expect(leftover && alive(leftover)).toBe(false);
    expect(restarted.output()).toContain(password as string);
    expect((await api(API_PATHS.health)).status).toBe(200);

    // SIGTERM: a clean stop, its PostgreSQL stopped too.
    const running = await postmasterPid();
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(running && alive(running)).toBe(false);
    expect(existsSync(path.join(dataDir, 'backroom.lock'))).toBe(false);
  });

  it('rebuilds the demo shop with npm run demo -- --reset', async () => {
    // A catalogue of 12 products: the reset is the point here (the first start drew all 120, and
    // scale/demo-catalogue.test.ts checks them), and each product's images cost a drawing.
    const demo = run('dist/demo.js', ['--reset', '--products', '12']);
    expect(await demo.exited).toBe(0);
    expect(demo.output()).toMatch(/Demo shop rebuilt: \{"customers":60,"admins":2/);
  });
});
