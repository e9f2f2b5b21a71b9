import { performance } from 'node:perf_hooks';
import { API_PATHS, type ProductListQuery } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { listPageQuery } from '../apps/api/src/modules/products/repository';
import { load } from './load';

/**
 * The product list at 100k products (issue 3): a filtered, searched page through the API next to
 * the very same SQL sent straight to the same database, then load at 50 connections on that page.
 */
export interface CatalogueBench {
  products: number;
  insertSeconds: number;
  query: string;
  matches: number;
  api: { median: number; p95: number };
  raw: { median: number; p95: number };
  firstPage: { median: number; p95: number };
  load: { requestsPerSecond: number; p99: number; errors: number };
}

const PRODUCTS = 100_000;
const SAMPLES = 300;
const WARM_UP = 30;

const QUERY = { q: 'dragon', mainCategory: 'Figures', page: 2, pageSize: 10 } satisfies ProductListQuery;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timed(run: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}

export async function benchCatalogue(options: {
  base: string;
  token: string;
  database: Database;
  connections: number;
  seconds: number;
}): Promise<CatalogueBench> {
  const { base, token, database } = options;
  const started = performance.now();
  await insertBulkProducts(database.db, PRODUCTS);
  // What autovacuum soon does to a table after a big insert: statistics and the visibility map
  // (for index-only counts).
  await database.db.execute(sql`vacuum analyze products`);
  const insertSeconds = (performance.now() - started) / 1000;

  const search = new URLSearchParams(Object.entries(QUERY).map(([k, v]) => [k, String(v)])).toString();
  const url = `${base}${API_PATHS.productList}?${search}`;
  const first = await fetch(url, { headers: { token } });
  if (first.status !== 200) throw new Error(`list page answered ${first.status}: ${await first.text()}`);
  const { total } = (await first.json()) as { total: number };

  const api = await timed(async () => {
    const res = await fetch(url, { headers: { token } });
    await res.arrayBuffer();
  });

  // The very statement the API sends (same builder), on the same pool.
  const statement = listPageQuery(
    database.db,
    { q: QUERY.q, mainCategory: QUERY.mainCategory },
    { sort: 'newest', limit: QUERY.pageSize, offset: (QUERY.page - 1) * QUERY.pageSize },
  ).toSQL();
  const raw = await timed(() => database.pool.query(statement.sql, statement.params));

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
    raw,
    firstPage,
    load: { requestsPerSecond: run.requestsPerSecond, p99: run.p99, errors: run.errors + run.non2xx },
  };
}
