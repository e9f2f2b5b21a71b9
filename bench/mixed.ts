import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, DELIVERED_STATUS, type OrderListRequest, SHIPPED_STATUS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { defaultPoolMax } from '../apps/api/src/config';
import { connectDatabase, type Database, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { generateDemo } from '../apps/api/src/demo/generate';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { catalogueSearch } from './catalogue';
import type { LoadResult } from './load';
import { BENCH_METRICS_TOKEN, scrapeMetrics } from './metrics';
import { cpuSeconds, machineCpu, postgresCpuSeconds, sampleWaits } from './mixed-profile';
import { startServer } from './server-process';
import { isMainBench } from './standalone';
import { percentile } from './timing';

const require = createRequire(import.meta.url);

/** The part of autocannon's programmatic API used here (it ships no types). */
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  setupClient?: (client: {
    on(event: 'response', listener: (status: number, bytes: number, durationMs: number) => void): void;
    requestIterator: { context: Record<string, unknown> };
  }) => void;
  requests: {
    method: string;
    path: string;
    body?: string;
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
}) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}>;

/** The mixed load's connections (issue 9) and length (BENCH_MIXED_SECONDS, 60 s by default: issue 23). */
export const MIXED_CONNECTIONS = 200;
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);

/** A route's answers as the load's client timed them, in ms. */
export interface RouteLatency {
  route: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface MixedBench extends LoadResult {
  /** Of every answer the client timed (autocannon gives no p95). */
  p95: number;
  statusChanges: { acknowledged: number; missing: number; refused: number };
  /** Each of the round's four calls on its own (decision 057's amendment). */
  routes: RouteLatency[];
  /**
   * p99 of the answers after each connection's first (decision 057, fourth stop): the load opens its
   * connections all at once and each sends its first request (a product page) at the same moment,
   * so those answers wait behind the whole burst and the connections' setup.
   */
  p99AfterFirst: number;
}

/** The round's calls, in order: the names the per-route figures use. */
export const MIXED_ROUTES = ['product page', 'orders page', 'dashboard', 'status change'] as const;

function latencies(route: string, times: number[]): RouteLatency {
  times.sort((a, b) => a - b);
  return {
    route,
    count: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.at(-1) ?? Number.NaN,
  };
}

/**
 * The mixed load as npm run bench (run.ts) and bench/cost.ts run it: MIXED_CONNECTIONS for
 * MIXED_SECONDS on the catalogue bench's product page and the first page of undelivered orders,
 * with the server's event-loop delay meanwhile.
 */
export function runMixed(
  server: { delayDuring: <T>(during: () => Promise<T>) => Promise<{ result: T; p99Ms: number; maxMs: number }> },
  options: { base: string; token: string; database: Database; productQuery: string },
) {
  return server.delayDuring(() =>
    benchMixed({
      base: options.base,
      token: options.token,
      database: options.database,
      connections: MIXED_CONNECTIONS,
      seconds: MIXED_SECONDS,
      productPage: `${API_PATHS.productList}?${options.productQuery}`,
      orderPage: { delivery: 'notDelivered', page: 1, pageSize: 10 },
    }),
  );
}

/**
 * A busy shop at once (issue 9): each connection goes round a product page, an orders page, the
 * dashboard and a status change. Each status change carries a tracking number (Shipped) or a
 * discount code (Delivered) of its own, so afterwards every change the API acknowledged with a
 * 2xx is looked for in the orders' history: none may be missing.
 */
export async function benchMixed(options: {
  base: string;
  token: string;
  database: Database;
  connections: number;
  seconds: number;
  productPage: string;
  orderPage: OrderListRequest;
  /** One of the round's calls alone (its index in MIXED_ROUTES): each connection repeats it. */
  only?: number;
}): Promise<MixedBench> {
  const { database } = options;
  const ids = (
    await database.db.execute<{ id: string }>(sql`select id from orders order by created_at desc limit 2000`)
  ).rows.map((r) => r.id);
  if (ids.length === 0) throw new Error('the mixed load needs orders');
  const run = Math.random().toString(36).slice(2, 8);
  let serial = 0;
  const acknowledged: string[] = [];
  let refused = 0;

  const times = MIXED_ROUTES.map(() => [] as number[]);
  const afterFirst: number[] = [];
  const routeOf = (index: number) => (_status: number, _body: string, context: Record<string, unknown>) => {
    context.route = index;
  };

  const requests: Parameters<Autocannon>[0]['requests'] = [
    { method: 'GET', path: options.productPage, onResponse: routeOf(0) },
    { method: 'POST', path: API_PATHS.orderList, body: JSON.stringify(options.orderPage), onResponse: routeOf(1) },
    { method: 'GET', path: API_PATHS.dashboardSummary, onResponse: routeOf(2) },
    {
      method: 'POST',
      path: API_PATHS.orderStatus,
      setupRequest: (request, context) => {
        serial += 1;
        const code = `BENCH-${run}-${serial}`;
        const orderId = ids[serial % ids.length];
        context.code = code;
        const body =
          serial % 2 === 0
            ? { orderId, status: SHIPPED_STATUS, trackingNumber: code }
            : { orderId, status: DELIVERED_STATUS, discountCode: code };
        return { ...request, body: JSON.stringify(body) };
      },
      onResponse: (status, _body, context) => {
        context.route = 3;
        if (status >= 200 && status < 300) acknowledged.push(context.code as string);
        else refused += 1;
      },
    },
  ];

  const autocannon = require('autocannon') as Autocannon;
  const result = await autocannon({
    url: options.base,
    // Each answer's time by route: onResponse (below) names the route in the connection's context
    // just before autocannon emits the answer's duration.
    setupClient: (client) => {
      let answered = 0;
      client.on('response', (_status, _bytes, durationMs) => {
        const route = client.requestIterator.context.route;
        if (typeof route === 'number') times[route]?.push(durationMs);
        if (answered++ > 0) afterFirst.push(durationMs);
      });
    },
    connections: options.connections,
    duration: options.seconds,
    // BENCH_MIXED_ACCEPT_ENCODING (e.g. 'br, gzip') asks for compressed answers as a browser does;
    // autocannon asks for none by default, so compression's cost is not in the figure (decision 057).
    headers: {
      token: options.token,
      'content-type': 'application/json',
      ...(process.env.BENCH_MIXED_ACCEPT_ENCODING
        ? { 'accept-encoding': process.env.BENCH_MIXED_ACCEPT_ENCODING }
        : {}),
    },
    requests: requests.filter((_, i) => options.only === undefined || i === options.only),
  });

  const stored = new Set(
    (
      await database.db.execute<{ code: string }>(
        sql`select coalesce(tracking_number, discount_code) as code from order_status_changes
            where tracking_number like ${`BENCH-${run}-%`} or discount_code like ${`BENCH-${run}-%`}`,
      )
    ).rows.map((r) => r.code),
  );
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p95: percentile(
      times.flat().sort((a, b) => a - b),
      95,
    ),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusChanges: {
      acknowledged: acknowledged.length,
      missing: acknowledged.filter((code) => !stored.has(code)).length,
      refused,
    },
    routes: MIXED_ROUTES.map((route, i) => latencies(route, times[i] ?? [])),
    p99AfterFirst: percentile(
      afterFirst.sort((a, b) => a - b),
      99,
    ),
  };
}

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
  const admin = { email: 'bench@example.com', password: 'bench-password' };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-mixed-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir, { settings: { shared_preload_libraries: 'pg_stat_statements' } });
  try {
    await migrateDatabase(cluster.url);
    // Named, so that the sampling of the server's backends leaves the bench's own out.
    const benchUrl = new URL(cluster.url);
    benchUrl.searchParams.set('application_name', 'bench');
    const database = connectDatabase(benchUrl.toString(), 10);
    await ensureFirstAdmin(database.db, { ...admin, dataDir: dir });
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
        ADMIN_EMAIL: admin.email,
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
      },
      logFile,
    );
    const login = await fetch(`${server.base}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
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
    const run = await server.delayDuring(() => benchMixed({ ...mix, seconds: MIXED_SECONDS }));
    const waited = await waits.stop();
    const after = {
      server: cpuSeconds(server.pid),
      pg: postgresCpuSeconds(postmaster),
      bench: process.cpuUsage(before.bench),
      machine: machineCpu(),
    };
    const metrics = await scrapeMetrics(server.base);
    const statements = (
      await database.db.execute<{ calls: string; mean: number; max: number; total: number; query: string }>(sql`
        select calls, mean_exec_time as mean, max_exec_time as max, total_exec_time as total,
               regexp_replace(query, '[[:space:]]+', ' ', 'g') as query
          from pg_stat_statements order by total_exec_time desc limit 8`)
    ).rows;
    const alone = process.env.BENCH_MIXED_ALONE ? await eachCallAlone(server, mix, postmaster) : [];
    await server.close();
    await database.close();

    const serverTimes = new Map<string, number[]>(MIXED_ROUTES.map((r) => [r, []]));
    const log = (await fs.readFile(logFile, 'utf8')).slice(logStart);
    for (const line of log.split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { method?: string; url?: string; ms?: number };
      const route = entry.url && entry.method ? routeOfUrl(entry.method, entry.url) : undefined;
      if (route && typeof entry.ms === 'number') serverTimes.get(route)?.push(entry.ms);
    }

    const r = run.result;
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
        `acknowledged status changes missing; event-loop delay p99 ${fmt(run.p99Ms, 1)} ms`,
      `p99 of the answers after each connection's first (the opening burst left out): ${fmt(r.p99AfterFirst)} ms`,
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
        `the whole machine ${cores(after.machine.busy - before.machine.busy)} of ${os.cpus().length}`,
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
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (isMainBench('mixed.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
