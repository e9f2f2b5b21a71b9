/**
 * Cold start (issue 23, decision 051): from `npm run serve` on an existing data folder (the
 * embedded PostgreSQL with the demo shop, made by a first start) to the first successful admin
 * login, beside the server as it started before it was built (TypeScript compiled by tsx at every
 * start) in the same run. Each command is started BENCH_COLD_RUNS (3) times, alternately; the
 * median is the figure. Run by run.ts, or on its own: node --import tsx bench/cold-start.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PATHS } from '@backroom/contract';
import { ensureServerBuilt } from '../scripts/build-server.mjs';
import { isMainBench } from './standalone';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 3);
const ADMIN = { email: 'cold@example.com', password: 'cold-start-password' };
const GOAL_MS = 2000;

/** The commands timed: what `npm run serve` runs now, the built file alone, and the former tsx start. */
const COMMANDS = {
  built: { label: 'npm run serve (built server)', command: 'npm', args: ['run', '--silent', 'serve'] },
  builtNode: {
    label: 'node --enable-source-maps apps/api/dist/server.js',
    command: process.execPath,
    args: ['--enable-source-maps', 'apps/api/dist/server.js'],
  },
  tsx: {
    label: 'node --import tsx apps/api/src/server.ts (before)',
    command: process.execPath,
    args: ['--import', 'tsx', 'apps/api/src/server.ts'],
  },
} as const;
type Kind = keyof typeof COMMANDS;

export interface ColdStartResult {
  runs: number;
  /** Median ms from spawn to the first admin login answered 200, per command. */
  medians: Record<Kind, number>;
  all: Record<Kind, number[]>;
  /** Median ms from spawn to the server's "Backroom is running" line (listening), built server. */
  listeningMs: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Starts one command on dataDir, signs in as soon as it answers, stops it cleanly; the times in ms. */
async function timeOneStart(kind: Kind, dataDir: string): Promise<{ loginMs: number; listeningMs: number }> {
  const port = await freePort();
  const { command, args } = COMMANDS[kind];
  const started = performance.now();
  const child = spawn(command, [...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm's own child (node) stops with the group.
    detached: true,
  });
  let output = '';
  let listeningMs = Number.NaN;
  child.stdout.on('data', (d) => {
    output += d;
    if (Number.isNaN(listeningMs) && output.includes('Backroom is running')) listeningMs = performance.now() - started;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${kind} exited:\n${output}`);
      const answer = await fetch(`http://127.0.0.1:${port}${API_PATHS.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      }).catch(() => null);
      if (answer?.ok) return { loginMs: performance.now() - started, listeningMs };
      // Not listening yet (refused): ask again at once, a few milliseconds later.
      if (answer) throw new Error(`login answered ${answer.status}: ${await answer.text()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    // SIGTERM: the server stops its PostgreSQL before exiting, so the next start finds the folder free.
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    // npm exits with its child; wait for the data folder's lock to go too.
    for (let i = 0; i < 400; i++) {
      const lock = await fs.stat(path.join(dataDir, 'postgres', 'postmaster.pid')).catch(() => null);
      if (!lock) break;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

export async function benchColdStart(log: (line: string) => void = () => {}): Promise<ColdStartResult> {
  await ensureServerBuilt();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-cold-'));
  await fs.chmod(dataDir, 0o755);
  try {
    log('Cold start: a first start makes the data folder and its demo shop…');
    await timeOneStart('built', dataDir);
    const all: Record<Kind, number[]> = { built: [], builtNode: [], tsx: [] };
    const listening: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const kind of Object.keys(COMMANDS) as Kind[]) {
        const { loginMs, listeningMs } = await timeOneStart(kind, dataDir);
        all[kind].push(loginMs);
        if (kind === 'built') listening.push(listeningMs);
      }
    }
    return {
      runs: RUNS,
      all,
      medians: { built: median(all.built), builtNode: median(all.builtNode), tsx: median(all.tsx) },
      listeningMs: median(listening),
    };
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function coldStartReport(r: ColdStartResult): string[] {
  return [
    `Cold start: serve → first admin login, existing data folder (median of ${r.runs}; goal ≤ ${s(GOAL_MS)}):`,
    ...(Object.keys(COMMANDS) as Kind[]).map(
      (kind) => `  ${COMMANDS[kind].label.padEnd(52)} ${s(r.medians[kind])}  (${r.all[kind].map(s).join(', ')})`,
    ),
    `  built server listening ("Backroom is running") after ${s(r.listeningMs)}; ` +
      `goal ${r.medians.built <= GOAL_MS ? 'met' : 'NOT met'}, ${(r.medians.tsx / r.medians.built).toFixed(1)}x faster than tsx`,
  ];
}

if (isMainBench('cold-start.ts')) {
  benchColdStart(console.log)
    .then((r) => console.log(`\n${coldStartReport(r).join('\n')}`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
