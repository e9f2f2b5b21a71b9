/**
 * A request's fixed cost (issue 23), on its own: node --import tsx bench/cost.ts. The same server
 * process as npm run bench (bench/server.ts, request log on) and the same sections: the DB-free
 * route beside bare node:http, the unread count, the product page one at a time beside the same
 * SQL and under load, and the mixed load at 200 connections, each with the server's event-loop
 * delay. A fresh embedded database with the demo shop, 100k products and BENCH_ORDERS orders
 * (100k by default: the mixed load's pages do not depend on the total). BENCH_SECONDS sets each
 * load's length (5 s), BENCH_MIXED_SECONDS the mixed load's (60 s). The server runs with its
 * metrics on, as npm run bench's does; the DB-free route is also asked of a second server with
 * them off (no METRICS_TOKEN), alternately, which tells the metrics hooks' cost.
 */
import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { connectDatabase, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { generateDemo } from '../apps/api/src/demo/generate';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { benchCatalogue, type CatalogueBench } from './catalogue';
import { alternately, type LoadResult, load } from './load';
import { BENCH_METRICS_TOKEN } from './metrics';
import { MIXED_CONNECTIONS, MIXED_SECONDS, type MixedBench, runMixed } from './mixed';
import { startServer } from './server-process';
import { isMainBench } from './standalone';

type Delay = { p99Ms: number; maxMs: number };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CONNECTIONS = 50;
const ADMIN = { email: 'bench@example.com', password: 'bench-password' };

/** Issue 23's goals for a request's fixed cost, and what it measured before (decision 020's run). */
export const ISSUE_23 = {
  apiOverSql: { measured: '6.25 ms vs 1.61 ms prepared (3.9x)', goal: 'at most 1.5x' },
  liveOverBare: { measured: '48%', goal: '60% or more' },
  delay: { measured: '20.0 ms (product page), 70.1 ms (unread), 55.1 ms (mixed)', goal: 'under 20 ms' },
  mixed: { measured: '312 req/s, p99 1,234 ms, 0 errors, 0 missing', goal: 'p99 at most 500 ms, 0 errors, 0 missing' },
};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** Issue 23's fixed-cost figures, each beside its baseline in the same run and its goal (also printed by run.ts). */
export function fixedCostRows(f: {
  catalogue: CatalogueBench;
  catalogueDelay: Delay;
  bare: LoadResult;
  live: LoadResult;
  unread: LoadResult;
  unreadDelay: Delay;
  mixed: MixedBench;
  mixedDelay: Delay;
  mixedSeconds: number;
}): string[][] {
  const { catalogue, bare, live, mixed } = f;
  const liveShare = live.requestsPerSecond / bare.requestsPerSecond;
  const apiOverSql = catalogue.api.median / catalogue.rawPrepared.median;
  const ms = (n: number) => `${fmt(n, 2)} ms`;
  return [
    ['figure', 'now', 'baseline in this run', 'issue 23 measured', 'goal', 'met'],
    [
      'product page one at a time',
      `${ms(catalogue.api.median)} (p95 ${ms(catalogue.api.p95)}), ${fmt(apiOverSql, 2)}x; through fetch ` +
        `${ms(catalogue.apiFetch.median)}, ${fmt(catalogue.apiFetch.median / catalogue.rawPrepared.median, 2)}x`,
      `same SQL ${ms(catalogue.rawPrepared.median)} prepared, ${ms(catalogue.raw.median)} unprepared`,
      ISSUE_23.apiOverSql.measured,
      ISSUE_23.apiOverSql.goal,
      apiOverSql <= 1.5 ? 'yes' : 'NO',
    ],
    [
      'DB-free route, headers and request log on',
      `${fmt(live.requestsPerSecond)} req/s, ${fmt(liveShare * 100)}%`,
      `bare node:http ${fmt(bare.requestsPerSecond)} req/s`,
      ISSUE_23.liveOverBare.measured,
      ISSUE_23.liveOverBare.goal,
      liveShare >= 0.6 ? 'yes' : 'NO',
    ],
    [
      `event-loop delay p99, product page at ${CONNECTIONS}`,
      `${fmt(f.catalogueDelay.p99Ms, 1)} ms (max ${fmt(f.catalogueDelay.maxMs, 1)})`,
      `${fmt(catalogue.load.requestsPerSecond)} req/s, p99 ${catalogue.load.p99} ms, ${catalogue.load.errors} errors`,
      ISSUE_23.delay.measured,
      ISSUE_23.delay.goal,
      f.catalogueDelay.p99Ms < 20 ? 'yes' : 'NO',
    ],
    [
      `event-loop delay p99, unread count at ${CONNECTIONS}`,
      `${fmt(f.unreadDelay.p99Ms, 1)} ms (max ${fmt(f.unreadDelay.maxMs, 1)})`,
      `${fmt(f.unread.requestsPerSecond)} req/s, p99 ${f.unread.p99} ms`,
      '',
      '',
      f.unreadDelay.p99Ms < 20 ? 'yes' : 'NO',
    ],
    [
      `mixed load, ${MIXED_CONNECTIONS} connections, ${f.mixedSeconds} s`,
      `p99 ${fmt(mixed.p99)} ms, ${mixed.errors + mixed.non2xx} errors, ${mixed.statusChanges.missing} of ` +
        `${fmt(mixed.statusChanges.acknowledged)} missing`,
      `${fmt(mixed.requestsPerSecond)} req/s, p50 ${fmt(mixed.p50)} ms, delay p99 ${fmt(f.mixedDelay.p99Ms, 1)} ms`,
      ISSUE_23.mixed.measured,
      ISSUE_23.mixed.goal,
      mixed.p99 <= 500 && mixed.errors + mixed.non2xx === 0 && mixed.statusChanges.missing === 0 ? 'yes' : 'NO',
    ],
  ];
}

async function main() {
  const started = performance.now();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-cost-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir);
  try {
    await migrateDatabase(cluster.url);
    const database = connectDatabase(cluster.url, 10);
    await ensureFirstAdmin(database.db, { ...ADMIN, dataDir: dir });
    await generateDemo(database.db, { customers: 2000 });
    const logFile = path.join(dir, 'server.log');
    const env = { DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'info', ADMIN_EMAIL: ADMIN.email };
    const server = await startServer({ ...env, METRICS_TOKEN: BENCH_METRICS_TOKEN }, logFile);
    const { base } = server;
    const opts = { connections: CONNECTIONS, seconds: SECONDS };

    // Each pair a, b, b, a and averaged, so a machine getting busier favours neither (bench/load.ts).
    const [bare, live] = await alternately(
      () => load(server.bare, opts),
      () => load(`${base}${API_PATHS.live}`, opts),
    );
    const withoutMetrics = await startServer(env, path.join(dir, 'server-without-metrics.log'));
    // Warmed up as the first server was by the loads above, or its first run measures the JIT.
    await load(`${withoutMetrics.base}${API_PATHS.live}`, { connections: CONNECTIONS, seconds: 2 });
    const [liveWithoutMetrics, liveWithMetrics] = await alternately(
      () => load(`${withoutMetrics.base}${API_PATHS.live}`, opts),
      () => load(`${base}${API_PATHS.live}`, opts),
    );
    await withoutMetrics.close();

    const login = await fetch(`${base}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    await load(`${base}${API_PATHS.unread}`, { connections: CONNECTIONS, seconds: 1, headers: { token } });
    const unread = await server.delayDuring(() => load(`${base}${API_PATHS.unread}`, { ...opts, headers: { token } }));
    const catalogueRun = await server.delayDuring(() =>
      benchCatalogue({ base, token, database, connections: CONNECTIONS, seconds: SECONDS }),
    );
    const catalogue = catalogueRun.result;

    await insertBulkUsers(database.db, 10_000, { passwordHash: await hashPassword(randomBytes(16).toString('hex')) });
    await insertBulkOrders(database.db, ORDERS, { products: await demoProductsForOrders(database.db, 1000) });
    await database.db.execute(sql`vacuum analyze users, orders`);
    const mixedRun = await runMixed(server, { base, token, database, productQuery: catalogue.query });
    const mixed = mixedRun.result;
    await server.close();
    await database.close();

    const rows = fixedCostRows({
      catalogue,
      catalogueDelay: catalogueRun,
      bare,
      live,
      unread: unread.result,
      unreadDelay: unread,
      mixed,
      mixedDelay: mixedRun,
      mixedSeconds: MIXED_SECONDS,
    });
    // Beside the DB-free route: the same route on the server without metrics, loaded alternately.
    rows.splice(3, 0, [
      'DB-free route, metrics hooks on vs off',
      `${fmt(liveWithMetrics.requestsPerSecond)} req/s on, ${fmt(
        (liveWithMetrics.requestsPerSecond / liveWithoutMetrics.requestsPerSecond) * 100,
      )}% of off`,
      `metrics off ${fmt(liveWithoutMetrics.requestsPerSecond)} req/s`,
      '',
      '',
      '',
    ]);
    const widths = rows[0]?.map((_c, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    console.log(
      `\nA request's fixed cost (issue 23): ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => fmt(l, 1))
        .join(' ')}\n`,
    );
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
    console.log(`\nThe section took ${fmt((performance.now() - started) / 60_000, 1)} minutes.`);
  } finally {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (isMainBench('cost.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
