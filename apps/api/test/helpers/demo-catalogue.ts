import {
  type Bundle,
  DEFAULT_CATEGORIES,
  DISCOUNT_STATUSES,
  type Discount,
  PRODUCT_TAGS,
  type Product,
} from '@backroom/contract';
import { expect } from 'vitest';
import { baseName } from './catalogue';

/*
 * What the demo shop's whole catalogue must show, whoever made it: a first start of the server
 * (scale/server-lifecycle.test.ts reads it from the running shop) or generateDemo in a test.
 */

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
 * The whole demo catalogue (the admin's product list, without the shop's own products): 120
 * products in every category and sub-category, every flag, discounts, colours tied to images,
 * sizes, accessories with images, stock on at least a fifth, and a file for every image named.
 */
export function expectWholeCatalogue(all: readonly Product[], files: ReadonlySet<string>) {
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
  expect(stocked.length).toBeGreaterThanOrEqual(all.length / 5);
  expect(stocked.filter((p) => (p.stock ?? 0) >= 1 && (p.stock ?? 0) <= 5).length).toBeGreaterThanOrEqual(3);
  for (const p of stocked) expect(p.outOfStock, p.name).toBe(p.stock === 0);

  const referenced = all.flatMap((p) => [...p.image, ...p.thumbnails, ...p.accessories.flatMap((a) => a.images)]);
  for (const url of referenced) expect(files.has(baseName(url)), url).toBe(true);
}

export interface DemoPromotions {
  /** The admin's discount list. */
  codes: Discount[];
  /** Rows in discount_redemptions per code. */
  redemptions: ReadonlyMap<string, number>;
  /** The admin's bundle list. */
  bundles: Bundle[];
  /** The ids of the bundles the storefront offers a customer (GET /api/customer/bundles). */
  onSale: string[];
  /** The uploads folder's files. */
  files: ReadonlySet<string>;
}

/**
 * Issue 11's demo data: about 15 codes in every state (some unlimited, some reserved for demo
 * customers, counts that match their redemptions), and six bundles of demo products with real image
 * files, one cancelled, one holding a product the catalogue deleted; the storefront can buy the
 * bundles on sale today.
 */
export function expectDemoPromotions({ codes, redemptions, bundles, onSale, files }: DemoPromotions) {
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
    expect(redemptions.get(d.code) ?? 0, d.code).toBe(d.usageCount);
  }

  expect(bundles).toHaveLength(6);
  expect(bundles.filter((b) => b.cancelled)).toHaveLength(1);
  const broken = bundles.filter((b) => b.hasRemovedProduct);
  expect(broken).toHaveLength(1);
  expect(broken[0]?.purchasable).toBe(false);
  expect(broken[0]?.products.filter((p) => p.removed)).toHaveLength(1);
  for (const b of bundles) {
    expect(b.images.length, b.title).toBeGreaterThanOrEqual(1);
    expect(b.images.length, b.title).toBeLessThanOrEqual(3);
    expect(b.products.filter((p) => !p.removed).length, b.title).toBeGreaterThanOrEqual(2);
    expect(new Set(b.products.map((p) => p.name)).size, b.title).toBe(b.products.length);
    for (const url of [...b.images, ...b.thumbnails]) expect(files.has(baseName(url)), url).toBe(true);
  }
  const sellable = new Set(bundles.filter((b) => b.status === 'active' && b.purchasable).map((b) => b._id));
  expect(onSale.length).toBeGreaterThanOrEqual(2);
  for (const id of onSale) expect(sellable.has(id), id).toBe(true);
}
