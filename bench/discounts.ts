/**
 * Discount codes and bundles (issue 11): GET /api/discounts/list at 10k codes, whole (the spec's
 * call) and one filtered page, and GET /api/bundle/list at a few hundred bundles, each through the
 * API next to the very same SQL sent straight to the database; then 200 concurrent redemptions of
 * one code with a Max Usage. Redemption has no HTTP call yet (the storefront's order call of a
 * later issue will make it): the bench calls the service function (redeemDiscount) itself, 200 at
 * once, on this process's pool of the bench database, and compares with the same 200 one after
 * another. Run by run.ts after the campaign bench, or on its own: node --import tsx bench/discounts.ts.
 */
import '../apps/api/src/process-signals';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { API_PATHS, newObjectId, todayIn } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/api/src/db/client';
import { bundleProducts, bundles } from '../apps/api/src/db/schema';
import { insertBulkUsers } from '../apps/api/src/demo/bulk';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { bundleListSql } from '../apps/api/src/modules/bundles/repository';
import { redeemDiscount } from '../apps/api/src/modules/discounts/redemption';
import { discountPageSql, listAllDiscounts } from '../apps/api/src/modules/discounts/repository';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';
import { type Timing, timed } from './timing';

const CODES = Number(process.env.BENCH_CODES ?? 10_000);
const BUNDLES = Number(process.env.BENCH_BUNDLES ?? 300);
const CONCURRENT = 200;
const MAX_USAGE = 100;
const ROUNDS = 3;

export interface RedemptionRound {
  seconds: number;
  succeeded: number;
  refused: number;
  usageCount: number;
  rows: number;
  exact: boolean;
}

export interface DiscountsBench {
  codes: number;
  bundles: number;
  makeSeconds: number;
  whole: { api: Timing; raw: Timing; kb: number };
  page: { label: string; total: number; api: Timing; raw: Timing };
  bundleList: { api: Timing; raw: Timing; kb: number };
  concurrent: RedemptionRound[];
  sequential: RedemptionRound;
}

/** 10k codes in one INSERT ... SELECT: every status, some unlimited, some used, newest first over a year. */
export async function makeCodes(database: Database, count: number) {
  const middle = randomBytes(5).toString('hex');
  await database.db.execute(sql`
    insert into discount_codes
      (id, code, description, percentage, start_date, end_date, max_usage, usage_count, is_active, created_at, updated_at)
    select
      lpad(to_hex(floor(extract(epoch from t.at))::bigint), 8, '0') || ${middle} || lpad(to_hex(g % 16777216), 6, '0'),
      'BENCH' || lpad(g::text, 7, '0'),
      'Bench code number ' || g,
      5 * (1 + g % 20),
      s.start, s.start + (g % 45),
      m.max_usage,
      case when m.max_usage is null then g % 40 else least(m.max_usage, g % 13) end,
      g % 9 <> 0,
      t.at, t.at
    from generate_series(1, ${count}::int) as g
    cross join lateral (select now() - g * interval '50 minutes' as at) as t
    cross join lateral (select current_date + (g % 150) - 100 as start) as s
    cross join lateral (select (array[null, 1, 5, 10, 25, 50, 100])[1 + g % 7]::int as max_usage) as m`);
  await database.db.execute(sql`vacuum analyze discount_codes`);
}

/** Bundles of 2 to 4 products (some of them deleted lines), two image names each (no files: the list only names them). */
async function makeBundles(database: Database, count: number) {
  const db = database.db;
  const available = (
    await db.execute<{ id: string; name: string; priceCents: number }>(
      sql`select id, name, price_cents as "priceCents" from products order by id limit 2000`,
    )
  ).rows;
  if (available.length < 4) throw new Error('the bundles bench needs products');
  const rows: (typeof bundles.$inferInsert)[] = [];
  const lines: (typeof bundleProducts.$inferInsert)[] = [];
  const today = todayIn('UTC');
  for (let i = 0; i < count; i += 1) {
    const at = new Date(Date.now() - i * 3_600_000);
    const id = newObjectId(at);
    const n = 2 + (i % 3);
    let total = 0;
    for (let k = 0; k < n; k += 1) {
      const p = available[(i * 7 + k * 131) % available.length] as (typeof available)[number];
      const removed = i % 50 === 0 && k === 0;
      lines.push({
        bundleId: id,
        position: k,
        productId: removed ? null : p.id,
        productName: p.name,
        productPriceCents: p.priceCents,
      });
      total += p.priceCents;
    }
    rows.push({
      id,
      title: `Bench bundle ${i + 1}`,
      description: 'A few products together at a better price.',
      priceCents: Math.max(100, Math.round(total * 0.8)),
      startDate: today,
      endDate: today,
      images: [`${randomBytes(12).toString('hex')}.webp`, `${randomBytes(12).toString('hex')}.webp`],
      cancelled: i % 10 === 0,
      purchaseCount: i % 17,
      createdAt: at,
      updatedAt: at,
    });
  }
  await db.insert(bundles).values(rows);
  for (let start = 0; start < lines.length; start += 2000)
    await db.insert(bundleProducts).values(lines.slice(start, start + 2000));
  await db.execute(sql`vacuum analyze bundles, bundle_products`);
}

/** One round: CONCURRENT calls to redeemDiscount on a fresh code with Max Usage MAX_USAGE, at once or one by one. */
async function redeemRound(
  database: Database,
  customers: readonly string[],
  timeZone: string,
  together: boolean,
): Promise<RedemptionRound> {
  const db = database.db;
  const code = `BENCHRACE${randomBytes(4).toString('hex').toUpperCase()}`;
  const today = todayIn(timeZone);
  await db.execute(sql`
    insert into discount_codes (id, code, description, percentage, start_date, end_date, max_usage)
    values (${newObjectId()}, ${code}, 'Bench race', 10, ${today}::date, ${today}::date, ${MAX_USAGE})`);
  const redeem = (i: number) =>
    redeemDiscount(db, { timeZone }, { code, customerId: customers[i % customers.length] as string });
  const started = performance.now();
  const results = [];
  if (together) results.push(...(await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => redeem(i)))));
  else for (let i = 0; i < CONCURRENT; i += 1) results.push(await redeem(i));
  const seconds = (performance.now() - started) / 1000;
  const [row] = (
    await db.execute<{ usageCount: number; rows: number }>(sql`
      select d.usage_count as "usageCount",
             (select count(*)::int from discount_redemptions r where r.discount_id = d.id) as rows
        from discount_codes d where d.code = ${code}`)
  ).rows;
  const succeeded = results.filter((r) => r.ok).length;
  const usageCount = row?.usageCount ?? -1;
  const rows = row?.rows ?? -1;
  return {
    seconds,
    succeeded,
    refused: results.length - succeeded,
    usageCount,
    rows,
    exact: succeeded === MAX_USAGE && usageCount === MAX_USAGE && rows === MAX_USAGE,
  };
}

export async function benchDiscounts(options: {
  base: string;
  token: string;
  database: Database;
  log: (line: string) => void;
}): Promise<DiscountsBench> {
  const { base, token, database, log } = options;
  const db = database.db;
  const timeZone = process.env.SHOP_TIMEZONE ?? 'UTC';
  const countOf = async (table: 'discount_codes' | 'bundles') =>
    Number((await db.execute<{ n: string }>(sql`select count(*)::text as n from ${sql.identifier(table)}`)).rows[0]?.n);

  const started = performance.now();
  const missingCodes = CODES - (await countOf('discount_codes'));
  if (missingCodes > 0) {
    log(`  discount codes: making ${missingCodes.toLocaleString('en-US')}`);
    await makeCodes(database, missingCodes);
  }
  const missingBundles = BUNDLES - (await countOf('bundles'));
  if (missingBundles > 0) {
    log(`  bundles: making ${missingBundles.toLocaleString('en-US')}`);
    await makeBundles(database, missingBundles);
  }
  const makeSeconds = (performance.now() - started) / 1000;

  const get = async (url: string) => {
    const res = await fetch(url, { headers: { token } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.arrayBuffer();
  };
  const dialect = new PgDialect();
  const today = todayIn(timeZone);

  // The whole list (the spec's call, no parameters): every code.
  const wholeUrl = `${base}${API_PATHS.discountList}`;
  const wholeKb = (await get(wholeUrl)).byteLength / 1024;
  const whole = {
    api: await timed(() => get(wholeUrl), { samples: 40, warmUp: 5 }),
    // The repository function the API runs, on this process's pool.
    raw: await timed(() => listAllDiscounts(db, today), { samples: 40, warmUp: 5 }),
    kb: wholeKb,
  };

  // One filtered page: Active, page 1 of 20.
  const pageUrl = `${base}${API_PATHS.discountList}?status=active&page=1&pageSize=20`;
  const pageBody = JSON.parse(new TextDecoder().decode(await get(pageUrl))) as { total: number };
  const pageStatement = dialect.sqlToQuery(discountPageSql(today, 'active', { limit: 20, offset: 0 }));
  const page = {
    label: 'status=active, page 1 of 20',
    total: pageBody.total,
    api: await timed(() => get(pageUrl), { samples: 200, warmUp: 20 }),
    raw: await timed(() => database.pool.query(pageStatement.sql, pageStatement.params), { samples: 200, warmUp: 20 }),
  };

  // The bundle list: every bundle with its products.
  const bundleUrl = `${base}${API_PATHS.bundleList}`;
  const bundleKb = (await get(bundleUrl)).byteLength / 1024;
  const bundleStatement = dialect.sqlToQuery(bundleListSql());
  const bundleList = {
    api: await timed(() => get(bundleUrl), { samples: 100, warmUp: 10 }),
    raw: await timed(() => database.pool.query(bundleStatement.sql, bundleStatement.params), {
      samples: 100,
      warmUp: 10,
    }),
    kb: bundleKb,
  };

  // Redemptions: CONCURRENT customers (ids of real users, as the foreign key wants).
  const customers = (
    await db.execute<{ id: string }>(sql`select id from users where role = 'user' order by id limit ${CONCURRENT}`)
  ).rows.map((r) => r.id);
  if (customers.length === 0) throw new Error('the redemption bench needs customers');
  const codes = await countOf('discount_codes');
  // One round untimed first: the statement's plan and the JIT warm up, as in a running shop.
  await redeemRound(database, customers, timeZone, true);
  const concurrent: RedemptionRound[] = [];
  for (let i = 0; i < ROUNDS; i += 1) concurrent.push(await redeemRound(database, customers, timeZone, true));
  const sequential = await redeemRound(database, customers, timeZone, false);

  return {
    codes,
    bundles: await countOf('bundles'),
    makeSeconds,
    whole,
    page,
    bundleList,
    concurrent,
    sequential,
  };
}

/** The section's lines: each figure next to its baseline. */
export function discountsReport(result: DiscountsBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ms = (t: Timing) => `median ${fmt(t.median, 1)} ms, p95 ${fmt(t.p95, 1)} ms`;
  const rate = (r: RedemptionRound) =>
    `${fmt(CONCURRENT / r.seconds)} calls/s (${fmt(r.seconds * 1000)} ms for ${CONCURRENT})`;
  const count = (r: RedemptionRound) =>
    `${r.succeeded} used, ${r.refused} refused, usage count ${r.usageCount}, ${r.rows} redemption rows: ` +
    `${r.exact ? 'exact' : 'NOT EXACT'}`;
  const made = result.makeSeconds > 1 ? ` (made in ${fmt(result.makeSeconds, 1)} s)` : '';
  const lines = [
    `Discount codes, ${fmt(result.codes)} codes${made}, one request at a time:`,
    `  GET ${API_PATHS.discountList} (every code, ${fmt(result.whole.kb)} KB):` +
      ` API ${ms(result.whole.api)} | same SQL (the repository function) ${ms(result.whole.raw)}`,
    `  GET ${API_PATHS.discountList}?status=active&page=1&pageSize=20 (${fmt(result.page.total)} active):` +
      ` API ${ms(result.page.api)} | same SQL ${ms(result.page.raw)}`,
    `Bundles, ${fmt(result.bundles)} bundles of 2 to 4 products, one request at a time:`,
    `  GET ${API_PATHS.bundleList} (${fmt(result.bundleList.kb)} KB): API ${ms(result.bundleList.api)}` +
      ` | same SQL ${ms(result.bundleList.raw)}`,
    `Redemption of one code with Max Usage ${MAX_USAGE}: ${CONCURRENT} calls of the service function redeemDiscount` +
      " (no HTTP call exists yet), on the bench process's pool of 10 connections:",
  ];
  result.concurrent.forEach((r, i) => {
    lines.push(`  ${CONCURRENT} at once, round ${i + 1}: ${rate(r)}; ${count(r)}`);
  });
  lines.push(
    `  baseline, the same ${CONCURRENT} one after another: ${rate(result.sequential)}; ${count(result.sequential)}`,
  );
  return lines;
}

/** On its own: a fresh embedded database with 1,000 customers and 2,000 products, the app in this process. */
if (isMainBench('discounts.ts')) {
  startStandalone(
    'discounts',
    async (database) => {
      await insertBulkUsers(database.db, 1000, { passwordHash: await unusablePasswordHash() });
      await insertBulkProducts(database.db, 2000);
      await database.db.execute(sql`vacuum analyze users, products`);
    },
    async ({ base, token, database }) =>
      discountsReport(await benchDiscounts({ base, token, database, log: (line) => console.log(line) })),
  );
}
