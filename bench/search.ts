/**
 * The command palette's search (issue 14, decision 039): GET /api/search for each kind of query
 * (an order id prefix, a product name, a customer's name or e-mail, a discount code, text that
 * matches nothing) at 100k products, 1M orders, 100k users and 10k codes, through the API next to
 * the very same statement sent straight to the database. Run by run.ts after the discounts bench
 * (whose data it reuses), or on its own: node --import tsx bench/search.ts, where BENCH_PRODUCTS,
 * BENCH_ORDERS, BENCH_USERS and BENCH_CODES set the sizes (a small run: BENCH_ORDERS=20000 ...);
 * BENCH_SEARCH_EXPLAIN=1 also prints each statement's EXPLAIN ANALYZE.
 */
import '../apps/api/src/process-signals';
import { SEARCH_LIMITS, SEARCH_PATHS, type SearchResponse, searchPlan, todayIn } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { BULK_NOUNS } from '../apps/api/src/demo/catalogue-names';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { searchSql } from '../apps/api/src/modules/search/repository';
import { makeCodes } from './discounts';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';
import { type Timing, timed } from './timing';

export interface SearchBench {
  sizes: { products: number; orders: number; users: number; codes: number };
  generateSeconds: number;
  cases: { label: string; q: string; found: string; api: Timing; raw: Timing }[];
}

export const SEARCH_GOALS = { p95Ms: 50 };

const SIZES = {
  products: Number(process.env.BENCH_PRODUCTS ?? 100_000),
  orders: Number(process.env.BENCH_ORDERS ?? 1_000_000),
  users: Number(process.env.BENCH_USERS ?? 100_000),
  codes: Number(process.env.BENCH_CODES ?? 10_000),
};
const SAMPLES = { samples: 200, warmUp: 20 };
/** A surname of the generated customers (demo/people.ts): about 0.5% of them. */
const SURNAME = 'nakamura';

const countOf = async (database: Database, table: 'products' | 'orders' | 'users' | 'discount_codes') =>
  Number(
    (await database.db.execute<{ n: string }>(sql`select count(*)::text as n from ${sql.identifier(table)}`)).rows[0]
      ?.n ?? 0,
  );

/** Whatever the earlier sections did not make (all of it when run on its own), in bulk. */
async function makeMissing(database: Database, log: (line: string) => void) {
  const db = database.db;
  const progress = (what: string) => (done: number, total: number) =>
    log(`  ${what}: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`);
  const products = SIZES.products - (await countOf(database, 'products'));
  if (products > 0) await insertBulkProducts(db, products);
  const users = SIZES.users - (await countOf(database, 'users'));
  if (users > 0)
    await insertBulkUsers(db, users, { passwordHash: await unusablePasswordHash(), onProgress: progress('users') });
  const orders = SIZES.orders - (await countOf(database, 'orders'));
  if (orders > 0)
    await insertBulkOrders(db, orders, {
      products: await demoProductsForOrders(db, 1000),
      onProgress: progress('orders'),
    });
  const codes = SIZES.codes - (await countOf(database, 'discount_codes'));
  if (codes > 0) await makeCodes(database, codes);
  if (products > 0 || users > 0 || orders > 0) await db.execute(sql`vacuum analyze products, users, orders`);
}

export async function benchSearch(options: {
  base: string;
  token: string;
  database: Database;
  log: (line: string) => void;
}): Promise<SearchBench> {
  const { base, token, database, log } = options;
  const db = database.db;
  const started = performance.now();
  await makeMissing(database, log);
  const generateSeconds = (performance.now() - started) / 1000;

  // Texts taken from real rows: an order's id, a customer's e-mail, a code.
  const order = (await db.execute<{ id: string }>(sql`select id from orders order by id offset 1000 limit 1`)).rows[0];
  const email = (
    await db.execute<{ email: string }>(sql`select email from users where role = 'user' order by id offset 500 limit 1`)
  ).rows[0];
  const code = (await db.execute<{ code: string }>(sql`select code from discount_codes order by id offset 100 limit 1`))
    .rows[0];
  // A product's whole name (generated names end with their number, so it names one product).
  const product = (await db.execute<{ name: string }>(sql`select name from products order by id offset 4242 limit 1`))
    .rows[0];
  if (!order || !email || !code || !product)
    throw new Error('the search bench needs products, orders, users and codes');
  const noun = (BULK_NOUNS[0] ?? 'Dragon').toLowerCase();
  const cases: { label: string; q: string }[] = [
    { label: 'order id, first 4 hex digits', q: order.id.slice(0, 4) },
    { label: 'order id, first 12 hex digits', q: order.id.slice(0, 12) },
    { label: 'order id, whole', q: order.id },
    { label: `product name, a common word ('${noun}')`, q: noun },
    { label: 'product name, one product', q: product.name },
    { label: `customer name ('${SURNAME}')`, q: SURNAME },
    { label: "customer e-mail's local part", q: (email.email.split('@')[0] ?? 'someone').slice(0, 12) },
    { label: 'three common letters (every text kind)', q: 'ann' },
    { label: 'discount code part', q: code.code.slice(-6) },
    { label: 'nothing matches (every text kind)', q: 'qzxqzx' },
  ];

  const dialect = new PgDialect();
  const today = todayIn('UTC');
  const results: SearchBench['cases'] = [];
  for (const c of cases) {
    const url = `${base}${SEARCH_PATHS.search}?${new URLSearchParams({ q: c.q })}`;
    const get = async () => {
      const res = await fetch(url, { headers: { token } });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return res;
    };
    const body = (await (await get()).json()) as SearchResponse;
    const found = `${body.orders.length}/${body.products.length}/${body.customers.length}/${body.discounts.length}`;
    const api = await timed(async () => (await get()).arrayBuffer(), SAMPLES);
    // The very statement the API sends (same builder), on the same pool.
    const statement = dialect.sqlToQuery(searchSql(searchPlan(c.q), { limit: SEARCH_LIMITS.defaultPerKind, today }));
    const raw = await timed(() => database.pool.query(statement.sql, statement.params), SAMPLES);
    if (process.env.BENCH_SEARCH_EXPLAIN) {
      const plan = await database.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
        statement.params,
      );
      log(`  plan of '${c.q}' (${c.label}):\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
    results.push({ label: c.label, q: c.q, found, api, raw });
  }
  const sizes = {
    products: await countOf(database, 'products'),
    orders: await countOf(database, 'orders'),
    users: await countOf(database, 'users'),
    codes: await countOf(database, 'discount_codes'),
  };
  return { sizes, generateSeconds, cases: results };
}

/** The section's lines: each kind of query through the API, next to the same SQL, against the goal. */
export function searchReport(result: SearchBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ms = (t: Timing) => `median ${fmt(t.median, 1)} ms, p95 ${fmt(t.p95, 1)} ms`;
  const { sizes } = result;
  const width = Math.max(...result.cases.map((c) => c.label.length));
  const lines = [
    `Command palette search (GET ${SEARCH_PATHS.search}), ${fmt(sizes.products)} products, ${fmt(sizes.orders)} orders,` +
      ` ${fmt(sizes.users)} users, ${fmt(sizes.codes)} codes` +
      `${result.generateSeconds > 1 ? ` (made in ${fmt(result.generateSeconds, 1)} s)` : ''},` +
      ` ${SEARCH_LIMITS.defaultPerKind} per kind, one request at a time; goal: p95 under ${SEARCH_GOALS.p95Ms} ms`,
    '  found: orders/products/accounts/codes',
  ];
  for (const c of result.cases) {
    const mark = c.api.p95 < SEARCH_GOALS.p95Ms ? 'ok' : 'MISSED';
    lines.push(
      `  ${c.label.padEnd(width)}  found ${c.found.padEnd(8)}  API ${ms(c.api)} ${mark} | same SQL ${ms(c.raw)}`,
    );
  }
  return lines;
}

if (isMainBench('search.ts')) {
  startStandalone(
    'search',
    async () => {},
    async ({ base, token, database }) =>
      searchReport(await benchSearch({ base, token, database, log: (line) => console.log(line) })),
  );
}
