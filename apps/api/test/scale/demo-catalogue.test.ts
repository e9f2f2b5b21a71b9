import fs from 'node:fs/promises';
import {
  API_PATHS,
  type Bundle,
  CUSTOMER_PATHS,
  DEFAULT_CATEGORIES,
  DISCOUNT_STATUSES,
  type Discount,
  PRODUCT_TAGS,
  type Product,
} from '@backroom/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundles, discountCodes, discountRedemptions, products, wishlistItems } from '../../src/db/schema';
import { insertBulkProducts } from '../../src/demo/catalogue';
import { generateDemo, removeDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken, baseName, minimalFields, uploadedFiles } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { createSessionToken, createUser } from '../helpers/users';

/** Figures of women and girls; every other figure is a man, a boy or male-presenting. */
const FEMALE_FIGURES = [
  'Wonder Woman',
  'Harley Quinn',
  'Catwoman',
  'Black Widow',
  'Scarlet Witch',
  'Ahsoka',
  'Princess Leia',
  'Atom Eve',
  'Gwen Tennyson',
  'Sailor Moon',
  'Nezuko',
  'Star Witch',
  'Forest Queen',
];
const KINDS = /(?: Action Figure| Collector Statue| Mini Figure| Deluxe Figure| Bust)$/;

/** What a shop owner would notice: a character in the wrong sub-sub category, a metal stress ball, sizes on a lamp. */
function expectBelievable(all: readonly Product[]) {
  const figures = all.filter((p) => p.mainCategory === 'Figures');
  expect(figures.length).toBeGreaterThan(20);
  for (const p of figures) {
    const where = `${p.name}: ${p.subCategory}/${p.subSubCategory}`;
    if (!KINDS.test(p.name)) expect(p.subSubCategory, where).toBe('Accessories');
    else if (FEMALE_FIGURES.some((n) => p.name.startsWith(`${n} `))) expect(p.subSubCategory, where).toBe('Female');
    else expect(p.subSubCategory, where).toBe('Male');
  }
  for (const sub of ['Male', 'Female', 'Accessories']) {
    expect(
      figures.some((p) => p.subSubCategory === sub),
      sub,
    ).toBe(true);
  }
  for (const p of all) {
    const where = `${p.name}: ${p.mainCategory}/${p.subCategory}/${p.subSubCategory}`;
    const category = DEFAULT_CATEGORIES.find((c) => c.name === p.mainCategory);
    expect(category?.subCategories, where).toContain(p.subCategory);
    expect(category?.subSubCategories, where).toContain(p.subSubCategory);
    if (/Stress Ball|Squeeze/.test(p.name))
      expect(['Material_Metal', 'Material_Wood', 'Material_Plastic']).not.toContain(p.subSubCategory);
    if (/Titanium|Magnetic Rings/.test(p.name)) expect(p.subSubCategory, where).toMatch(/^Material_Metal$|^Size_/);
    if (/Walnut|Wooden/.test(p.name)) expect(p.subSubCategory, where).toBe('Material_Wood');
    if (p.canvasSizes.length > 0) expect(p.subCategory, where).toBe('Wall_Art');
    if (p.clothingSizes.length > 0) expect(['Stress_Balls', 'Sensory_Toys'], where).toContain(p.subCategory);
    for (const a of p.accessories) {
      if (/Bearings/.test(a.name)) expect(p.mainCategory, `${a.name} for ${where}`).toBe('Fidgets');
      if (/Spare Hands|Weapon Pack/.test(a.name)) expect(p.mainCategory, `${a.name} for ${where}`).toBe('Figures');
    }
  }
}

/**
 * Issue 11's demo data, read through the API: about 15 codes in every state (some unlimited, some
 * reserved for demo customers, counts that match their redemptions), and six bundles of demo
 * products with real image files, one cancelled, one holding a product the catalogue deleted.
 */
async function expectDemoPromotions(files: ReadonlySet<string>) {
  const codes = (await t.app.inject({ method: 'GET', url: API_PATHS.discountList, headers: { token } })).json()
    .discounts as Discount[];
  expect(codes.length).toBeGreaterThanOrEqual(14);
  for (const status of DISCOUNT_STATUSES)
    expect(codes.filter((d) => d.status === status).length, status).toBeGreaterThan(0);
  expect(codes.some((d) => d.maxUsage === null && d.status === 'active')).toBe(true);
  const assigned = codes.filter((d) => d.assignedTo !== null);
  expect(assigned.length).toBeGreaterThanOrEqual(2);
  for (const d of assigned) expect(d.assignedTo?.email, d.code).toMatch(/@demo\.backroom\.test$/);
  expect(codes.some((d) => d.status === 'expired' && d.usageCount > 0)).toBe(true);
  for (const d of codes) {
    expect(d.description.length, d.code).toBeGreaterThan(3);
    if (d.status === 'usedUp') expect(d.usageCount).toBe(d.maxUsage);
    if (d.maxUsage !== null) expect(d.usageCount).toBeLessThanOrEqual(d.maxUsage);
    // Each use went through the redemption statement, which keeps a row per use.
    const [used] = await t.database.db
      .select({ n: count() })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.code, d.code));
    expect(used?.n, d.code).toBe(d.usageCount);
  }

  const listed = (await t.app.inject({ method: 'GET', url: API_PATHS.bundleList, headers: { token } })).json()
    .bundles as Bundle[];
  expect(listed).toHaveLength(6);
  expect(listed.filter((b) => b.cancelled)).toHaveLength(1);
  const broken = listed.filter((b) => b.hasRemovedProduct);
  expect(broken).toHaveLength(1);
  expect(broken[0]?.purchasable).toBe(false);
  expect(broken[0]?.products.filter((p) => p.removed)).toHaveLength(1);
  for (const b of listed) {
    expect(b.images.length, b.title).toBeGreaterThanOrEqual(1);
    expect(b.images.length, b.title).toBeLessThanOrEqual(3);
    expect(b.products.filter((p) => !p.removed).length, b.title).toBeGreaterThanOrEqual(2);
    expect(new Set(b.products.map((p) => p.name)).size, b.title).toBe(b.products.length);
    for (const url of [...b.images, ...b.thumbnails]) expect(files.has(baseName(url)), url).toBe(true);
  }
  // The storefront can buy the bundles on sale today: their products are all orderable.
  const customer = await createUser(t.database.db, { role: 'user' });
  const customerToken = (await createSessionToken(t.database.db, customer.id, undefined, 'customer')).token;
  const onSale = await t.app.inject({ method: 'GET', url: CUSTOMER_PATHS.bundles, headers: { token: customerToken } });
  expect(onSale.statusCode).toBe(200);
  const sellable = new Set(listed.filter((b) => b.status === 'active' && b.purchasable).map((b) => b._id));
  const onSaleIds = (onSale.json().bundles as { _id: string }[]).map((b) => b._id);
  expect(onSaleIds.length).toBeGreaterThanOrEqual(2);
  for (const id of onSaleIds) expect(sellable.has(id), id).toBe(true);
  const image = await t.app.inject({ method: 'GET', url: listed[0]?.images[0] as string });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/webp');
  expect(image.rawPayload.length).toBeGreaterThan(1000);
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('covers every category, flag, discounts, colours tied to images, sizes and accessories, with real files', async () => {
    const mine = await addProduct(t, token, minimalFields, { image1: await png() });
    const summary = await generateDemo(t.database.db, { customers: 5, storage: t.app.ctx.storage });
    // Wishlists for most demo customers, of demo products only.
    const wished = await t.database.db
      .select({ userId: wishlistItems.userId, isDemo: products.isDemo })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId));
    expect(new Set(wished.map((w) => w.userId)).size).toBe(3);
    expect(wished.every((w) => w.isDemo)).toBe(true);
    expect(summary.products).toBe(120);

    const res = await t.app.inject({ method: 'GET', url: '/api/product/list', headers: { token } });
    const all = (res.json().products as Product[]).filter((p) => p._id !== mine._id);
    expect(all).toHaveLength(120);
    for (const category of DEFAULT_CATEGORIES) {
      for (const sub of category.subCategories) {
        expect(
          all.some((p) => p.mainCategory === category.name && p.subCategory === sub),
          `${category.name}/${sub}`,
        ).toBe(true);
      }
    }
    for (const tag of PRODUCT_TAGS) expect(all.filter((p) => p[tag]).length, tag).toBeGreaterThan(0);
    expect(all.filter((p) => p.discount > 0).length).toBeGreaterThan(10);
    const colored = all.filter((p) => p.colorVariants.length > 0);
    expect(colored.length).toBeGreaterThan(10);
    for (const p of colored) for (const v of p.colorVariants) expect(p.image).toContain(v.image);
    expect(all.some((p) => p.clothingSizes.length > 0)).toBe(true);
    expect(all.some((p) => p.canvasSizes.length > 0)).toBe(true);
    expect(all.some((p) => p.accessories.some((a) => a.images.length > 0))).toBe(true);
    expect(all.every((p) => p.image.length >= 1)).toBe(true);
    expectBelievable(all);
    // Stock counted on at least a fifth of the products, a few of them at 1 to 5 units (decision 055).
    const stocked = all.filter((p) => p.stock !== null);
    expect(stocked.length).toBe(summary.stocked);
    expect(stocked.length).toBeGreaterThanOrEqual(all.length / 5);
    expect(stocked.filter((p) => (p.stock ?? 0) >= 1 && (p.stock ?? 0) <= 5).length).toBeGreaterThanOrEqual(3);
    for (const p of stocked) expect(p.outOfStock, p.name).toBe(p.stock === 0);

    const files = new Set(await uploadedFiles(t));
    const referenced = all.flatMap((p) => [...p.image, ...p.thumbnails, ...p.accessories.flatMap((a) => a.images)]);
    for (const url of referenced) expect(files.has(baseName(url)), url).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: all[0]?.image[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    await expectDemoPromotions(files);

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
