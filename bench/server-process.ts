/**
 * The bench's server process (bench/server.ts), started by run.ts and by the sections that measure
 * a request's fixed cost (bench/cost.ts): waits until it listens and passes messages both ways.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt } from '../scripts/build-server.mjs';
import type { ControlMessage, InServer, ServerMessage } from './server';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The Node flags `npm run serve` starts the app with (package.json's serve script, between `node`
 * and the script): the bench's server runs as production does, a fixed young generation included
 * (decision 054's fifth amendment). BENCH_NODE_FLAGS replaces them.
 */
export function serveFlags(): string[] {
  // BENCH_NODE_FLAGS="--a --b" in their place, to measure other flags.
  if (process.env.BENCH_NODE_FLAGS) return process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (scripts.serve ?? '').split(/\s+/);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

/** bench/server.ts built into bench/dist (when missing or older than its sources); the file's path. */
async function builtBenchServer(): Promise<string> {
  await ensureServerBuilt({ entries: { server: 'bench/server.ts' }, outdir: 'bench/dist' });
  return path.join(import.meta.dirname, 'dist/server.js');
}

/** The server process: starts it, waits until it listens, and passes messages both ways; `nodeFlags` in place of serve's. */
export async function startServer(env: Record<string, string>, logFile: string, nodeFlags = serveFlags()) {
  const child: ChildProcess = spawn(
    process.execPath,
    // Built as the app's server is (decision 051): bench/server.ts bundled into bench/dist.
    // BENCH_CPU_PROF=dir writes the server's CPU profile there when it exits (decision 020's how).
    [
      ...nodeFlags,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      await builtBenchServer(),
    ],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', openSync(logFile, 'w'), 'inherit', 'ipc'],
    },
  );
  const next = <T extends ServerMessage['type']>(type: T) =>
    new Promise<Extract<ServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<ServerMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`the bench server exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const tell = (message: ControlMessage) => child.send(message);
  const ready = await next('ready');
  return {
    base: ready.base,
    bare: ready.bare,
    pid: child.pid as number,
    /** The server's event-loop delay while `during` runs. */
    async delayDuring<T>(during: () => Promise<T>): Promise<{ result: T; p99Ms: number; maxMs: number }> {
      tell({ type: 'delay-start' });
      const result = await during();
      const stopped = next('delay');
      tell({ type: 'delay-stop' });
      const { p99Ms, maxMs } = await stopped;
      return { result, p99Ms, maxMs };
    },
    /** The median time the app's requests spent in the server process while `during` runs. */
    async inServerDuring<T>(during: () => Promise<T>): Promise<InServer & { result: T }> {
      tell({ type: 'in-server-start' });
      const result = await during();
      const stopped = next('in-server');
      tell({ type: 'in-server-stop' });
      const { type: _type, ...inServer } = await stopped;
      return { result, ...inServer };
    },
    /** The server's heap, GC totals and handles now. */
    async stats() {
      const answered = next('stats');
      tell({ type: 'stats' });
      return (await answered).stats;
    },
    /** The app's last 1,000 connections: accepted when, first request read when (epoch ms). */
    async connections() {
      const answered = next('connections');
      tell({ type: 'connections' });
      return (await answered).connections;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      tell({ type: 'close' });
      await exited;
    },
  };
}
