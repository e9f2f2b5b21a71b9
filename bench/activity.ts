/**
 * The activity log at 1M entries (issue 13): pages of GET /api/activity by each filter, first and
 * deep in the log, through the API next to the repository's own statement on the same pool. Run
 * by run.ts, or on its own: node --import tsx bench/activity.ts (BENCH_ACTIVITY sets the size).
 */
import '../apps/api/src/process-signals';
import { ACTIVITY_PATHS, type ActivityListQuery } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkActivity } from '../apps/api/src/demo/bulk-activity';
import { listActivityPage } from '../apps/api/src/modules/activity/repository';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';
import { type Timing, timed } from './timing';

export interface ActivityBench {
  entries: number;
  generateSeconds: number;
  pages: { label: string; api: Timing; raw: Timing }[];
}

export const ACTIVITY_GOALS = { pageP95Ms: 50 };

const ENTRIES = Number(process.env.BENCH_ACTIVITY ?? 1_000_000);
const ADMINS = 20;
const SAMPLES = { samples: 200, warmUp: 20 };
const PAGE = 50;

export async function benchActivity(options: { base: string; token: string; database: Database }) {
  const { base, token, database } = options;
  const db = database.db;
  const started = performance.now();
  // Twenty admins of the bench's own (their e-mails at example.com, never signed in).
  const hash = await unusablePasswordHash();
  const { rows: admins } = await db.execute<{ id: string }>(sql`
    INSERT INTO users (id, name, email, password_hash, role)
    SELECT substr(md5('bench-admin' || g), 1, 24), 'Bench Admin ' || g, 'bench-admin-' || g || '@example.com', ${hash}, 'admin'
      FROM generate_series(1, ${ADMINS}) g
    RETURNING id`);
  await insertBulkActivity(
    db,
    ENTRIES,
    admins.map((a) => a.id),
  );
  const generateSeconds = (performance.now() - started) / 1000;

  // A cursor from the oldest tenth of the log: a page far back.
  const { rows: deepRows } = await db.execute<{ id: string }>(
    sql`SELECT id FROM activity_entries ORDER BY at, id OFFSET ${Math.floor(ENTRIES / 10)} LIMIT 1`,
  );
  const deep = deepRows[0]?.id;
  const actor = admins[3]?.id;
  // A day in the middle of the log (the entries are 5 s apart from 2026-01-01) and the next.
  const day = (offsetDays: number) =>
    new Date(Date.UTC(2026, 0, 1) + ENTRIES * 2_500 + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const cases: { label: string; query: ActivityListQuery }[] = [
    { label: 'newest page, no filter', query: {} },
    { label: 'no filter, deep in the log', query: { before: deep } },
    { label: 'one admin', query: { actor } },
    { label: 'one admin, deep', query: { actor, before: deep } },
    { label: 'kind order, deep', query: { kind: 'order', before: deep } },
    { label: 'one record', query: { recordId: 'record-123' } },
    { label: 'two days mid-log', query: { from: day(0), to: day(1) } },
  ];

  const pages: ActivityBench['pages'] = [];
  for (const c of cases) {
    const params = new URLSearchParams(
      Object.entries(c.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    );
    const url = `${base}${ACTIVITY_PATHS.list}?${params}`;
    const check = await fetch(url, { headers: { token } });
    const body = (await check.json()) as { entries: unknown[] };
    if (check.status !== 200 || body.entries.length === 0) throw new Error(`${url}: ${check.status}, no entries`);
    const api = await timed(async () => (await fetch(url, { headers: { token } })).arrayBuffer(), SAMPLES);
    // The repository's own statement on the same pool (UTC: the bench's shop time zone).
    const { from, to, actor: actorId, ...rest } = c.query;
    const raw = await timed(
      () => listActivityPage(db, { ...rest, actorId, from, to, timeZone: 'UTC' }, PAGE + 1),
      SAMPLES,
    );
    pages.push({ label: c.label, api, raw });
  }
  return { entries: ENTRIES, generateSeconds, pages };
}

export function activityReport(result: ActivityBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ms = (t: Timing) => `median ${fmt(t.median, 1)} ms, p95 ${fmt(t.p95, 1)} ms`;
  const width = Math.max(...result.pages.map((p) => p.label.length));
  const lines = [
    `Activity log, ${fmt(result.entries)} entries (made in ${fmt(result.generateSeconds, 1)} s), pages of ${PAGE},` +
      ` one request at a time; goal: p95 under ${ACTIVITY_GOALS.pageP95Ms} ms`,
  ];
  for (const p of result.pages) {
    const mark = p.api.p95 < ACTIVITY_GOALS.pageP95Ms ? 'ok' : 'MISSED';
    lines.push(`  ${p.label.padEnd(width)}  API ${ms(p.api)} ${mark} | repository's statement ${ms(p.raw)}`);
  }
  return lines;
}

if (isMainBench('activity.ts')) {
  startStandalone(
    'activity',
    async () => {},
    async ({ base, token, database }) => activityReport(await benchActivity({ base, token, database })),
  );
}
