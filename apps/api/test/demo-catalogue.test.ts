import fs from 'node:fs/promises';
import { DEFAULT_CATEGORIES, PRODUCT_TAGS, type Product } from '@backroom/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, wishlistItems } from '../src/db/schema';
import { insertBulkProducts } from '../src/demo/catalogue';
import { generateDemo, removeDemo } from '../src/demo/generate';
import { createTestApp, type TestApp } from './helpers/app';
import { addProduct, adminToken, baseName, minimalFields, uploadedFiles } from './helpers/catalogue';
import { png } from './helpers/images';

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
    const started = Date.now();
    const summary = await generateDemo(t.database.db, { customers: 5, storage: t.app.ctx.storage });
    // Wishlists for most demo customers, of demo products only.
    const wished = await t.database.db
      .select({ userId: wishlistItems.userId, isDemo: products.isDemo })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId));
    expect(new Set(wished.map((w) => w.userId)).size).toBe(3);
    expect(wished.every((w) => w.isDemo)).toBe(true);
    const took = Date.now() - started;
    expect(took).toBeLessThan(15_000);
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

    const files = new Set(await uploadedFiles(t));
    const referenced = all.flatMap((p) => [...p.image, ...p.thumbnails, ...p.accessories.flatMap((a) => a.images)]);
    for (const url of referenced) expect(files.has(baseName(url)), url).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: all[0]?.image[0] as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    // A reset takes every demo product and its files away, and nothing else.
    await removeDemo(t.database.db, t.app.ctx.storage);
    const left = await t.database.db.select({ id: products.id }).from(products);
    expect(left.map((r) => r.id)).toEqual([mine._id]);
    const after = await uploadedFiles(t);
    expect(after.sort()).toEqual([...mine.image, ...mine.thumbnails].map(baseName).sort());
    await fs.access(t.config.uploads.dir);
  });

  it('generates bulk products in SQL, marked as demo ones', async () => {
    const started = Date.now();
    expect(await insertBulkProducts(t.database.db, 5000)).toBe(5000);
    expect(Date.now() - started).toBeLessThan(20_000);
    const [demo] = await t.database.db.select({ n: count() }).from(products).where(eq(products.isDemo, true));
    expect(demo?.n).toBe(5000);
    await removeDemo(t.database.db);
    const [after] = await t.database.db.select({ n: count() }).from(products).where(eq(products.isDemo, true));
    expect(after?.n).toBe(0);
  });
});
