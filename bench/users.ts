/**
 * The Users screen at 100k users (issue 10): a searched page of GET /api/user/all through the
 * API, next to the very same SQL sent straight to the database, and the tiles (GET
 * /api/user/stats) next to counting them from the rows. Run by run.ts after the orders bench
 * (whose customers it reuses), or on its own: node --import tsx bench/users.ts.
 */
import '../apps/api/src/process-signals';
import { API_PATHS, type UserListQuery } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkUsers } from '../apps/api/src/demo/bulk';
import { userPageSql } from '../apps/api/src/modules/users/repository';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';
import { type Timing, timed } from './timing';

export interface UsersBench {
  users: number;
  generateSeconds: number;
  pages: { label: string; query: UserListQuery; total: number; api: Timing; raw: Timing }[];
  stats: { api: Timing; recount: Timing; exact: boolean };
}

export const USERS_GOALS = { pageP95Ms: 50, statsMedianMs: 20 };

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SAMPLES = { samples: 200, warmUp: 20 };
/** A surname of the generated customers (demo/people.ts): about 0.5% of them. */
const SURNAME = 'nakamura';

export async function benchUsers(options: {
  base: string;
  token: string;
  database: Database;
  log: (line: string) => void;
}): Promise<UsersBench> {
  const { base, token, database, log } = options;
  const db = database.db;
  const count = async () =>
    Number((await db.execute<{ n: string }>(sql`select count(*)::text as n from users`)).rows[0]?.n ?? 0);

  // The orders bench made its customers already; on its own, this makes them, in bulk.
  const started = performance.now();
  const missing = USERS - (await count());
  if (missing > 0) {
    await insertBulkUsers(db, missing, {
      passwordHash: await unusablePasswordHash(),
      onProgress: (done, total) => log(`  users: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`),
    });
    await db.execute(sql`vacuum analyze users`);
  }
  const generateSeconds = (performance.now() - started) / 1000;

  const sample = (
    await db.execute<{ email: string }>(sql`select email from users where role = 'user' order by id offset 500 limit 1`)
  ).rows[0];
  const emailPart = (sample?.email ?? 'example').split('@')[0] ?? 'example';
  const cases: { label: string; query: UserListQuery }[] = [
    { label: `name or e-mail contains '${SURNAME}', page 1`, query: { q: SURNAME, page: 1, pageSize: 10 } },
    { label: `name or e-mail contains '${SURNAME}', page 20`, query: { q: SURNAME, page: 20, pageSize: 10 } },
    { label: `e-mail contains '${emailPart}'`, query: { q: emailPart, page: 1, pageSize: 10 } },
    { label: `'${SURNAME}', role Users`, query: { q: SURNAME, role: 'user', page: 1, pageSize: 10 } },
    { label: 'no search, page 1', query: { page: 1, pageSize: 10 } },
    { label: 'no search, page 5,000', query: { page: 5000, pageSize: 10 } },
    { label: 'role Admins, page 1', query: { role: 'admin', page: 1, pageSize: 10 } },
  ];

  const get = async (url: string) => {
    const res = await fetch(url, { headers: { token } });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const dialect = new PgDialect();
  const pages: UsersBench['pages'] = [];
  for (const c of cases) {
    const params = new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)]));
    const url = `${base}${API_PATHS.userAll}?${params}`;
    const { total } = (await (await get(url)).json()) as { total: number };
    const api = await timed(async () => (await get(url)).arrayBuffer(), SAMPLES);
    // The very statement the API sends (same builder), on the same pool.
    const page = c.query.page ?? 1;
    const pageSize = c.query.pageSize ?? 10;
    const statement = dialect.sqlToQuery(
      userPageSql({ q: c.query.q, role: c.query.role }, { limit: pageSize, offset: (page - 1) * pageSize }),
    );
    const raw = await timed(() => database.pool.query(statement.sql, statement.params), SAMPLES);
    pages.push({ label: c.label, query: c.query, total, api, raw });
  }

  // The tiles, next to counting them from the rows (what the counters and rollups spare).
  const statsUrl = `${base}${API_PATHS.userStats}`;
  const getStats = async () =>
    (await (await get(statsUrl)).json()) as {
      totalUsers: number;
      activeUsers: number;
      totalOrders: number;
      totalRevenue: number;
    };
  const api = await timed(getStats, SAMPLES);
  const recountSql = sql`
    select (select count(*) from users)::text as users, (select count(distinct user_id) from orders)::text as active,
           (select count(*) from orders)::text as orders, (select coalesce(sum(total_cents), 0) from orders)::text as revenue`;
  const recount = await timed(() => db.execute(recountSql), { samples: 5, warmUp: 1 });
  const [counted] = (await db.execute<{ users: string; active: string; orders: string; revenue: string }>(recountSql))
    .rows;
  const tiles = await getStats();
  const exact =
    String(tiles.totalUsers) === counted?.users &&
    String(tiles.activeUsers) === counted?.active &&
    String(tiles.totalOrders) === counted?.orders &&
    BigInt(Math.round(tiles.totalRevenue * 100)) === BigInt(counted?.revenue ?? -1);

  return { users: await count(), generateSeconds, pages, stats: { api, recount, exact } };
}

/** The section's lines: each figure next to its baseline and goal. */
export function usersReport(result: UsersBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ms = (t: Timing) => `median ${fmt(t.median, 1)} ms, p95 ${fmt(t.p95, 1)} ms`;
  const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  const width = Math.max(...result.pages.map((p) => p.label.length));
  const lines = [
    `Users, ${fmt(result.users)} users${result.generateSeconds > 1 ? ` (made in ${fmt(result.generateSeconds, 1)} s)` : ''},` +
      ' one request at a time, pages of 10:',
    `  goals: every page's p95 under ${USERS_GOALS.pageP95Ms} ms; the tiles' median under ${USERS_GOALS.statsMedianMs} ms`,
  ];
  for (const p of result.pages) {
    lines.push(
      `  ${p.label.padEnd(width)}  total ${fmt(p.total).padStart(7)}  API ${ms(p.api)} ${mark(p.api.p95 < USERS_GOALS.pageP95Ms)}` +
        ` | same SQL ${ms(p.raw)}`,
    );
  }
  const { stats } = result;
  lines.push(
    `  tiles (GET ${API_PATHS.userStats}) through the API: ${ms(stats.api)} ${mark(stats.api.median < USERS_GOALS.statsMedianMs)},` +
      ` ${stats.exact ? 'equal to' : 'DIFFERENT from'} the recount | counted from the rows: ${ms(stats.recount)}`,
  );
  return lines;
}

/** On its own: a fresh embedded database, the app in this process, the users made in bulk. */
if (isMainBench('users.ts')) {
  startStandalone(
    'users',
    async () => {},
    async ({ base, token, database }) =>
      usersReport(await benchUsers({ base, token, database, log: (line) => console.log(line) })),
  );
}
