import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, type OrderListRequest } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { defaultPoolMax } from '../apps/api/src/config';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { generateDemo } from '../apps/api/src/demo/generate';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { catalogueSearch } from './catalogue';
import { BENCH_METRICS_TOKEN, scrapeMetrics } from './metrics';
import { benchMixed, MIXED_CONNECTIONS, MIXED_ROUTES, MIXED_SECONDS } from './mixed-load';
import { cpuSeconds, machineCpu, postgresCpuSeconds, sampleWaits } from './mixed-profile';
import { serveFlags, startServer } from './server-process';
import { isMainBench, signIn } from './standalone';
import { percentile } from './timing';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Each round's call by the request log's URL. */
function routeOfUrl(method: string, url: string): string | undefined {
  if (method === 'GET' && url.startsWith(API_PATHS.productList)) return MIXED_ROUTES[0];
  if (url === API_PATHS.orderList) return MIXED_ROUTES[1];
  if (url === API_PATHS.dashboardSummary) return MIXED_ROUTES[2];
  if (url === API_PATHS.orderStatus) return MIXED_ROUTES[3];
  return undefined;
}

const ALONE_CONNECTIONS = Number(process.env.BENCH_MIXED_ALONE_CONNECTIONS ?? 50);
const ALONE_SECONDS = Number(process.env.BENCH_MIXED_ALONE_SECONDS ?? 15);

/**
 * Each of the round's four calls alone (BENCH_MIXED_ALONE=1, issue 23): ALONE_CONNECTIONS repeat
 * the one call for ALONE_SECONDS, and what it cost per answer: the server process's CPU, PostgreSQL's
 * (every backend's, from /proc) and the statements' own execution time (pg_stat_statements).
 */
async function eachCallAlone(
  server: { pid: number },
  mix: Omit<Parameters<typeof benchMixed>[0], 'seconds' | 'only'>,
  postmaster: number,
) {
  const figures = [];
  for (const [only, route] of MIXED_ROUTES.entries()) {
    await mix.database.db.execute(sql`select pg_stat_statements_reset()`);
    const pgBefore = postgresCpuSeconds(postmaster);
    const serverBefore = cpuSeconds(server.pid);
    const run = await benchMixed({ ...mix, connections: ALONE_CONNECTIONS, seconds: ALONE_SECONDS, only });
    const serverCpu = cpuSeconds(server.pid) - serverBefore;
    const pgCpu = postgresCpuSeconds(postmaster) - pgBefore;
    const exec = (
      await mix.database.db.execute<{ total: number }>(sql`
        select coalesce(sum(total_exec_time), 0)::float8 as total from pg_stat_statements
         where query not like '%pg_stat_statements%'`)
    ).rows[0]?.total;
    const answers = run.routes[only]?.count ?? 0;
    figures.push({
      route,
      rps: run.requestsPerSecond,
      p50: run.p50,
      p99: run.p99,
      serverMs: (serverCpu * 1000) / answers,
      pgMs: (pgCpu * 1000) / answers,
      execMs: Number(exec ?? 0) / answers,
    });
  }
  return figures;
}

/**
 * The mixed load on its own (node --import tsx bench/mixed.ts; decision 057): a fresh embedded
 * database with the demo shop, 100k products, 10k users and BENCH_ORDERS (100,000) orders, the
 * bench's server process (request log on, metrics on, DATABASE_POOL_MAX from the environment),
 * a short warm-up, then MIXED_CONNECTIONS for BENCH_MIXED_SECONDS. Besides the figures of npm run
 * bench it prints where the time went: each call's latency as the client saw it and as the server
 * logged it, the statements PostgreSQL spent its time on (pg_stat_statements), and the CPU of the
 * server process, of PostgreSQL and of the whole machine during the load.
 */
async function main() {
  const ordersWanted = Number(process.env.BENCH_ORDERS ?? 100_000);
  // The pool named, so that the sampling of the server's backends leaves the bench's own out.
  const shop = await openBenchDatabase('mixed', {
    settings: { shared_preload_libraries: 'pg_stat_statements' },
    applicationName: 'bench',
  });
  const { dir, cluster, database } = shop;
  try {
    await generateDemo(database.db, { customers: 2000 });
    await insertBulkProducts(database.db, 100_000);
    await insertBulkUsers(database.db, 10_000, { passwordHash: await hashPassword(randomBytes(16).toString('hex')) });
    await insertBulkOrders(database.db, ordersWanted, { products: await demoProductsForOrders(database.db, 1000) });
    await database.db.execute(sql`vacuum analyze products, users, orders`);
    await database.db.execute(sql`create extension if not exists pg_stat_statements`);

    const logFile = path.join(dir, 'server.log');
    const server = await startServer(
      {
        DATA_DIR: dir,
        DATABASE_URL: cluster.url,
        LOG_LEVEL: 'info',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
      },
      logFile,
    );
    const token = await signIn(server.base, BENCH_ADMIN);
    const mix = {
      base: server.base,
      token,
      database,
      connections: MIXED_CONNECTIONS,
      productPage: `${API_PATHS.productList}?${catalogueSearch()}`,
      orderPage: { delivery: 'notDelivered', page: 1, pageSize: 10 } satisfies OrderListRequest,
    };
    // Warm-up: every connection of the pool opened and every statement prepared, as in npm run bench,
    // where other loads come first.
    await benchMixed({ ...mix, seconds: 5 });
    await scrapeMetrics(server.base);
    await database.db.execute(sql`select pg_stat_statements_reset()`);
    const logStart = (await fs.stat(logFile)).size;
    const postmaster = Number(readFileSync(path.join(dir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);
    const before = {
      server: cpuSeconds(server.pid),
      pg: postgresCpuSeconds(postmaster),
      bench: process.cpuUsage(),
      machine: machineCpu(),
    };
    const waits = sampleWaits(database);
    const gcBefore = (await server.stats()).gc;
    const run = await server.delayDuring(() => benchMixed({ ...mix, seconds: MIXED_SECONDS }));
    const gcAfter = (await server.stats()).gc;
    const waited = await waits.stop();
    const after = {
      server: cpuSeconds(server.pid),
      pg: postgresCpuSeconds(postmaster),
      bench: process.cpuUsage(before.bench),
      machine: machineCpu(),
    };
    const accepted = (await server.connections()).filter((c) => c.acceptedAt >= run.result.startedAt);
    const metrics = await scrapeMetrics(server.base);
    const statements = (
      await database.db.execute<{ calls: string; mean: number; max: number; total: number; query: string }>(sql`
        select calls, mean_exec_time as mean, max_exec_time as max, total_exec_time as total,
               regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
          from pg_stat_statements order by total_exec_time desc limit 8`)
    ).rows;
    const alone = process.env.BENCH_MIXED_ALONE ? await eachCallAlone(server, mix, postmaster) : [];
    await server.close();

    const serverTimes = new Map<string, number[]>(MIXED_ROUTES.map((r) => [r, []]));
    // The opening burst as the server logged it: the run's first MIXED_CONNECTIONS arrivals, by
    // when each reached the app (the line's time less its ms) after the load began.
    const arrivals: { at: number; ms: number }[] = [];
    const log = (await fs.readFile(logFile, 'utf8')).slice(logStart);
    for (const line of log.split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { method?: string; url?: string; ms?: number; time?: number };
      const route = entry.url && entry.method ? routeOfUrl(entry.method, entry.url) : undefined;
      if (route && typeof entry.ms === 'number') serverTimes.get(route)?.push(entry.ms);
      if (route && typeof entry.ms === 'number' && typeof entry.time === 'number') {
        arrivals.push({ at: entry.time - entry.ms - run.result.startedAt, ms: entry.ms });
      }
    }

    const r = run.result;
    const burst = arrivals.sort((a, b) => a.at - b.at).slice(0, MIXED_CONNECTIONS);
    const q3 = (values: number[]) =>
      [50, 99, 100]
        .map((q) =>
          fmt(
            percentile(
              [...values].sort((a, b) => a - b),
              q,
            ),
          ),
        )
        .join(' / ');
    const answers = r.routes.reduce((sum, route) => sum + route.count, 0);
    const seconds = (after.machine.total - before.machine.total) / os.cpus().length;
    const cores = (cpu: number) => `${fmt(cpu / seconds, 2)} cores`;
    const lines = [
      `\nThe mixed load alone: ${MIXED_CONNECTIONS} connections, ${MIXED_SECONDS} s, ${fmt(ordersWanted)} orders, ` +
        `DATABASE_POOL_MAX ${process.env.DATABASE_POOL_MAX ?? `${defaultPoolMax()} (default)`}; ${os.cpus().length} cores, load average ` +
        os
          .loadavg()
          .map((l) => fmt(l, 1))
          .join(' '),
      `${fmt(r.requestsPerSecond)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, ` +
        `${r.errors} errors, ${r.non2xx} non-2xx, ${r.statusChanges.missing} of ${fmt(r.statusChanges.acknowledged)} ` +
        `acknowledged status changes missing; event-loop delay p99 ${fmt(run.p99Ms, 1)} ms, max ${fmt(run.maxMs, 1)} ms`,
      `p99 of the answers after each connection's first (the opening burst left out): ${fmt(r.p99AfterFirst)} ms`,
      `the opening burst, p50 / p99 / max ms: each connection's first answer ${[r.firstAnswers.p50, r.firstAnswers.p99, r.firstAnswers.max].map((n) => fmt(n)).join(' / ')}; ` +
        `connected after the load began ${q3(r.connectedAfterMs)} (${r.connectedAfterMs.length}); the app's first ${MIXED_CONNECTIONS} ` +
        `requests reached it after ${q3(burst.map((b) => b.at))}, and took ${q3(burst.map((b) => b.ms))} there ` +
        `(${burst.filter((b) => b.at < 0).length} of them before the load began: the warm-up's last); ` +
        `the first answers came after ${q3(r.firstAnsweredAfterMs)}; the app had answered ` +
        `${arrivals.filter((a) => a.at + a.ms <= (r.firstAnsweredAfterMs[Math.floor(r.firstAnsweredAfterMs.length / 2)] ?? 0)).length} requests by the median one`,
      `the app accepted ${accepted.length} connections after the load began, after ${q3(accepted.map((c) => c.acceptedAt - r.startedAt))} ms; ` +
        `their first request was read ${q3(accepted.map((c) => (c.firstRequestAt ?? Number.POSITIVE_INFINITY) - c.acceptedAt))} ms after`,
      '',
      'call            answers   client p50 / p95 / p99 / max ms     server p50 / p99 ms (request log)',
      ...r.routes.map((route) => {
        const logged = (serverTimes.get(route.route) ?? []).sort((a, b) => a - b);
        return (
          `${route.route.padEnd(14)}  ${fmt(route.count).padStart(7)}   ` +
          `${[route.p50, route.p95, route.p99, route.max].map((n) => fmt(n)).join(' / ')}`.padEnd(36) +
          `${fmt(percentile(logged, 50), 1)} / ${fmt(percentile(logged, 99), 1)}`
        );
      }),
      '',
      `CPU during the load: server process ${cores(after.server - before.server)}, PostgreSQL ` +
        `${cores(after.pg - before.pg)}, the load's client ${cores((after.bench.user + after.bench.system) / 1e6)}, ` +
        `the whole machine ${cores(after.machine.busy - before.machine.busy)} of ${os.cpus().length}; ` +
        `per answer: server ${fmt(((after.server - before.server) * 1000) / answers, 2)} ms, PostgreSQL ${fmt(((after.pg - before.pg) * 1000) / answers, 2)} ms`,
      `GC pauses in the server during the load (Node flags: ${serveFlags().join(' ')}): ` +
        Object.entries(gcAfter)
          .map(([kind, total]) => {
            const count = total.count - (gcBefore[kind]?.count ?? 0);
            const ms = total.ms - (gcBefore[kind]?.ms ?? 0);
            return `${kind} ${fmt(count)} (${fmt(ms)} ms, ${fmt(count > 0 ? ms / count : 0, 1)} ms each)`;
          })
          .join(', '),
      `Pool: at most ${fmt(metrics.poolWaitingMax)} queries waiting for a connection (last scrape window)`,
      `PostgreSQL's backends, sampled every 100 ms (${fmt(waited.samples)} samples), on average: ` +
        [...waited.counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([what, n]) => `${fmt(n / waited.samples, 2)} ${what}`)
          .join(', '),
      `The server's connections: ${waited.paths.join(', ')}`,
      '',
      'PostgreSQL, by total time (pg_stat_statements):',
      '    calls   mean ms    max ms   total s  statement',
      ...statements.map(
        (s) =>
          `${fmt(Number(s.calls)).padStart(9)} ${fmt(s.mean, 2).padStart(9)} ${fmt(s.max, 1).padStart(9)} ` +
          `${fmt(s.total / 1000, 1).padStart(9)}  ${s.query.slice(0, 110)}`,
      ),
    ];
    if (alone.length > 0) {
      lines.push(
        '',
        `Each call alone (BENCH_MIXED_ALONE): ${ALONE_CONNECTIONS} connections, ${ALONE_SECONDS} s each; CPU per answer`,
        'call            req/s   p50 / p99 ms     server CPU ms   PostgreSQL CPU ms   PostgreSQL exec ms (pg_stat_statements)',
        ...alone.map(
          (a) =>
            `${a.route.padEnd(14)}  ${fmt(a.rps).padStart(5)}   ${`${fmt(a.p50)} / ${fmt(a.p99)}`.padEnd(15)}  ` +
            `${fmt(a.serverMs, 2).padStart(13)}   ${fmt(a.pgMs, 2).padStart(17)}   ${fmt(a.execMs, 2).padStart(10)}`,
        ),
      );
    }
    console.log(lines.join('\n'));
  } finally {
    await shop.close();
  }
}

if (isMainBench('mixed.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
