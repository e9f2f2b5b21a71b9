import { randomBytes } from 'node:crypto';
import { DEFAULT_CATEGORIES, DEFAULT_OPTIONS, newObjectId, PRODUCT_TAGS, type ProductTag } from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, DbOrTx } from '../db/client';
import { products, type StoredAccessory, type StoredColorVariant } from '../db/schema';
import { productFiles } from '../modules/products/product-view';
import type { ImageStorage } from '../storage/image-storage';
import type { PreparedImage } from '../storage/images';
import { thumbName } from '../storage/names';
import { storeImages } from '../storage/stored-images';
import {
  ACCESSORY_NAMES,
  BULK_ADJECTIVES,
  BULK_NOUNS,
  COLOR_HEX,
  DESCRIPTIONS,
  FIGURE_ACCESSORIES,
  FIGURE_KINDS,
  PRICE_RANGES,
  PRODUCT_NAMES,
} from './catalogue-names';
import type { Random } from './random';

const DAY = 86_400_000;
/** Products the demo makes with real images; more than this are added by SQL, without images. */
export const DEMO_PRODUCTS_WITH_IMAGES = 120;
const IMAGE_SIZE = 480;
const MIN_OUT_OF_STOCK = 5;
const COLORS = DEFAULT_OPTIONS[0]?.values ?? [];
const CLOTHING = DEFAULT_OPTIONS[1]?.values ?? [];
const CANVAS = DEFAULT_OPTIONS[2]?.values ?? [];
/** Sub categories whose products come in clothing-style sizes. */
const SIZED_SUBCATEGORIES = new Set(['Stress_Balls', 'Sensory_Toys']);

export interface CatalogueSummary {
  products: number;
  images: number;
}

/**
 * The demo catalogue: products over every main and sub category of the default tree, with every
 * status flag, discounts, colour variants tied to their images, sizes and accessories with
 * images. Images are drawn locally (SVG rendered by sharp, re-encoded like uploads). Every demo
 * product is marked is_demo, so removeDemoCatalogue takes exactly these away, files included.
 * Beyond DEMO_PRODUCTS_WITH_IMAGES, products are generated in SQL (insertBulkProducts).
 */
export async function generateDemoCatalogue(
  db: Db,
  storage: ImageStorage,
  options: { rnd: Random; now: Date; count?: number },
): Promise<CatalogueSummary> {
  const { rnd, now } = options;
  const count = options.count ?? DEMO_PRODUCTS_WITH_IMAGES;
  const drawn = Math.min(count, DEMO_PRODUCTS_WITH_IMAGES);
  const combos = DEFAULT_CATEGORIES.flatMap((c) => c.subCategories.map((sub) => ({ main: c, sub })));
  const plans = Array.from({ length: drawn }, (_, i) => planProduct(rnd, now, i, combos[i % combos.length]));

  // Draw and store the images a few at a time: sharp works on libuv's thread pool.
  const rows: (typeof products.$inferInsert)[] = [];
  let images = 0;
  const written: string[] = [];
  try {
    for (let start = 0; start < plans.length; start += 8) {
      const batch = plans.slice(start, start + 8);
      const made = await Promise.all(
        batch.map(async (plan) => {
          const productNames = await storeImages(storage, await Promise.all(plan.images.map(drawImage)));
          const accessoryNames = await Promise.all(
            plan.accessories.map(async (a) => storeImages(storage, await Promise.all(a.images.map(drawImage)))),
          );
          written.push(...productNames, ...accessoryNames.flat());
          return plan.row(productNames, accessoryNames);
        }),
      );
      for (const row of made) {
        rows.push(row);
        images += productFiles(row as { images: string[]; accessories: StoredAccessory[] }).length;
      }
    }
    if (rows.length > 0) await db.insert(products).values(rows);
  } catch (error) {
    await removeFiles(storage, written).catch(() => {});
    throw error;
  }
  const bulk = count > drawn ? await insertBulkProducts(db, count - drawn, { now }) : 0;
  return { products: rows.length + bulk, images };
}

/** Takes every demo product away, and its files when the storage is given. */
export async function removeDemoCatalogue(db: Db, storage?: ImageStorage): Promise<number> {
  const removed = await db
    .delete(products)
    .where(eq(products.isDemo, true))
    .returning({ images: products.images, accessories: products.accessories });
  if (storage) await removeFiles(storage, removed.flatMap(productFiles));
  return removed.length;
}

/** Deletes images and their thumbnails, a batch at a time. */
async function removeFiles(storage: ImageStorage, names: readonly string[]) {
  for (let i = 0; i < names.length; i += 400) {
    await storage.remove(names.slice(i, i + 400).flatMap((n) => [n, thumbName(n)]));
  }
}

interface ImagePlan {
  color: string;
  label: string;
  shape: 'hexagon' | 'circle' | 'diamond' | 'square';
  caption: string;
}

function planProduct(
  rnd: Random,
  now: Date,
  index: number,
  combo: { main: (typeof DEFAULT_CATEGORIES)[number]; sub: string } | undefined,
) {
  const main = combo?.main ?? (DEFAULT_CATEGORIES[0] as (typeof DEFAULT_CATEGORIES)[number]);
  const sub = combo?.sub ?? main.subCategories[0] ?? '';
  // A name of the sub category, in one of the sub-sub categories that name fits.
  const base = rnd.pick(PRODUCT_NAMES[main.name]?.[sub] ?? [{ name: 'Mystery Item', fits: main.subSubCategories }]);
  const subSubCategory = rnd.pick(base.fits);
  const figure = main.name === 'Figures' && subSubCategory !== FIGURE_ACCESSORIES;
  const name = figure ? `${base.name} ${rnd.pick(FIGURE_KINDS)}` : base.name;
  const [low, high] = PRICE_RANGES[main.name] ?? [5, 50];
  const priceCents = rnd.int(low, high) * 100 + rnd.pick([0, 49, 99]);
  const shape = ({ Figures: 'hexagon', Fidgets: 'circle', Decoration: 'diamond' } as const)[main.name] ?? 'square';
  const initials = name
    .split(/[\s-]+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();

  // Every flag shows up: product i always carries flag i mod 8, others at random; the first
  // MIN_OUT_OF_STOCK are out of stock, so the dashboard's popup has several to show.
  const flags = Object.fromEntries(
    PRODUCT_TAGS.map((tag, t) => [
      tag,
      t === index % PRODUCT_TAGS.length || (tag === 'outOfStock' && index < MIN_OUT_OF_STOCK) || rnd.chance(0.08),
    ]),
  ) as Record<ProductTag, boolean>;

  const imageCount = rnd.int(1, 4);
  const colored = imageCount >= 2 && rnd.chance(0.6);
  const colors = colored ? pickDistinct(rnd, COLORS, imageCount) : [];
  const paint = rnd.pick(COLORS);
  const images: ImagePlan[] = Array.from({ length: imageCount }, (_, i) => ({
    color: colors[i] ?? paint,
    label: initials,
    shape,
    caption: colors[i] ?? `view ${i + 1}`,
  }));

  const accessoryCount = rnd.chance(0.25) ? rnd.int(1, 3) : 0;
  const accessories = Array.from({ length: accessoryCount }, (_, a) => {
    const accessoryName = rnd.pick(ACCESSORY_NAMES[main.name] ?? ['Gift Box']);
    return {
      name: accessoryName,
      description: rnd.chance(0.5) ? `Fits the ${name}.` : '',
      priceCents: rnd.int(2, 25) * 100 + 99,
      flags: { outOfStock: rnd.chance(0.1), preOrder: rnd.chance(0.1), notAvailableYet: rnd.chance(0.05) },
      flagsMore: { comingSoon: rnd.chance(0.05), isNew: rnd.chance(0.2), limitedEdition: rnd.chance(0.1) },
      images: Array.from({ length: rnd.int(0, 2) }, (_, i) => ({
        color: rnd.pick(COLORS),
        label: `A${a + 1}`,
        shape: 'square' as const,
        caption: `${accessoryName.toLowerCase()} ${i + 1}`,
      })),
    };
  });

  // Sizes only where a shop would offer them: squeeze toys in S to XL, prints on canvas.
  const clothingSizes = SIZED_SUBCATEGORIES.has(sub) && rnd.chance(0.7) ? CLOTHING.filter(() => rnd.chance(0.6)) : [];
  const canvasSizes = sub === 'Wall_Art' ? CANVAS.filter(() => rnd.chance(0.7)) : [];
  const discount = rnd.chance(0.3) ? rnd.pick([5, 10, 15, 20, 25, 30, 40, 50]) : 0;
  const createdAt = new Date(now.getTime() - rnd.int(0, 364) * DAY - rnd.int(0, DAY - 1));
  const description = rnd.pick(DESCRIPTIONS);

  return {
    images,
    accessories,
    row(imageNames: string[], accessoryNames: string[][]): typeof products.$inferInsert {
      const colorVariants: StoredColorVariant[] = colors.map((color, i) => ({
        color,
        image: imageNames[i] ?? null,
        stock: rnd.int(0, 40),
        outOfStock: false,
      }));
      return {
        id: newObjectId(createdAt),
        name,
        description,
        priceCents,
        discount,
        mainCategory: main.name,
        subCategory: sub,
        subSubCategory,
        images: imageNames,
        colorVariants,
        clothingSizes,
        canvasSizes,
        hasAccessory: accessories.length > 0,
        accessories: accessories.map(
          (a, i): StoredAccessory => ({
            name: a.name,
            description: a.description,
            priceCents: a.priceCents,
            images: accessoryNames[i] ?? [],
            ...a.flags,
            ...a.flagsMore,
          }),
        ),
        ...flags,
        isDemo: true,
        createdAt,
        updatedAt: createdAt,
      };
    },
  };
}

function pickDistinct<T>(rnd: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(rnd.int(0, pool.length - 1), 1)[0] as T);
  return out;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function shapeSvg(shape: ImagePlan['shape'], fill: string): string {
  const c = IMAGE_SIZE / 2;
  const r = IMAGE_SIZE * 0.34;
  const paint = `fill="${fill}" stroke="#ced4da" stroke-width="4"`;
  if (shape === 'circle') return `<circle cx="${c}" cy="${c}" r="${r}" ${paint}/>`;
  if (shape === 'square') {
    return `<rect x="${c - r}" y="${c - r}" width="${2 * r}" height="${2 * r}" rx="${r / 4}" ${paint}/>`;
  }
  const corners = shape === 'hexagon' ? 6 : 4;
  const points = Array.from({ length: corners }, (_, i) => {
    const angle = (Math.PI * 2 * i) / corners - Math.PI / 2;
    return `${(c + r * Math.cos(angle)).toFixed(1)},${(c + r * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" ${paint}/>`;
}

/** A product picture: the colour's shape with the initials and a caption, as WebP and thumbnail. */
async function drawImage(plan: ImagePlan): Promise<PreparedImage> {
  const paint = COLOR_HEX[plan.color] ?? '#495057';
  const light = ['white', 'yellow', 'Silver', 'Gold'].includes(plan.color);
  const ink = light ? '#212529' : '#ffffff';
  const fill = plan.color === 'multicolor' ? 'url(#rainbow)' : paint;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}">
  <defs><linearGradient id="rainbow" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#e03131"/><stop offset="0.5" stop-color="#fab005"/><stop offset="1" stop-color="#1971c2"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="#f8f9fa"/>
  ${shapeSvg(plan.shape, fill)}
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="96" font-weight="bold" fill="${ink}">${escapeXml(plan.label)}</text>
  <text x="50%" y="${IMAGE_SIZE - 28}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#495057">${escapeXml(plan.caption)}</text>
</svg>`;
  // Rendered once to raw pixels, then encoded twice (a lower WebP effort than uploads: demo speed).
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [full, thumb] = await Promise.all([
    pixels().webp({ quality: 80, effort: 2 }).toBuffer(),
    pixels().resize({ width: 320, height: 320, fit: 'inside' }).webp({ quality: 70, effort: 2 }).toBuffer(),
  ]);
  return { full, thumb };
}

/**
 * Adds count generated products in one INSERT … SELECT over generate_series: names from two word
 * lists and a number, every default main/sub/sub-sub category, flags, discounts, dates over the
 * last year; no images. Marked is_demo. Answers how many were added.
 */
export async function insertBulkProducts(db: DbOrTx, count: number, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const combos = DEFAULT_CATEGORIES.flatMap((c) =>
    c.subCategories.flatMap((sub) => c.subSubCategories.map((subSub) => `${c.name}|${sub}|${subSub}`)),
  );
  // The 10 middle hex digits of an id: per call, so two calls never make the same id.
  const middle = randomBytes(5).toString('hex');
  // The search's GIN index takes a bulk insert about 4 times faster through its pending list,
  // merged in one go afterwards; the app itself keeps the list off (db/schema/products.ts).
  const trigramIndex = sql.identifier('products_search_idx');
  await db.execute(sql`alter index ${trigramIndex} set (fastupdate = on)`);
  try {
    return await insertGenerated(db, count, now, middle, combos);
  } finally {
    await db.execute(sql`select gin_clean_pending_list(${'products_search_idx'}::regclass)`);
    await db.execute(sql`alter index ${trigramIndex} set (fastupdate = off)`);
  }
}

async function insertGenerated(db: DbOrTx, count: number, now: Date, middle: string, combos: string[]) {
  const result = await db.execute(sql`
    insert into products (
      id, name, description, price_cents, discount, main_category, sub_category, sub_sub_category,
      bestseller, out_of_stock, pre_order, not_available_yet, coming_soon, is_new_product, limited_edition, vaulted,
      is_demo, created_at, updated_at
    )
    select
      lpad(to_hex(floor(extract(epoch from t.at))::bigint), 8, '0') || ${middle} || lpad(to_hex(g % 16777216), 6, '0'),
      (${sql.param([...BULK_ADJECTIVES])}::text[])[1 + g % ${BULK_ADJECTIVES.length}] || ' ' ||
        (${sql.param([...BULK_NOUNS])}::text[])[1 + (g / ${BULK_ADJECTIVES.length}) % ${BULK_NOUNS.length}] || ' ' || g,
      'Generated product number ' || g || '.',
      99 + (g * 7919) % 20000,
      case when g % 5 = 0 then (g % 10) * 5 else 0 end,
      split_part(c.combo, '|', 1), split_part(c.combo, '|', 2), split_part(c.combo, '|', 3),
      g % 7 = 0, g % 11 = 0, g % 13 = 0, g % 17 = 0, g % 19 = 0, g % 5 = 1, g % 23 = 0, g % 29 = 0,
      true, t.at, t.at
    from generate_series(1, ${count}::int) as g
    cross join lateral (select ${now.toISOString()}::timestamptz - g * interval '1 minute' * 5 as at) as t
    cross join lateral (select (${sql.param(combos)}::text[])[1 + (g * 31) % ${combos.length}] as combo) as c
  `);
  return result.rowCount ?? count;
}
