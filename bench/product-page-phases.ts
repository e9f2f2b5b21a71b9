/**
 * Where the product page's time goes, one request at a time (issue 23): `node --import tsx
 * bench/product-page-phases.ts`. The app runs in this process (request log on, written to
 * /dev/null-like stdout) on an embedded database with 100k products, and each phase of the bench's
 * page is timed from the moment node:http has the request: the hooks and the querystring's check
 * up to the handler, the page's statement on the pool (pg's row parsing included), Drizzle's
 * mapping and toProduct, the serializer and onSend (the session proof's wait), the write. Then the
 * same statement alone, as bench/catalogue.ts sends it, and the in-process pieces (the serializer,
 * compression) timed on their own. BENCH_PHASES_DIR keeps the database between runs (seeded once).
 */
import '../apps/api/src/process-signals';
import diagnostics from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { API_PATHS, productListResponseSchema } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { listPageQuery } from '../apps/api/src/modules/products/repository';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../apps/api/src/plugins/infrastructure/compression';
import { responseSerializerCompiler } from '../apps/api/src/plugins/infrastructure/response-serializer';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { catalogueSearch } from './catalogue';
import { httpGet } from './http-get';
import { signIn } from './standalone';
import { percentile, timed } from './timing';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const admin = BENCH_ADMIN;

interface Marks {
  arrived: number;
  handler?: number;
  queryStart?: number;
  queryEnd?: number;
  resolved?: number;
  sent?: number;
  finished?: number;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function main() {
  const kept = process.env.BENCH_PHASES_DIR;
  const shop = await openBenchDatabase('phases', {
    poolMax: Number(process.env.DATABASE_POOL_MAX ?? 5),
    ...(kept ? { keptDir: kept } : {}),
  });
  const { dir, cluster, database } = shop;
  try {
    const have = await database.pool.query<{ n: string }>('select count(*) as n from products');
    if (Number(have.rows[0]?.n) < 100_000) {
      await insertBulkProducts(database.db, 100_000);
      await database.db.execute(sql`vacuum analyze products`);
    }

    // The page's statement on the pool: when it was handed to pg and when its rows were parsed.
    let current: Marks | undefined;
    const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const config = args[0] as { name?: string };
      const marks = current;
      const page = marks && typeof config === 'object' && config.name?.startsWith('product_page');
      if (page) marks.queryStart = performance.now();
      const result = query(...args);
      if (page) void result.then(() => (marks.queryEnd = performance.now()));
      return result;
    };

    const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'info' });
    const app = await buildApp({ config, database });
    const byRequest = new WeakMap<IncomingMessage, Marks>();
    const all: Marks[] = [];
    diagnostics.subscribe('http.server.request.start', (message) => {
      const marks: Marks = { arrived: performance.now() };
      current = marks;
      byRequest.set((message as { request: IncomingMessage }).request, marks);
    });
    diagnostics.subscribe('http.server.response.finish', (message) => {
      const marks = byRequest.get((message as { request: IncomingMessage }).request);
      if (marks) {
        marks.finished = performance.now();
        all.push(marks);
      }
    });
    const handler = diagnostics.tracingChannel('fastify.request.handler');
    const marksOf = (store: unknown) => byRequest.get((store as { request: { raw: IncomingMessage } }).request.raw);
    handler.subscribe({
      start: (store) => {
        const m = marksOf(store);
        if (m) m.handler = performance.now();
      },
      end: () => {},
      asyncStart: (store) => {
        const m = marksOf(store);
        if (m) m.resolved = performance.now();
      },
      asyncEnd: (store) => {
        const m = marksOf(store);
        if (m) m.sent = performance.now();
      },
      error: () => {},
    });

    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base, admin);

    const report: string[] = [
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    ];
    for (const search of [catalogueSearch(), 'page=1&pageSize=100']) {
      const url = `${base}${API_PATHS.productList}?${search}`;
      const body = await (await fetch(url, { headers: { token } })).text();
      all.length = 0;
      const api = await timed(() => httpGet(url, { token }), { samples: SAMPLES });
      const done = all.slice(-SAMPLES).filter((m) => m.queryEnd !== undefined && m.sent !== undefined);
      const phase = (from: keyof Marks, to: keyof Marks) =>
        median(done.map((m) => (m[to] as number) - (m[from] as number)));
      const data = JSON.parse(body) as unknown;
      const serialize = responseSerializerCompiler({ schema: productListResponseSchema } as never);
      const serializer = await timed(async () => serialize(data), { samples: SAMPLES });
      const text = serialize(data);
      const gzip = await timed(async () => zlib.gzipSync(text, { level: GZIP_LEVEL }), { samples: 100 });
      const brotli = await timed(
        async () =>
          zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
        { samples: 100 },
      );
      report.push(
        `\n${search} (${text.length.toLocaleString('en-US')} bytes of JSON)`,
        `  through node:http, client side    ${ms(api.median)} (p95 ${ms(api.p95)})`,
        `  in the server, arrival to finish  ${ms(phase('arrived', 'finished'))}`,
        `    hooks + querystring check       ${ms(phase('arrived', 'handler'))}`,
        `    handler to the statement        ${ms(phase('handler', 'queryStart'))}`,
        `    statement on the pool (parsed)  ${ms(phase('queryStart', 'queryEnd'))}`,
        `    Drizzle mapping + toProduct     ${ms(phase('queryEnd', 'resolved'))}`,
        `    send (serializer, onSend sync)  ${ms(phase('resolved', 'sent'))}`,
        `    to the write's end (proof wait) ${ms(phase('sent', 'finished'))}`,
        `  serializer alone                  ${ms(serializer.median)}`,
        `  gzip ${GZIP_LEVEL} alone                      ${ms(gzip.median)} -> ${zlib.gzipSync(text, { level: GZIP_LEVEL }).length} bytes`,
        `  brotli ${BROTLI_QUALITY} alone                    ${ms(brotli.median)}`,
      );
    }
    // The same statement alone, as bench/catalogue.ts sends it: same builder, same values, named.
    const statement = listPageQuery(
      database.db,
      { q: 'dragon', mainCategory: 'Figures' },
      { sort: 'newest', limit: 10, offset: 10 },
    ).toSQL();
    const named = { name: 'bench_product_page', text: statement.sql, values: statement.params };
    const raw = await timed(() => query(named), { samples: SAMPLES });
    const rawArrays = await timed(() => query({ ...named, name: 'bench_product_page_arrays', rowMode: 'array' }), {
      samples: SAMPLES,
    });
    // The same statement with the session's proof beside it, as a read-only page runs (decision
    // 054): a `select 1` (or an empty query) on another connection sent just before it, then
    // once this turn of the event loop is over, after it (the app's order since decision 054's
    // fifth amendment); both awaited.
    const listener = await database.pool.connect();
    const withProof = await timed(
      () =>
        Promise.all([
          listener.query('select 1'),
          query({ ...named, name: 'bench_product_page_arrays', rowMode: 'array' }),
        ]),
      { samples: SAMPLES },
    );
    const withEmptyProof = await timed(
      () => Promise.all([listener.query(''), query({ ...named, name: 'bench_product_page_arrays', rowMode: 'array' })]),
      { samples: SAMPLES },
    );
    const afterThisTurn = () => new Promise((resolve) => setImmediate(resolve));
    const proofAfter = await timed(
      () =>
        Promise.all([
          query({ ...named, name: 'bench_product_page_arrays', rowMode: 'array' }),
          afterThisTurn().then(() => listener.query('select 1')),
        ]),
      { samples: SAMPLES },
    );
    const emptyProofAfter = await timed(
      () =>
        Promise.all([
          query({ ...named, name: 'bench_product_page_arrays', rowMode: 'array' }),
          afterThisTurn().then(() => listener.query('')),
        ]),
      { samples: SAMPLES },
    );
    listener.release();
    report.push(
      `\nthe same SQL alone, named, rows as objects  ${ms(raw.median)} (p95 ${ms(raw.p95)})`,
      `the same SQL alone, named, rows as arrays   ${ms(rawArrays.median)}`,
      `the same, a select 1 beside it (the proof)  ${ms(withProof.median)}`,
      `the same, an empty query beside it          ${ms(withEmptyProof.median)}`,
      `the same, a select 1 sent after this turn   ${ms(proofAfter.median)}`,
      `the same, an empty query after this turn    ${ms(emptyProofAfter.median)}`,
    );
    // Whether each pool connection plans the page at every call (custom plans) or once (generic).
    const clients = await Promise.all(Array.from({ length: 3 }, () => database.pool.connect()));
    for (const client of clients) {
      const r = await client.query(
        "select name, generic_plans, custom_plans from pg_prepared_statements where name like '%product_page%'",
      );
      report.push(`  connection: ${JSON.stringify(r.rows)}`);
    }
    const explain = await clients[0]?.query({
      text: `explain (analyze, buffers, summary) ${statement.sql}`,
      values: statement.params,
    });
    for (const c of clients) c.release();
    report.push(...(explain?.rows ?? []).map((r) => `  ${(r as Record<string, string>)['QUERY PLAN']}`));
    console.error(report.join('\n'));
    await app.close();
  } catch (error) {
    // Told before the cluster stops: stopping it ends the pool's connections, which can throw first.
    console.error(error);
    throw error;
  } finally {
    await shop.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
