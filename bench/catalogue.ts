import { performance } from 'node:perf_hooks';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { httpGet } from './http-get';
import { load } from './load';
import { PAGE_QUERY, pageStatement } from './product-page-sql';
import type { InServer } from './server';
import { type Timing, timed, timedInTurn } from './timing';

/**
 * The product list at 100k products (issue 3): a filtered, searched page through the API next to
 * the very same SQL sent straight to the same database, then load at 50 connections on that page.
 */
export interface CatalogueBench {
  products: number;
  insertSeconds: number;
  query: string;
  matches: number;
  /** Through node:http on a kept-alive connection (bench/http-get.ts): the headline figure. */
  api: Timing;
  /** The same through fetch, as the bench timed it before decision 054. */
  apiFetch: Timing;
  raw: Timing;
  /**
   * The same SQL as the API sends it: the same builder and values, a named prepared statement
   * (decision 020), rows as arrays parsed as Drizzle has pg parse them (issue 23).
   */
  rawPrepared: Timing;
  firstPage: Timing;
  /** Where the API's extra time goes when the server is a process of its own (bench/server.ts). */
  separate?: SeparateProcess;
  load: { requestsPerSecond: number; p99: number; errors: number };
}

const PRODUCTS = 100_000;

/** The bench's product page as a query string. */
export const catalogueSearch = () =>
  new URLSearchParams(Object.entries(PAGE_QUERY).map(([k, v]) => [k, String(v)])).toString();

export async function benchCatalogue(options: {
  base: string;
  token: string;
  database: Database;
  connections: number;
  seconds: number;
  /** The bench server (bench/server.ts): its bare node:http and the API's time inside it. */
  server?: BenchServer;
}): Promise<CatalogueBench> {
  const { base, token, database } = options;
  const started = performance.now();
  await insertBulkProducts(database.db, PRODUCTS);
  // What autovacuum soon does to a table after a big insert: statistics and the visibility map
  // (for index-only counts).
  await database.db.execute(sql`vacuum analyze products`);
  const insertSeconds = (performance.now() - started) / 1000;

  const search = catalogueSearch();
  const url = `${base}${API_PATHS.productList}?${search}`;
  const first = await fetch(url, { headers: { token } });
  if (first.status !== 200) throw new Error(`list page answered ${first.status}: ${await first.text()}`);
  const { total } = (await first.json()) as { total: number };

  const apiFetch = await timed(async () => {
    const res = await fetch(url, { headers: { token } });
    await res.arrayBuffer();
  });
  // The very statement the API sends (same builder), on the same pool.
  const named = pageStatement(database);
  const raw = await timed(() => database.pool.query(named.text, named.values));
  // Like for like with what the app sends (drizzle-orm/node-postgres's prepared query): named, so
  // parsed and planned once per connection, and its rows parsed as arrays with timestamps left as
  // text, as Drizzle asks pg for them (objects with Date values cost about 0.2 ms more a page).
  // Timed in turn with the API, one request of each after the other: timed one after the other,
  // the SQL alone moved by a factor of two between runs (1.27 and 2.33 ms) and the ratio with it.
  const [api, rawPrepared] = await timedInTurn(
    () => httpGet(url, { token }),
    () => database.pool.query(named),
  );
  const separate = options.server
    ? await separateProcess(options.server, url, token, () => database.pool.query(named))
    : undefined;

  const firstPageUrl = `${base}${API_PATHS.productList}?page=1`;
  const firstPage = await timed(async () => {
    const res = await fetch(firstPageUrl, { headers: { token } });
    await res.arrayBuffer();
  });

  const run = await load(url, { connections: options.connections, seconds: options.seconds, headers: { token } });
  return {
    products: PRODUCTS,
    insertSeconds,
    query: search,
    matches: total,
    api,
    apiFetch,
    raw,
    rawPrepared,
    firstPage,
    separate,
    load: { requestsPerSecond: run.requestsPerSecond, p99: run.p99, errors: run.errors + run.non2xx },
  };
}

/** What benchCatalogue needs of the bench server's process (bench/server-process.ts). */
export interface BenchServer {
  /** Its bare node:http server's URL (ending in /); its /sql sends the page's statement. */
  bare: string;
  /** The median time the app's requests spent in the server during `during`, arrival to finish. */
  inServerDuring<T>(during: () => Promise<T>): Promise<InServer & { result: T }>;
}

/**
 * The product page one at a time, told apart when the server is a process of its own (issue 23):
 * the API's time as its server sees it (from node:http's request start to the response's finish),
 * an empty answer from the same process's bare node:http (the hop from the bench's process to
 * another and back, on this machine's cores), and the same statement sent by that process from
 * behind its bare node:http (the hop and the SQL, none of the app). The API over the last is the
 * app's own share; the last over the SQL sent from the bench's process is the hop's.
 */
export interface SeparateProcess {
  api: Timing;
  inServerMs: number;
  bare: Timing;
  sqlViaServer: Timing;
  /** Of sqlViaServer, in the server's process: arrival to finish, and the statement on its pool. */
  sqlInServerMs: number;
  sqlStatementInServerMs: number;
  /**
   * The server process's CPU time per request (user and system, all its threads, whatever else it
   * did meanwhile): the API's, and the bare /sql's (node:http, the statement through pg,
   * JSON.stringify of its rows). Unlike the times, it does not move with the machine's load much:
   * the app's own work is the difference.
   */
  cpuPerApiMs: number;
  cpuPerSqlMs: number;
  /** The same SQL from the bench's process, timed in turn with sqlViaServer. */
  sqlFromBenchInTurn: Timing;
}

async function separateProcess(
  server: BenchServer,
  url: string,
  token: string,
  ownSql: () => Promise<unknown>,
): Promise<SeparateProcess> {
  // A long warm-up for the server's new paths: its first few hundred /sql took twice the rest
  // (its JIT, and the statement new on the server's connection).
  // Warmed up before the server starts timing, so that its medians are of the measured requests only.
  const warmUp = 300;
  const warmed = (run: () => Promise<unknown>) => timed(run, { warmUp, samples: 0 });
  await warmed(() => httpGet(url, { token }));
  const measured = await server.inServerDuring(() => timed(() => httpGet(url, { token }), { warmUp: 0 }));
  const bare = await timed(() => httpGet(server.bare, {}), { warmUp });
  const sql = () => httpGet(`${server.bare}sql`, {});
  await warmed(sql);
  // In turn with the same SQL from the bench's own process: the two differ by the hop and by
  // where the statement is sent from, at the same moments.
  const viaServer = await server.inServerDuring(() => timedInTurn(sql, ownSql, { warmUp: 0 }));
  return {
    api: measured.result,
    inServerMs: measured.medianMs,
    bare,
    sqlViaServer: viaServer.result[0],
    sqlFromBenchInTurn: viaServer.result[1],
    sqlInServerMs: viaServer.sqlMedianMs,
    sqlStatementInServerMs: viaServer.sqlStatementMedianMs,
    cpuPerApiMs: measured.cpuMs / measured.requests,
    cpuPerSqlMs: viaServer.cpuMs / viaServer.sqlRequests,
  };
}
