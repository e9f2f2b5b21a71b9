import { performance } from 'node:perf_hooks';
import { API_PATHS, type ProductListQuery } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { listPageQuery } from '../apps/api/src/modules/products/repository';
import { httpGet } from './http-get';
import { load } from './load';
import { type Timing, timed } from './timing';

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
  load: { requestsPerSecond: number; p99: number; errors: number };
}

const PRODUCTS = 100_000;

/** pg's type parsers as Drizzle's prepared queries set them: dates and intervals left as text. */
const LEFT_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asDrizzleParses = ((oid: number, format?: 'text' | 'binary') =>
  LEFT_AS_TEXT.has(oid)
    ? (value: string) => value
    : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'];
const QUERY = { q: 'dragon', mainCategory: 'Figures', page: 2, pageSize: 10 } satisfies ProductListQuery;

/** The bench's product page as a query string. */
export const catalogueSearch = () =>
  new URLSearchParams(Object.entries(QUERY).map(([k, v]) => [k, String(v)])).toString();

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

  const search = catalogueSearch();
  const url = `${base}${API_PATHS.productList}?${search}`;
  const first = await fetch(url, { headers: { token } });
  if (first.status !== 200) throw new Error(`list page answered ${first.status}: ${await first.text()}`);
  const { total } = (await first.json()) as { total: number };

  const apiFetch = await timed(async () => {
    const res = await fetch(url, { headers: { token } });
    await res.arrayBuffer();
  });
  const api = await timed(() => httpGet(url, { token }));

  // The very statement the API sends (same builder), on the same pool.
  const statement = listPageQuery(
    database.db,
    { q: QUERY.q, mainCategory: QUERY.mainCategory },
    { sort: 'newest', limit: QUERY.pageSize, offset: (QUERY.page - 1) * QUERY.pageSize },
  ).toSQL();
  const raw = await timed(() => database.pool.query(statement.sql, statement.params));
  // Like for like with what the app sends (drizzle-orm/node-postgres's prepared query): named, so
  // parsed and planned once per connection, and its rows parsed as arrays with timestamps left as
  // text, as Drizzle asks pg for them (objects with Date values cost about 0.2 ms more a page).
  const rawPrepared = await timed(() =>
    database.pool.query({
      name: 'bench_product_page',
      text: statement.sql,
      values: statement.params,
      rowMode: 'array',
      types: { getTypeParser: asDrizzleParses },
    }),
  );

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
    load: { requestsPerSecond: run.requestsPerSecond, p99: run.p99, errors: run.errors + run.non2xx },
  };
}
