import {
  API_PATHS,
  BULK_EVENTS,
  BULK_PATHS,
  type BulkDoneResponse,
  type BulkJob,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
  EVENTS,
  type ProductsUpdatedEvent,
} from '@backroom/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleProducts, categories, products } from '../../src/db/schema';
import { socketApp } from '../helpers/admin-socket';
import type { TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { addProduct, baseName, uploadedFiles } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { orderCall, rollupsAndRecount } from '../helpers/orders';
import { insertBundle, insertStoreProduct } from '../helpers/storefront';
import { waitUntil } from '../helpers/wait';

/* POST /api/product/bulk (docs/decisions/035-bulk-actions.md): flags, discount, category, delete. */

let t: TestApp;
let token: string;
let socket: Socket;

beforeAll(async () => {
  ({ t, token, socket } = await socketApp());
  await t.database.db
    .insert(categories)
    .values({ name: 'Bulk Moves', position: 99, subCategories: ['Shelf'], subSubCategories: ['Top'] });
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

const bulk = async (payload: unknown) => {
  const res = await orderCall(t, token, BULK_PATHS.productBulk, payload);
  return { status: res.statusCode, body: res.json() };
};

const stored = (ids: string[]) =>
  t.database.db
    .select({
      id: products.id,
      bestseller: products.bestseller,
      outOfStock: products.outOfStock,
      discount: products.discount,
      mainCategory: products.mainCategory,
      subCategory: products.subCategory,
      subSubCategory: products.subSubCategory,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.name);

async function expectCountersExact() {
  const { counters, recount } = await rollupsAndRecount(t.database.db);
  expect(counters).toEqual(recount);
}

/** A main category of its own, so each test's filter reaches only its products. */
async function productsIn(mainCategory: string, n: number, values: Partial<typeof products.$inferInsert> = {}) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await insertStoreProduct(t.database.db, { mainCategory, ...values }));
  return made.map((p) => p.id);
}

describe('flags', () => {
  it('set on picked products, those already flagged skipped', async () => {
    const [a, b] = await productsIn('Flags A', 2);
    await t.database.db
      .update(products)
      .set({ bestseller: true })
      .where(eq(products.id, b as string));
    const updated = new Promise<ProductsUpdatedEvent>((resolve) => socket.once(EVENTS.productsUpdated, resolve));
    const { status, body } = await bulk({
      selection: { ids: [a, b] },
      action: { kind: 'flag', flag: 'bestseller', value: true },
    });
    expect(status).toBe(200);
    expect((body as BulkDoneResponse).message).toBe('1 updated, 1 skipped: 1 already Bestseller');
    expect(await updated).toEqual({ action: 'updated' });
    expect((await stored([a as string, b as string])).map((p) => p.bestseller)).toEqual([true, true]);
  });

  it('cleared over the list filter, the out-of-stock counter following', async () => {
    const mine = await productsIn('Flags B', 4, { outOfStock: true });
    const other = await productsIn('Flags C', 1, { outOfStock: true });
    const filter = { mainCategory: 'Flags B', status: 'outOfStock' };
    const listed = await t.app.inject({
      method: 'GET',
      url: API_PATHS.productList,
      query: { ...filter, pageSize: '50' },
      headers: { token },
    });
    expect((listed.json().products as { _id: string }[]).map((p) => p._id).sort()).toEqual([...mine].sort());
    const { status, body } = await bulk({
      selection: { filter },
      action: { kind: 'flag', flag: 'outOfStock', value: false },
    });
    expect(status).toBe(200);
    expect((body as BulkDoneResponse).result).toEqual({ updated: 4, skipped: 0, reasons: [] });
    expect((await stored(mine)).every((p) => !p.outOfStock)).toBe(true);
    expect((await stored(other))[0]?.outOfStock).toBe(true);
    await expectCountersExact();
  });
});

describe('discount', () => {
  it('set over a name search; a discount out of range or too precise is refused and changes nothing', async () => {
    const mine = await productsIn('Discounts', 3, { name: 'Glimmerwing Statue' });
    for (const percent of [101, -1, 12.345]) {
      const { status, body } = await bulk({
        selection: { filter: { q: 'glimmerwing' } },
        action: { kind: 'discount', percent },
      });
      expect(status).toBe(400);
      expect(body.message).toMatch(/action\.percent/);
    }
    expect((await stored(mine)).map((p) => p.discount)).toEqual([0, 0, 0]);
    const { body } = await bulk({
      selection: { filter: { q: 'glimmerwing' } },
      action: { kind: 'discount', percent: 12.5 },
    });
    expect((body as BulkDoneResponse).result.updated).toBe(3);
    expect((await stored(mine)).map((p) => p.discount)).toEqual([12.5, 12.5, 12.5]);
  });
});

describe('category', () => {
  it('moves the filter to a category of the tree; one the tree lacks is refused', async () => {
    const mine = await productsIn('Movers', 3);
    const refusals: [Record<string, string>, RegExp][] = [
      [{ mainCategory: 'Nowhere' }, /action\.mainCategory: there is no category named Nowhere/],
      [{ mainCategory: 'Bulk Moves', subCategory: 'Cellar' }, /action\.subCategory/],
      [{ mainCategory: 'Bulk Moves', subCategory: 'Shelf', subSubCategory: 'Bottom' }, /action\.subSubCategory/],
    ];
    for (const [place, message] of refusals) {
      const { status, body } = await bulk({
        selection: { filter: { mainCategory: 'Movers' } },
        action: { kind: 'category', ...place },
      });
      expect(status).toBe(400);
      expect(body.message).toMatch(message);
    }
    expect((await stored(mine)).every((p) => p.mainCategory === 'Movers')).toBe(true);
    const { body } = await bulk({
      selection: { filter: { mainCategory: 'Movers' } },
      action: { kind: 'category', mainCategory: 'Bulk Moves', subCategory: 'Shelf', subSubCategory: 'Top' },
    });
    expect((body as BulkDoneResponse).result.updated).toBe(3);
    expect((await stored(mine)).map((p) => [p.mainCategory, p.subCategory, p.subSubCategory])).toEqual([
      ['Bulk Moves', 'Shelf', 'Top'],
      ['Bulk Moves', 'Shelf', 'Top'],
      ['Bulk Moves', 'Shelf', 'Top'],
    ]);
  });
});

describe('delete', () => {
  it('as deleting one does: files removed after the commit, bundles keep the line as removed', async () => {
    const before = await uploadedFiles(t);
    const a = await addProduct(
      t,
      token,
      { name: 'Doomed A', description: 'x', price: '5', mainCategory: 'Doomed' },
      {
        image1: await png(),
      },
    );
    const b = await addProduct(
      t,
      token,
      { name: 'Doomed B', description: 'x', price: '5', mainCategory: 'Doomed' },
      {
        image1: await png(32, 32, '#123456'),
      },
    );
    const files = [...a.image, ...b.image].map(baseName);
    expect((await uploadedFiles(t)).length).toBeGreaterThan(before.length);
    const bundleId = await insertBundle(t.database.db, {}, [a._id]);
    const { status, body } = await bulk({
      selection: { filter: { mainCategory: 'Doomed' } },
      action: { kind: 'delete' },
    });
    expect(status).toBe(200);
    expect((body as BulkDoneResponse).message).toBe('2 deleted');
    expect(await stored([a._id, b._id])).toEqual([]);
    const left = await uploadedFiles(t);
    for (const name of files) expect(left).not.toContain(name);
    expect(left).toEqual(before);
    const lines = await t.database.db
      .select({ productId: bundleProducts.productId, name: bundleProducts.productName })
      .from(bundleProducts)
      .where(eq(bundleProducts.bundleId, bundleId));
    expect(lines).toEqual([{ productId: null, name: 'Line 0' }]);
    await expectCountersExact();
  });
});

describe('a job', () => {
  it('flags 1,200 products in batches with progress, refreshing open screens once', async () => {
    await t.database.db.execute(sql`
      insert into products (id, name, price_cents, main_category, created_at)
      select substr(md5('job' || i), 1, 24), 'Job product ' || i, 1000, 'Jobs', now() - i * interval '1 second'
        from generate_series(1, 1200) i`);
    const events: BulkJob[] = [];
    let refreshes = 0;
    const onProgress = (job: BulkJob) => events.push(job);
    const onUpdated = () => {
      refreshes += 1;
    };
    socket.on(BULK_EVENTS.bulkProgress, onProgress);
    socket.on(EVENTS.productsUpdated, onUpdated);
    const { status, body } = await bulk({
      selection: { filter: { mainCategory: 'Jobs' } },
      action: { kind: 'flag', flag: 'vaulted', value: true },
    });
    expect(status).toBe(202);
    const { jobId, total } = body as BulkQueuedResponse;
    expect(total).toBe(1200);
    const job = await waitUntil(async () => {
      const res = await t.app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
      const polled = (res.json() as BulkJobResponse).job;
      return polled.state === 'completed' || polled.state === 'failed' ? polled : undefined;
    }, 'the job to end');
    // The job's last event may trail the answer; then every event it sent has arrived.
    await waitUntil(() => events.some((e) => e.jobId === jobId && e.state !== 'running'), 'the last event');
    await allDelivered(t, socket);
    socket.off(BULK_EVENTS.bulkProgress, onProgress);
    socket.off(EVENTS.productsUpdated, onUpdated);
    expect(job).toMatchObject({
      state: 'completed',
      target: 'products',
      kind: 'flag',
      done: 1200,
      total: 1200,
      result: { updated: 1200, skipped: 0, reasons: [] },
      message: '1,200 updated',
    });
    expect(events.filter((e) => e.state === 'running').map((e) => e.done)).toEqual([0, 500, 1000, 1200]);
    expect(refreshes).toBe(1);
    const flagged = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where main_category = 'Jobs' and vaulted`,
    );
    expect(flagged.rows[0]?.n).toBe(1200);
  });
});
