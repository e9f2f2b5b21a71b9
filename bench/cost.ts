/**
 * A request's fixed cost (issue 23), on its own: node --import tsx bench/cost.ts. The same server
 * process as npm run bench (bench/server.ts, request log on) and the same sections: the DB-free
 * route beside bare node:http, the unread count, the product page one at a time beside the same
 * SQL and under load, and the mixed load at 200 connections, each with the server's event-loop
 * delay. A fresh embedded database with the demo shop, 100k products and BENCH_ORDERS orders
 * (100k by default: the mixed load's pages do not depend on the total). BENCH_SECONDS sets each
 * load's length (5 s), BENCH_MIXED_SECONDS the mixed load's (60 s). The server runs with its
 * metrics on, as npm run bench's does; the DB-free route is also asked of a second server with
 * them off (no METRICS_TOKEN), alternately, which tells the metrics hooks' cost. Each DB-free A/B
 * is bench/load.ts's compare: both sides warmed up, BENCH_ROUNDS (8) alternating rounds of 3 s,
 * the median of the rounds' ratios, and the server's CPU per request beside it.
 * BENCH_COST_ONLY=db-free stops after the DB-free route's rows (no products, orders or mixed load);
 * BENCH_COST_ONLY=product-page measures the product page one at a time alone (100k products).
 */
import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { generateDemo } from '../apps/api/src/demo/generate';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { benchCatalogue, type CatalogueBench } from './catalogue';
import { type Comparison, compare, type LoadResult, load, share } from './load';
import { BENCH_METRICS_TOKEN } from './metrics';
import { MIXED_CONNECTIONS, MIXED_SECONDS, type MixedBench, runMixed } from './mixed-load';
import { startServer } from './server-process';
import { isMainBench, signIn } from './standalone';

type Delay = { p99Ms: number; maxMs: number };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CONNECTIONS = 50;
/** Rounds of each DB-free A/B and the length of one run (bench/load.ts's compare). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const AB_SECONDS = 3;
const ADMIN = BENCH_ADMIN;

/** Issue 23's goals for a request's fixed cost, and what it measured before (decision 020's run). */
export const ISSUE_23 = {
  apiOverSql: { measured: '6.25 ms vs 1.61 ms prepared (3.9x)', goal: 'at most 1.5x' },
  liveOverBare: { measured: '48%', goal: '60% or more' },
  delay: { measured: '20.0 ms (product page), 70.1 ms (unread), 55.1 ms (mixed)', goal: 'under 20 ms' },
  mixed: { measured: '312 req/s, p99 1,234 ms, 0 errors, 0 missing', goal: 'p99 at most 500 ms, 0 errors, 0 missing' },
};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const pct = (ratio: number) => `${fmt(ratio * 100)}%`;

/** The bench server's two listeners (bench/server.ts) and its process. */
interface LiveServer {
  base: string;
  bare: string;
  pid: number;
}

/** Two servers' DB-free routes, or one's beside its bare node:http: both warmed up, then compare's rounds. */
function compareLive(a: { url: string; pid: number }, b: { url: string; pid: number }): Promise<Comparison> {
  const opts = { connections: CONNECTIONS, seconds: AB_SECONDS };
  return compare(
    { run: () => load(a.url, opts), pid: a.pid },
    { run: () => load(b.url, opts), pid: b.pid },
    {
      rounds: ROUNDS,
      warmUp: async () => {
        await load(a.url, { ...opts, seconds: 2 });
        await load(b.url, { ...opts, seconds: 2 });
      },
    },
  );
}

/** The DB-free route beside bare node:http in the same process (issue 23's figure; run.ts's too). */
export const liveOverBare = (server: LiveServer) =>
  compareLive({ url: server.bare, pid: server.pid }, { url: `${server.base}${API_PATHS.live}`, pid: server.pid });

/** A comparison's figure, its rounds' spread and the CPU per request each side, for a table's cell. */
export const comparisonCells = (c: Comparison, a: string): [string, string] => [
  `${fmt(c.b.median.requestsPerSecond)} req/s, ${pct(c.ratio)} (rounds ${pct(Math.min(...c.ratios))}–` +
    `${pct(Math.max(...c.ratios))}); CPU ${fmt(c.b.medianCpuUs, 1)} µs/req (${pct(c.cpuRatio)})`,
  `${a} ${fmt(c.a.median.requestsPerSecond)} req/s; CPU ${fmt(c.a.medianCpuUs, 1)} µs/req`,
];

/** Issue 23's fixed-cost figures, each beside its baseline in the same run and its goal (also printed by run.ts). */
export function fixedCostRows(f: {
  catalogue: CatalogueBench;
  catalogueDelay: Delay;
  liveVsBare: Comparison;
  unread: LoadResult;
  unreadDelay: Delay;
  mixed: MixedBench;
  mixedDelay: Delay;
  mixedSeconds: number;
}): string[][] {
  const { catalogue, liveVsBare, mixed } = f;
  const liveShare = share(liveVsBare);
  return [
    ['figure', 'now', 'baseline in this run', 'issue 23 measured', 'goal', 'met'],
    productPageRow(catalogue),
    [
      'DB-free route, headers and request log on',
      ...comparisonCells(liveVsBare, 'bare node:http'),
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

/** The product page one at a time beside the same SQL in this run, its goal and whether it is met. */
function productPageRow(catalogue: CatalogueBench): string[] {
  const apiOverSql = catalogue.api.median / catalogue.rawPrepared.median;
  const ms = (n: number) => `${fmt(n, 2)} ms`;
  return [
    'product page one at a time',
    `${ms(catalogue.api.median)} (p95 ${ms(catalogue.api.p95)}), ${fmt(apiOverSql, 2)}x; through fetch ` +
      `${ms(catalogue.apiFetch.median)}, ${fmt(catalogue.apiFetch.median / catalogue.rawPrepared.median, 2)}x`,
    `same SQL ${ms(catalogue.rawPrepared.median)} prepared as the app sends it, ${ms(catalogue.raw.median)} unprepared` +
      separateCell(catalogue),
    ISSUE_23.apiOverSql.measured,
    ISSUE_23.apiOverSql.goal,
    apiOverSql <= 1.5 ? 'yes' : 'NO',
  ];
}

/**
 * Where the one-at-a-time page's time goes with the server in a process of its own: its time in
 * the server, an empty answer from that process (the hop), the same SQL sent by that process (the
 * hop and the SQL, none of the app), and the API over that: the app's own share (bench/catalogue.ts).
 */
function separateCell({ separate, rawPrepared }: CatalogueBench): string {
  if (!separate) return '';
  const ms = (n: number) => `${fmt(n, 2)} ms`;
  return (
    `; API again ${ms(separate.api.median)}, of it in the server ${ms(separate.inServerMs)}; ` +
    `bare node:http hop ${ms(separate.bare.median)}; same SQL sent by the server's process ` +
    `${ms(separate.sqlViaServer.median)} (${fmt(separate.sqlViaServer.median / rawPrepared.median, 2)}x the SQL; ` +
    `${fmt(separate.sqlViaServer.median / separate.sqlFromBenchInTurn.median, 2)}x the SQL from the bench's process timed in turn with it, ${ms(separate.sqlFromBenchInTurn.median)}; ` +
    `of it in the server ${ms(separate.sqlInServerMs)}, the statement on its pool ${ms(separate.sqlStatementInServerMs)}; ` +
    `API over it ${fmt(separate.api.median / separate.sqlViaServer.median, 2)}x; ` +
    `the server's CPU per request: API ${ms(separate.cpuPerApiMs)}, /sql ${ms(separate.cpuPerSqlMs)})`
  );
}

function printRows(rows: string[][]) {
  const widths = rows[0]?.map((_c, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  console.log(
    `\nA request's fixed cost (issue 23): ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')}\n`,
  );
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
}

async function main() {
  const started = performance.now();
  const shop = await openBenchDatabase('cost');
  const { dir, cluster, database } = shop;
  try {
    await generateDemo(database.db, { customers: 2000 });
    const logFile = path.join(dir, 'server.log');
    const env = { DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'info', ADMIN_EMAIL: ADMIN.email };
    const server = await startServer({ ...env, METRICS_TOKEN: BENCH_METRICS_TOKEN }, logFile);
    const { base } = server;
    const opts = { connections: CONNECTIONS, seconds: SECONDS };

    if (process.env.BENCH_COST_ONLY === 'product-page') {
      const catalogue = await benchCatalogue({
        base,
        token: await signIn(base, ADMIN),
        database,
        connections: CONNECTIONS,
        seconds: SECONDS,
        server,
      });
      await server.close();
      printRows([
        ['figure', 'now', 'baseline in this run', 'issue 23 measured', 'goal', 'met'],
        productPageRow(catalogue),
      ]);
      return;
    }

    const liveVsBare = await liveOverBare(server);
    const withoutMetrics = await startServer(env, path.join(dir, 'server-without-metrics.log'));
    const metricsOnOff = await compareLive(
      { url: `${withoutMetrics.base}${API_PATHS.live}`, pid: withoutMetrics.pid },
      { url: `${base}${API_PATHS.live}`, pid: server.pid },
    );
    await withoutMetrics.close();
    // Beside the DB-free route: the same route on the server without metrics, loaded alternately.
    const metricsRow = [
      'DB-free route, metrics hooks on vs off',
      ...comparisonCells(metricsOnOff, 'metrics off'),
      '',
      '',
      '',
    ];
    if (process.env.BENCH_COST_ONLY === 'db-free') {
      await server.close();
      printRows([
        ['figure', 'now', 'baseline in this run', 'goal', 'met'],
        [
          'DB-free route, headers and request log on',
          ...comparisonCells(liveVsBare, 'bare node:http'),
          ISSUE_23.liveOverBare.goal,
          share(liveVsBare) >= 0.6 ? 'yes' : 'NO',
        ],
        metricsRow.slice(0, 4),
      ]);
      return;
    }

    const token = await signIn(base, ADMIN);
    await load(`${base}${API_PATHS.unread}`, { connections: CONNECTIONS, seconds: 1, headers: { token } });
    const unread = await server.delayDuring(() => load(`${base}${API_PATHS.unread}`, { ...opts, headers: { token } }));
    const catalogueRun = await server.delayDuring(() =>
      benchCatalogue({ base, token, database, connections: CONNECTIONS, seconds: SECONDS, server }),
    );
    const catalogue = catalogueRun.result;

    await insertBulkUsers(database.db, 10_000, { passwordHash: await hashPassword(randomBytes(16).toString('hex')) });
    await insertBulkOrders(database.db, ORDERS, { products: await demoProductsForOrders(database.db, 1000) });
    await database.db.execute(sql`vacuum analyze users, orders`);
    const mixedRun = await runMixed(server, { base, token, database, productQuery: catalogue.query });
    const mixed = mixedRun.result;
    await server.close();

    const rows = fixedCostRows({
      catalogue,
      catalogueDelay: catalogueRun,
      liveVsBare,
      unread: unread.result,
      unreadDelay: unread,
      mixed,
      mixedDelay: mixedRun,
      mixedSeconds: MIXED_SECONDS,
    });
    rows.splice(3, 0, metricsRow);
    printRows(rows);
    console.log(`\nThe section took ${fmt((performance.now() - started) / 60_000, 1)} minutes.`);
  } finally {
    await shop.close();
  }
}

if (isMainBench('cost.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
