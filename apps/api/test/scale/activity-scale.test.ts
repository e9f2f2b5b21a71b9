import { ACTIVITY_PATHS, type ActivityEntry } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkActivity } from '../../src/demo/bulk-activity';
import { listActivityPage } from '../../src/modules/activity/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/**
 * The activity log at scale, made in SQL: 200,000 entries by default (about 4 s to make), 1M with
 * ACTIVITY_SCALE_ENTRIES=1000000 (about 19 s here; the plans and the page times were the same). 20 admins, 12 kinds, 50,000 records, one entry a
 * few seconds apart over about two months. Every filter's page must be one index range scan that
 * reads only its own rows (EXPLAIN ANALYZE's row counts, not timings), also deep in the log.
 */
const ENTRIES = Number(process.env.ACTIVITY_SCALE_ENTRIES ?? 200_000);

let t: TestApp;
let token: string;
const admins: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  for (let i = 0; i < 20; i += 1) admins.push((await createUser(t.database.db, { role: 'admin' })).id);
  const started = Date.now();
  expect(await insertBulkActivity(t.database.db, ENTRIES, admins)).toBe(4);
  console.info(`activity scale: ${ENTRIES} entries seeded in ${Date.now() - started} ms`);
});
afterAll(async () => {
  await t?.close();
});

async function plan(query: ReturnType<typeof sql>) {
  const { rows } = await t.database.db.execute<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
  return JSON.stringify(rows[0]?.['QUERY PLAN']);
}

/** The repository's own statement, explained: which index, and how many rows it read. */
async function explainPage(filter: Parameters<typeof listActivityPage>[1]) {
  // The same SQL the repository runs, captured through a handle that only records it.
  let captured: ReturnType<typeof sql> | undefined;
  const recorder = {
    execute: async (query: ReturnType<typeof sql>) => {
      captured = query;
      return { rows: [] };
    },
  } as unknown as Parameters<typeof listActivityPage>[0];
  await listActivityPage(recorder, filter, 50);
  return plan(captured as ReturnType<typeof sql>);
}

/** The rows the plan's nodes read: the largest node's output plus every row a filter threw away. */
const scanned = (json: string) => {
  const numbers = (key: string) =>
    [...json.matchAll(new RegExp(`"${key}":\\s*([\\d.]+)`, 'g'))].map((m) => Number(m[1]));
  return Math.max(0, ...numbers('Actual Rows')) + numbers('Rows Removed by Filter').reduce((a, b) => a + b, 0);
};

describe(`the activity log at ${ENTRIES.toLocaleString('en')} entries`, () => {
  // The planner may walk the time index and skip the other kinds (1 in 12 here) rather than use
  // the kind's own: either way a page reads a bounded number of rows, which is what is checked.
  const cases: [string, Omit<Parameters<typeof listActivityPage>[1], 'timeZone'>, RegExp][] = [
    ['no filter', {}, /activity_entries_at_idx/],
    ['an admin', { actorId: '' }, /activity_entries_(actor|at)_idx/],
    ['a kind', { kind: 'order' }, /activity_entries_(kind|at)_idx/],
    ['a record', { recordId: 'record-123' }, /activity_entries_record_idx/],
    ['a date range', { from: '2026-02-01', to: '2026-02-03' }, /activity_entries_at_idx/],
  ];
  /** A page of 50 with one kind in 12 skipped over, with room to spare. */
  const MAX_READ = 1_500;

  for (const [name, filter, index] of cases) {
    it(`reads one page by ${name} from an index, and so the page deep in the log`, async () => {
      const f = { ...filter, timeZone: 'UTC', ...(filter.actorId === '' ? { actorId: admins[3] } : {}) };
      const first = await explainPage(f);
      expect(first).toMatch(index);
      expect(first).not.toContain('"Seq Scan"');
      expect(scanned(first)).toBeLessThanOrEqual(MAX_READ);
      // A page far back: the cursor is an entry from the oldest tenth of the log.
      const { rows } = await t.database.db.execute<{ id: string }>(
        sql`SELECT id FROM activity_entries ORDER BY at, id OFFSET ${Math.floor(ENTRIES / 10)} LIMIT 1`,
      );
      const deep = await explainPage({ ...f, before: rows[0]?.id });
      expect(deep).toMatch(index);
      expect(deep).not.toContain('"Seq Scan"');
      expect(scanned(deep)).toBeLessThanOrEqual(MAX_READ);
    });
  }

  // Speed is the bench's (bench/activity.ts); here, forty pages walked back by their cursors over HTTP.
  it('walks forty pages back over HTTP, each a full page of its kind, none repeated', async () => {
    const seen = new Set<string>();
    let before: string | null = null;
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${ACTIVITY_PATHS.list}?kind=order${before ? `&before=${before}` : ''}`,
        headers: { token },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { entries: ActivityEntry[]; nextCursor: string | null };
      expect(body.entries).toHaveLength(50);
      expect(body.entries.every((e) => e.kind === 'order')).toBe(true);
      for (const entry of body.entries) seen.add(entry._id);
      before = body.nextCursor;
    }
    expect(seen.size).toBe(2_000);
  });
});
