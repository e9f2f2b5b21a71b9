import { performance } from 'node:perf_hooks';
import { API_PATHS, type Bundle } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleListSql } from '../../src/modules/bundles/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';

/*
 * The bundle list at 3,000 bundles of 3 products each (one of them deleted from the catalogue in
 * every tenth bundle): a few statements, none per bundle. How long it takes is printed; speed is
 * the bench's (npm run bench), never asserted here.
 */
const BUNDLES = 3000;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  const db = t.database.db;
  await db.execute(sql`
    insert into products (id, name, price_cents)
    select lpad(to_hex(n), 24, '0'), 'Scale product ' || n, 100 * n from generate_series(1, 300) n`);
  await db.execute(sql`
    insert into bundles (id, title, description, price_cents, start_date, end_date, images, created_at)
    select lpad(to_hex(1000000 + n), 24, '0'), 'Scale bundle ' || n, 'Three products', 999 + n,
           date '2026-01-01', date '2099-12-31',
           jsonb_build_array(md5(n::text) || '.webp', md5((n + 1)::text) || '.webp'),
           now() - n * interval '1 minute'
      from generate_series(1, ${BUNDLES}) n`);
  await db.execute(sql`
    insert into bundle_products (bundle_id, position, product_id, product_name, product_price_cents)
    select lpad(to_hex(1000000 + n), 24, '0'), k, lpad(to_hex(1 + (n * 3 + k) % 300), 24, '0'), 'kept name', 100
      from generate_series(1, ${BUNDLES}) n, generate_series(0, 2) k`);
  // Lines of every tenth bundle lose a product, as a catalogue deletion leaves them.
  await db.execute(sql`
    update bundle_products set product_id = null, product_name = 'Deleted product'
     where position = 2 and bundle_id in (select id from bundles where title ~ '0$')`);
  await db.execute(sql`analyze bundles; analyze bundle_products; analyze products`);
});
afterAll(() => t.close());

describe('GET /api/bundle/list at 3,000 bundles', () => {
  it('answers every bundle with its products in a few statements, none per bundle', async () => {
    // Every statement the app's pool runs outside a transaction goes through pool.query.
    const { pool } = t.database;
    const query = pool.query;
    let statements = 0;
    pool.query = ((...args: Parameters<typeof query>) => {
      statements += 1;
      return query.apply(pool, args);
    }) as typeof query;
    const list = async () => {
      statements = 0;
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.bundleList, headers: { token } });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      return { ms, statements, bundles: res.json().bundles as Bundle[] };
    };
    await list(); // warm-up
    const runs = [];
    try {
      for (let i = 0; i < 5; i++) runs.push(await list());
    } finally {
      pool.query = query;
    }
    const median = runs.map((r) => r.ms).sort((a, b) => a - b)[2] as number;
    expect(Math.max(...runs.map((r) => r.statements))).toBeLessThanOrEqual(3);
    const { bundles } = runs[0] as { bundles: Bundle[] };
    expect(bundles).toHaveLength(BUNDLES);
    expect(bundles[0]?.title).toBe('Scale bundle 1');
    expect(bundles.every((b) => b.productCount === 3 && b.images.length === 2)).toBe(true);
    const warned = bundles.filter((b) => b.hasRemovedProduct);
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.every((b) => b.products[2]?.removed === true && b.products[2]?._id === null)).toBe(true);

    const started = performance.now();
    await t.database.db.execute(bundleListSql());
    const queryMs = performance.now() - started;
    console.info(
      `bundle list at ${BUNDLES}: median ${median.toFixed(0)} ms, ${runs[0]?.statements} statements ` +
        `(the query alone ${queryMs.toFixed(0)} ms)`,
    );
  });
});
