/**
 * Does a server that has answered a lot get slower per request (decision 054)? node --import tsx
 * bench/used-server.ts. Bench servers on one embedded database with the demo shop: each "used" one
 * is loaded with the DB-free route for BENCH_USED_SECONDS (30 s), then left idle for
 * BENCH_IDLE_SECONDS (20 s, as a server is between the bench's sections or at night), then its
 * DB-free route is compared with a fresh server's (bench/load.ts's compare), with each server's
 * heap, young generation, GC totals and CPU (user, system) printed before and after. One pair runs
 * with Node's defaults, one with the flags `npm run serve` gives the app (its fixed young generation).
 */
import '../apps/api/src/process-signals';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS } from '@backroom/contract';
import { generateDemo } from '../apps/api/src/demo/generate';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { compare, load } from './load';
import { BENCH_METRICS_TOKEN } from './metrics';
import type { ServerStats } from './server';
import { serveFlags, startServer } from './server-process';

const SECONDS = Number(process.env.BENCH_USED_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ADMIN = BENCH_ADMIN;
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const statsLine = (s: ServerStats) =>
  `heap ${fmt(s.heapUsedMb)} of ${fmt(s.heapTotalMb)} MB, young generation ${fmt(s.newSpaceMb)} MB, rss ${fmt(s.rssMb)} MB, GC ` +
  Object.entries(s.gc)
    .map(([k, v]) => `${k} ${v.count}× ${fmt(v.ms)} ms`)
    .join(', ');

async function main() {
  const shop = await openBenchDatabase('used');
  const { dir, cluster, database } = shop;
  try {
    await generateDemo(database.db, { customers: 200 });
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    };
    const variants = [
      { name: 'Node defaults', flags: ['--enable-source-maps'] },
      { name: serveFlags().join(' '), flags: serveFlags() },
    ];
    const used = [];
    for (const { name, flags } of variants) {
      used.push({ name: `used, ${name}`, flags, server: await startServer(env, path.join(dir, 'used.log'), flags) });
    }
    for (const { name, server } of used) {
      const r = await load(`${server.base}${API_PATHS.live}`, { connections: 50, seconds: SECONDS });
      console.log(`${name}: answered ${fmt(r.requests ?? 0, 0)}: ${statsLine(await server.stats())}`);
    }
    await sleep(IDLE_SECONDS * 1000);
    for (const { name, server } of used)
      console.log(`${name}, after ${IDLE_SECONDS} s idle: ${statsLine(await server.stats())}`);
    const side = (server: { base: string; pid: number }) => ({
      run: () => load(`${server.base}${API_PATHS.live}`, { connections: 50, seconds: 3 }),
      pid: server.pid,
    });
    for (const { name, flags, server } of used) {
      const fresh = await startServer(env, path.join(dir, 'fresh.log'), flags);
      await load(`${fresh.base}${API_PATHS.live}`, { connections: 50, seconds: 2 });
      const before = [await fresh.stats(), await server.stats()];
      const c = await compare(side(fresh), side(server), { rounds: ROUNDS, warmUp: async () => {} });
      const after = [await fresh.stats(), await server.stats()];
      const requests = (runs: { requests?: number }[]) => runs.reduce((n, r) => n + (r.requests ?? 0), 0);
      const perRequest = (i: 0 | 1, n: number) => {
        const user = ((after[i]?.cpu.user ?? 0) - (before[i]?.cpu.user ?? 0)) / n;
        const system = ((after[i]?.cpu.system ?? 0) - (before[i]?.cpu.system ?? 0)) / n;
        const gc = (s?: ServerStats) => Object.values(s?.gc ?? {}).reduce((t, g) => t + g.ms, 0);
        const gcUs = ((gc(after[i]) - gc(before[i])) * 1000) / n;
        return `user ${fmt(user)} + system ${fmt(system)} µs/req, GC pauses ${fmt(gcUs, 2)} µs/req`;
      };
      console.log(
        `${name} vs a fresh one: throughput ${fmt(c.ratio * 100, 0)}% (rounds ${c.ratios.map((r) => fmt(r * 100, 0)).join(' ')}), ` +
          `CPU ${fmt(c.b.medianCpuUs)} vs ${fmt(c.a.medianCpuUs)} µs/req (${fmt(c.cpuRatio * 100, 0)}%)`,
      );
      console.log(`  fresh: ${perRequest(0, requests(c.a.runs))}; ${statsLine(after[0] as ServerStats)}`);
      console.log(`  used: ${perRequest(1, requests(c.b.runs))}; ${statsLine(after[1] as ServerStats)}`);
      await fresh.close();
    }
    await Promise.all(used.map(({ server }) => server.close()));
  } finally {
    await shop.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
