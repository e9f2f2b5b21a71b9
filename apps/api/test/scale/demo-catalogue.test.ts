import fs from 'node:fs/promises';
import type { Product } from '@backroom/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundles, discountCodes, products, wishlistItems } from '../../src/db/schema';
import { insertBulkProducts } from '../../src/demo/catalogue';
import { generateDemo, removeDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken, baseName, minimalFields, uploadedFiles } from '../helpers/catalogue';
import { png } from '../helpers/images';

/*
 * The demo generator in process. The whole catalogue of 120 products (every category and flag, the
 * images drawn, the codes and bundles) is read from the shop a first start made, in
 * scale/server-lifecycle.test.ts (helpers/demo-catalogue.ts): drawing it a second time here cost
 * most of this file. Here, a catalogue of 12: the wishlists, the summary's stock count, and a reset
 * that takes the demo's products, codes, bundles and files away and nothing else.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('adds wishlists of demo products and counts its stock as it made it; a reset takes away the demo only, files too', async () => {
    const mine = await addProduct(t, token, minimalFields, { image1: await png() });
    const summary = await generateDemo(t.database.db, { customers: 5, storage: t.app.ctx.storage, products: 12 });
    // Wishlists for most demo customers, of demo products only.
    const wished = await t.database.db
      .select({ userId: wishlistItems.userId, isDemo: products.isDemo })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId));
    expect(new Set(wished.map((w) => w.userId)).size).toBe(3);
    expect(wished.every((w) => w.isDemo)).toBe(true);
    expect(summary.products).toBe(12);
    expect(summary.discounts).toBeGreaterThan(0);
    expect(summary.bundles).toBeGreaterThan(0);

    const res = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { token } });
    const all = (res.json().products as Product[]).filter((p) => p._id !== mine._id);
    expect(all).toHaveLength(12);
    const stocked = all.filter((p) => p.stock !== null);
    expect(stocked.length).toBe(summary.stocked);
    const files = new Set(await uploadedFiles(t));
    for (const url of all.flatMap((p) => [...p.image, ...p.thumbnails]))
      expect(files.has(baseName(url)), url).toBe(true);

    // A reset takes every demo product, code and bundle and its files away, and nothing else.
    await removeDemo(t.database.db, t.app.ctx.storage);
    const left = await t.database.db.select({ id: products.id }).from(products);
    expect(left.map((r) => r.id)).toEqual([mine._id]);
    const [codesLeft] = await t.database.db.select({ n: count() }).from(discountCodes);
    const [bundlesLeft] = await t.database.db.select({ n: count() }).from(bundles);
    expect([codesLeft?.n, bundlesLeft?.n]).toEqual([0, 0]);
    const after = await uploadedFiles(t);
    expect(after.sort()).toEqual([...mine.image, ...mine.thumbnails].map(baseName).sort());
    await fs.access(t.config.uploads.dir);
  });

  it('generates bulk products in SQL, marked as demo ones', async () => {
    expect(await insertBulkProducts(t.database.db, 5000)).toBe(5000);
    const [demo] = await t.database.db.select({ n: count() }).from(products).where(eq(products.isDemo, true));
    expect(demo?.n).toBe(5000);
    await removeDemo(t.database.db);
    const [after] = await t.database.db.select({ n: count() }).from(products).where(eq(products.isDemo, true));
    expect(after?.n).toBe(0);
  });
});
