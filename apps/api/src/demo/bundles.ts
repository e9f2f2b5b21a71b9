import { BUNDLE_IMAGE_FIELD, type Bundle, newObjectId, todayIn } from '@backroom/contract';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { recordBundlePurchase } from '../modules/bundles/purchase';
import { type BundleDeps, createBundle, toggleBundleCancel } from '../modules/bundles/service';
import { removeProduct } from '../modules/products/service';
import type { ImageStorage } from '../storage/image-storage';
import { thumbName } from '../storage/names';
import { prepareFormImage } from '../storage/stored-images';
import type { Random } from './random';

const DAY = 86_400_000;
const IMAGE_SIZE = 640;

interface BundlePlan {
  title: string;
  description: string;
  /** One product each: its main category and, optionally, sub and sub-sub categories. */
  picks: { main: string; subs?: string[]; subSub?: string }[];
  /** The bundle price as a share of the products' regular total. */
  priceShare: number;
  images: number;
  /** Days from today, both ends included. */
  start: number;
  end: number;
  purchases: number;
  cancelled?: boolean;
  /** Holds a product the catalogue then deletes (the list's warning). */
  deletedProduct?: { name: string; priceCents: number; main: string; sub: string; subSub: string };
  palette: [string, string];
}

/** Six bundles over the demo catalogue's four main categories. */
const PLANS: BundlePlan[] = [
  {
    title: 'Superhero Shelf Starter',
    description: 'Three characters to start a display shelf, for less than one by one.',
    picks: [
      { main: 'Figures', subs: ['MARVEL'], subSub: 'Male' },
      { main: 'Figures', subs: ['DC'], subSub: 'Female' },
      { main: 'Figures', subs: ['DC', 'MARVEL'], subSub: 'Male' },
    ],
    priceShare: 0.8,
    images: 2,
    start: -20,
    end: 40,
    purchases: 14,
    palette: ['#1971c2', '#e03131'],
  },
  {
    title: 'Desk Fidget Trio',
    description: 'A spinner, a squeeze and a puzzle: something for every long meeting.',
    picks: [
      { main: 'Fidgets', subs: ['Fidget_Spinners'] },
      { main: 'Fidgets', subs: ['Stress_Balls'] },
      { main: 'Fidgets', subs: ['Puzzle_Toys'] },
    ],
    priceShare: 0.75,
    images: 3,
    start: -10,
    end: 50,
    purchases: 22,
    palette: ['#2f9e44', '#fab005'],
  },
  {
    title: 'Cosy Corner Decoration Set',
    description: 'Two pieces that make a reading corner feel like home.',
    picks: [
      { main: 'Decoration', subs: ['Home_Decor'] },
      { main: 'Decoration', subs: ['Wall_Art', 'Home_Decor'] },
    ],
    priceShare: 0.85,
    images: 1,
    start: 5,
    end: 35,
    purchases: 0,
    palette: ['#e8590c', '#ae3ec9'],
  },
  {
    title: "Gadget Lover's Gift Box",
    description: 'Clever little gadgets for home and office, boxed and ready to give.',
    picks: [
      { main: 'Widgets', subs: ['Home_Gadgets'] },
      { main: 'Widgets', subs: ['Office_Gadgets'] },
      { main: 'Widgets', subs: ['Smart_Gadgets'] },
    ],
    priceShare: 0.7,
    images: 2,
    start: -30,
    end: 30,
    purchases: 9,
    palette: ['#0c8599', '#495057'],
  },
  {
    title: "Collector's Mystery Crate",
    description: 'A figure, an accessory and a fidget, picked by the team. Withdrawn while we restock.',
    picks: [
      { main: 'Figures', subs: ['ANIME', 'STARWARS', 'INDEPENDENT'], subSub: 'Male' },
      { main: 'Figures', subSub: 'Accessories' },
      { main: 'Fidgets', subs: ['Magnetic_Toys', 'Sensory_Toys'] },
    ],
    priceShare: 0.8,
    images: 2,
    start: -15,
    end: 45,
    purchases: 6,
    cancelled: true,
    palette: ['#5f3dc4', '#f08c00'],
  },
  {
    title: 'Retro Spinner Collection',
    description: 'Classic spinners in one set, including the glow-in-the-dark edition.',
    picks: [
      { main: 'Fidgets', subs: ['Fidget_Spinners'] },
      { main: 'Fidgets', subs: ['Fidget_Spinners', 'Magnetic_Toys'] },
    ],
    priceShare: 0.8,
    images: 3,
    start: -25,
    end: 20,
    purchases: 11,
    deletedProduct: {
      name: 'Glow-in-the-Dark Orbit Spinner',
      priceCents: 1299,
      main: 'Fidgets',
      sub: 'Fidget_Spinners',
      subSub: 'Material_Plastic',
    },
    palette: ['#099268', '#1c7ed6'],
  },
];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A bundle picture: overlapping boxes in the bundle's colours, its title and the view, as a PNG upload. */
async function drawUpload(title: string, palette: [string, string], view: number, of: number): Promise<Buffer> {
  const c = IMAGE_SIZE / 2;
  const boxes = [0, 1, 2]
    .map((i) => {
      const x = c - 170 + i * 90 + view * 12;
      const y = c - 150 + (i % 2) * 60;
      return `<rect x="${x}" y="${y}" width="160" height="160" rx="24" fill="${palette[i % 2]}" stroke="#ffffff" stroke-width="6" transform="rotate(${(i - 1) * 8 + view * 5} ${x + 80} ${y + 80})"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}">
  <rect width="100%" height="100%" fill="#f1f3f5"/>
  ${boxes}
  <text x="50%" y="${IMAGE_SIZE - 110}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" font-weight="bold" fill="#212529">${escapeXml(title)}</text>
  <text x="50%" y="${IMAGE_SIZE - 60}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="24" fill="#495057">bundle · view ${view + 1} of ${of}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The demo's bundle sales, made through the bundles service as the Bundle Sales form would: real
 * image files (drawn as PNG uploads, then checked and re-encoded by the upload policy and stored
 * like any bundle image), demo products with images, a few purchases through the purchase
 * statement. One is cancelled; one holds a product made for it and then deleted from the
 * catalogue by the products service, so the list warns about it. Nothing without products.
 */
export async function generateDemoBundles(
  db: Db,
  storage: ImageStorage,
  options: { rnd: Random; now: Date; timeZone: string },
): Promise<Bundle[]> {
  const { rnd, now, timeZone } = options;
  const log = pino({ level: 'warn' });
  const deps: BundleDeps = { db, storage, realtime: { toAdmins: () => {} }, log, timeZone, now: () => now };
  const today = todayIn(timeZone, now);
  const catalogue = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      main: products.mainCategory,
      sub: products.subCategory,
      subSub: products.subSubCategory,
    })
    .from(products)
    // Products a customer can order now, so the bundles on sale can be bought on the storefront.
    .where(
      and(
        eq(products.isDemo, true),
        sql`jsonb_array_length(${products.images}) > 0`,
        eq(products.outOfStock, false),
        eq(products.notAvailableYet, false),
        eq(products.comingSoon, false),
      ),
    )
    .orderBy(products.id)
    .limit(500);
  if (catalogue.length === 0) return [];

  const made: Bundle[] = [];
  for (const plan of PLANS) {
    // One product per pick, each name once; a pick nothing fits takes any of the main category.
    const chosen = new Map<string, (typeof catalogue)[number]>();
    for (const want of plan.picks) {
      const free = catalogue.filter((p) => ![...chosen.values()].some((c) => c.name === p.name));
      const fits = free.filter(
        (p) =>
          p.main === want.main &&
          (!want.subs || want.subs.includes(p.sub)) &&
          (!want.subSub || p.subSub === want.subSub),
      );
      const fallback = free.filter((p) => p.main === want.main);
      const pool = fits.length > 0 ? fits : fallback.length > 0 ? fallback : free;
      if (pool.length > 0) {
        const pick = rnd.pick(pool);
        chosen.set(pick.id, pick);
      }
    }
    let gone: string | undefined;
    if (plan.deletedProduct) {
      const d = plan.deletedProduct;
      const at = new Date(now.getTime() - 200 * DAY);
      gone = newObjectId(at);
      await db.insert(products).values({
        id: gone,
        name: d.name,
        description: 'Glows for hours after a few minutes in the light.',
        priceCents: d.priceCents,
        mainCategory: d.main,
        subCategory: d.sub,
        subSubCategory: d.subSub,
        isDemo: true,
        createdAt: at,
        updatedAt: at,
      });
    }
    const lines = [...chosen.values()];
    const ids = [...lines.map((p) => p.id), ...(gone ? [gone] : [])];
    const regular = lines.reduce((sum, p) => sum + p.priceCents, 0) + (plan.deletedProduct?.priceCents ?? 0);
    // A price that ends like a shop's: .99 under the share of the regular total.
    const priceCents = Math.max(99, Math.floor((regular * plan.priceShare) / 100) * 100 + 99 - 100);
    const uploads = await Promise.all(
      Array.from({ length: plan.images }, (_, v) => drawUpload(plan.title, plan.palette, v, plan.images)),
    );
    const files = await Promise.all(
      uploads.map(async (data) => ({
        field: BUNDLE_IMAGE_FIELD,
        value: await prepareFormImage(BUNDLE_IMAGE_FIELD, data),
      })),
    );
    let bundle = await createBundle(deps, {
      fields: {
        title: plan.title,
        description: plan.description,
        price: dollars(priceCents),
        startDate: addDays(today, plan.start),
        endDate: addDays(today, plan.end),
        products: JSON.stringify(ids),
      },
      files,
    });
    for (let i = 0; i < plan.purchases; i += 1) {
      const bought = await recordBundlePurchase(db, deps, bundle._id);
      if (!bought.ok) throw new Error(`demo: bundle ${plan.title} refused a purchase: ${bought.message}`);
    }
    if (plan.cancelled) bundle = (await toggleBundleCancel(deps, bundle._id)).bundle;
    if (gone) {
      await removeProduct({ db, storage, realtime: deps.realtime, log }, gone);
    }
    // When an admin made it: the list is newest first.
    const madeAt = new Date(now.getTime() - (Math.max(0, -plan.start) + rnd.int(1, 5)) * DAY);
    await db.execute(sql`UPDATE bundles SET created_at = ${madeAt.toISOString()}::timestamptz,
      updated_at = ${madeAt.toISOString()}::timestamptz WHERE id = ${bundle._id}`);
    made.push(bundle);
  }
  return made;
}

/**
 * Takes the demo's bundles away, and their image files when the storage is given: the bundles
 * holding at least one demo product and no product that is not a demo one (removed lines aside).
 * Runs before the demo catalogue goes, while the lines still name their products.
 */
export async function removeDemoBundles(db: Db, storage?: ImageStorage): Promise<number> {
  const result = await db.execute<{ images: string[] }>(sql`
    DELETE FROM bundles b
     WHERE EXISTS (SELECT 1 FROM bundle_products bp JOIN products p ON p.id = bp.product_id
                    WHERE bp.bundle_id = b.id AND p.is_demo)
       AND NOT EXISTS (SELECT 1 FROM bundle_products bp JOIN products p ON p.id = bp.product_id
                        WHERE bp.bundle_id = b.id AND NOT p.is_demo)
    RETURNING b.images`);
  const names = result.rows.flatMap((r) => r.images);
  if (storage && names.length > 0) await storage.remove(names.flatMap((n) => [n, thumbName(n)]));
  return result.rows.length;
}
