import { randomBytes } from 'node:crypto';
import { ORDER_STATUSES } from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { type DemoProduct, pickItems } from './orders';
import { BULK_FIRST_NAMES, BULK_LAST_NAMES, DEMO_DOMAIN, PLACES, STREETS } from './people';
import { seededRandom } from './random';

/*
 * A big shop on request (npm run demo -- --customers N --orders N, and the bench): users and
 * orders made by PostgreSQL itself with INSERT … SELECT over generate_series, in batches so that
 * progress shows and no statement holds millions of rows at once. Values come from hashes of the
 * row number (hashint8extended): the same shop every run (ids' middle digits aside), and no
 * volatile function for the planner to evaluate per row. The triggers keep totals and rollups as for any insert.
 */

const DAY_SECONDS = 86_400;
const BULK_BATCH = 100_000;
/** The shapes of order contents the generated orders take one of. */
const BASKETS = 2048;

export type Progress = (done: number, total: number) => void;

/** 24 hex digits: the time's seconds, 10 digits per call, the row number: ids are unique and carry the date. */
const idFrom = (at: SQL, middle: string, g: SQL) =>
  sql`lpad(to_hex(floor(extract(epoch from ${at}))::bigint), 8, '0') || ${middle} || lpad(to_hex(${g} % 16777216), 6, '0')`;

/** A whole number in [0, modulo) from the row number g and a stream number. */
const hashed = (g: SQL, stream: number, modulo: number) => sql`(abs(hashint8extended(${g}, ${stream})) % ${modulo})`;

/**
 * Adds count demo customers (role user, e-mail at the demo domain, so a reset removes them):
 * first and last names from lists of about 90 and 190 (a surname matches about 0.5% of them), a
 * unique e-mail each, joined over the last two years. passwordHash is every account's (one
 * argon2 hash: the demo logs nobody in). Answers how many were added.
 */
export async function insertBulkUsers(
  db: DbOrTx,
  count: number,
  options: { passwordHash: string; now?: Date; onProgress?: Progress },
): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const middle = randomBytes(5).toString('hex');
  // E-mails carry a number past those of earlier calls: unique without looking them up.
  const offset = Number((await db.execute<{ n: string }>(sql`select count(*)::text as n from users`)).rows[0]?.n ?? 0);
  const firsts = sql.param([...BULK_FIRST_NAMES]);
  const lasts = sql.param([...BULK_LAST_NAMES]);
  const g = sql`s.g`;
  let added = 0;
  for (let start = 1; start <= count; start += BULK_BATCH) {
    const stop = Math.min(count, start + BULK_BATCH - 1);
    const result = await db.execute(sql`
      insert into users (id, name, email, password_hash, role, is_active, created_at)
      select ${idFrom(sql`s.at`, middle, g)}, s.first || ' ' || s.last,
             lower(translate(s.first || '.' || s.last, 'üÜ'' ', 'uU')) || '.' || (s.g + ${offset}) || '@' || ${DEMO_DOMAIN},
             ${options.passwordHash}, 'user', ${hashed(g, 1, 100)} >= 4, s.at
        from (select g,
                     ${now}::timestamptz - ${hashed(sql`g`, 2, 730 * DAY_SECONDS)} * interval '1 second' - interval '1 day' as at,
                     (${firsts}::text[])[1 + ${hashed(sql`g`, 3, BULK_FIRST_NAMES.length)}] as first,
                     (${lasts}::text[])[1 + ${hashed(sql`g`, 4, BULK_LAST_NAMES.length)}] as last
                from generate_series(${start}::bigint, ${stop}::bigint) as g) as s
      on conflict (email) do nothing
    `);
    added += result.rowCount ?? 0;
    options.onProgress?.(stop, count);
  }
  return added;
}

/**
 * Adds count orders from the demo customers already there (customer k of the ones by id is
 * picked by a hash), placed over the last 12 UTC months, about 60% Delivered and the rest spread
 * over the other eleven statuses, with 1 to 4 items (one of a few thousand baskets drawn from
 * the given products), the customer's name and e-mail, a phone per customer, an address from
 * the demo places; 20% without an amount, the others with the items' total and $5 shipping
 * under $100. No status history. Answers how many were added.
 */
export async function insertBulkOrders(
  db: Db,
  count: number,
  options: { products: readonly DemoProduct[]; now?: Date; onProgress?: Progress },
): Promise<number> {
  const now = options.now ?? new Date();
  const customers = Number(
    (
      await db.execute<{ n: string }>(
        sql`select count(*)::text as n from users where role = 'user' and email like ${`%@${DEMO_DOMAIN}`}`,
      )
    ).rows[0]?.n ?? 0,
  );
  if (count <= 0 || customers === 0 || options.products.length === 0) return 0;

  const rnd = seededRandom(20261123);
  const baskets = Array.from({ length: BASKETS }, () => pickItems(rnd, options.products, 4));
  const basketItems = sql.param(baskets.map((items) => JSON.stringify(items)));
  const basketTotals = sql.param(baskets.map((items) => items.reduce((t, i) => t + i.unitPriceCents * i.quantity, 0)));
  const undelivered = sql.param(ORDER_STATUSES.filter((s) => s !== 'Delivered'));
  const windowStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1);
  const windowSeconds = Math.max(1, Math.floor((now.getTime() - windowStart) / 1000));
  const middle = randomBytes(5).toString('hex');
  const g = sql`s.g`;

  // In one transaction: the trigram indexes are dropped and built again once at the end, about
  // twice as fast as keeping them up to date row by row (even through their pending lists); a
  // failure or an interrupted run gives them back as they were. Other writers to orders wait.
  return db.transaction(async (tx) => {
    const trigramIndexes = (
      await tx.execute<{ name: string; definition: string }>(sql`
        select indexname as name, indexdef as definition from pg_indexes
         where schemaname = current_schema() and tablename = 'orders' and indexdef like '%gin_trgm_ops%'`)
    ).rows;
    for (const index of trigramIndexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    let added = 0;
    for (let start = 1; start <= count; start += BULK_BATCH) {
      const stop = Math.min(count, start + BULK_BATCH - 1);
      const result = await tx.execute(sql`
        with u as (
          select id, name, email, row_number() over (order by id) - 1 as k
            from users where role = 'user' and email like ${`%@${DEMO_DOMAIN}`}
        ),
        b as (
          select items, total, n - 1 as n
            from unnest(${basketItems}::jsonb[], ${basketTotals}::bigint[]) with ordinality as b(items, total, n)
        )
        insert into orders (
          id, user_id, items, amount_cents, status, payment, payment_method,
          first_name, last_name, email, phone, street, city, state, zipcode, country,
          tracking_number, created_at, updated_at
        )
        select ${idFrom(sql`s.at`, middle, g)}, u.id, b.items,
               case when s.r % 5 = 0 then null else b.total + case when b.total >= 10000 then 0 else 500 end end,
               s.status,
               s.status <> 'Payment Pending' and (s.method <> 'COD' or s.status in ('Delivered', 'Exchanged', 'Refunded')),
               s.method,
               split_part(u.name, ' ', 1), substr(u.name, strpos(u.name, ' ') + 1), u.email,
               -- A phone per customer: ten digits from a hash of the id.
               '+1 ' || lpad((abs(hashtextextended(u.id, 1)) % 1000)::text, 3, '0') || '-'
                 || lpad((abs(hashtextextended(u.id, 2)) % 1000)::text, 3, '0') || '-'
                 || lpad((abs(hashtextextended(u.id, 3)) % 10000)::text, 4, '0'),
               (1 + abs(hashtextextended(u.id, 4)) % 999) || ' ' || (${sql.param([...STREETS])}::text[])[1 + abs(hashtextextended(u.id, 5)) % ${STREETS.length}],
               p.place->>'city', p.place->>'state', p.place->>'zipcode', p.place->>'country',
               case when s.status in ('Shipped', 'Out for delivery', 'Delivered', 'Exchanged', 'Refunded') and s.r % 100 < 85
                    then '1Z' || upper(substr(md5(s.g::text), 1, 16)) end,
               s.at, s.at
          from (select g,
                       ${now.toISOString()}::timestamptz - ${hashed(sql`g`, 1, windowSeconds)} * interval '1 second' as at,
                       ${hashed(sql`g`, 2, customers)} as k,
                       ${hashed(sql`g`, 3, BASKETS)} as n,
                       ${hashed(sql`g`, 4, 1000)} as r,
                       case when ${hashed(sql`g`, 5, 100)} < 60 then 'Delivered'
                            else (${undelivered}::text[])[1 + ${hashed(sql`g`, 6, ORDER_STATUSES.length - 1)}] end as status,
                       (array['COD', 'Stripe', 'Razorpay'])[1 + ${hashed(sql`g`, 7, 3)}] as method
                  from generate_series(${start}::bigint, ${stop}::bigint) as g) as s
          join u on u.k = s.k
          join b on b.n = s.n
          cross join lateral (
            select (${sql.param(PLACES.map((p) => JSON.stringify(p)))}::jsonb[])[1 + abs(hashtextextended(u.id, 6)) % ${PLACES.length}] as place
          ) as p
      `);
      added += result.rowCount ?? 0;
      options.onProgress?.(stop, count);
    }
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of trigramIndexes) await tx.execute(sql.raw(index.definition));
    return added;
  });
}
