/**
 * The bell at 100k notifications (issue 24; docs/decisions/056-notifications.md): the bell's page
 * (GET /api/notifications?limit=20, first and deep, with its unread count) for an admin who never
 * read anything, and after 'Mark all as read'; the unread count from the rollups next to counting
 * the unread rows (what a plain watermark costs when nothing was read). Run by run.ts, or on its
 * own: node --import tsx bench/notifications.ts (BENCH_NOTIFICATIONS sets the size).
 */
import '../apps/api/src/process-signals';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, NOTIFICATION_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { unreadCount } from '../apps/api/src/modules/notifications/repository';
import { isMainBench, startStandalone } from './standalone';
import { type Timing, timed } from './timing';

export interface NotificationsBench {
  notifications: number;
  generateSeconds: number;
  readAllMs: number;
  pages: { label: string; api: Timing }[];
  counts: { label: string; timing: Timing }[];
}

export const NOTIFICATIONS_GOALS = { pageP95Ms: 50 };

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);
const SAMPLES = { samples: 200, warmUp: 20 };
const PAGE = NOTIFICATION_LIMITS.pageSize;

export async function benchNotifications(options: { base: string; token: string; database: Database }) {
  const { base, token, database } = options;
  const db = database.db;
  const started = performance.now();
  // One statement, as a busy shop's history would be: the kinds in turn, orders most of them.
  await db.execute(sql`
    INSERT INTO notifications (kind, title, subject, at)
    SELECT (ARRAY[${sql.join(
      NOTIFICATION_KINDS.map((k) => sql`${k}`),
      sql`, `,
    )}])[1 + (CASE WHEN g % 4 = 0 THEN g / 4 % ${NOTIFICATION_KINDS.length} ELSE 0 END)],
           'Bench notification ' || g, jsonb_build_object('orderId', md5(g::text)),
           now() - (${COUNT} - g) * interval '1 second'
      FROM generate_series(1, ${COUNT}) g`);
  await db.execute(sql`ANALYZE notifications`);
  const generateSeconds = (performance.now() - started) / 1000;

  const whoAmI = await db.execute<{ id: string }>(sql`SELECT id FROM users WHERE email = 'bench@example.com'`);
  const adminId = whoAmI.rows[0]?.id as string;
  const deepCursor = (
    await db.execute<{ seq: string }>(sql`SELECT seq FROM notifications ORDER BY seq OFFSET ${COUNT / 10} LIMIT 1`)
  ).rows[0]?.seq;

  const page = (label: string, query: string) => ({ label, url: `${base}${NOTIFICATION_PATHS.list}?${query}` });
  const cases = [page('newest page', `limit=${PAGE}`), page('deep page', `limit=${PAGE}&before=${deepCursor}`)];
  const pages: NotificationsBench['pages'] = [];
  const measure = async (suffix: string) => {
    for (const c of cases) {
      const check = await fetch(c.url, { headers: { token } });
      const body = (await check.json()) as { notifications: unknown[]; unread: number };
      if (check.status !== 200 || body.notifications.length !== PAGE) throw new Error(`${c.url}: ${check.status}`);
      const api = await timed(async () => (await fetch(c.url, { headers: { token } })).arrayBuffer(), SAMPLES);
      pages.push({ label: `${c.label}, ${suffix} (${body.unread.toLocaleString('en-US')} unread)`, api });
    }
  };
  const kinds = [...NOTIFICATION_KINDS];
  const counts: NotificationsBench['counts'] = [
    {
      label: 'unread count from the rollups (this design)',
      timing: await timed(() => unreadCount(db, adminId, kinds), SAMPLES),
    },
    {
      label: 'unread rows counted above a watermark of 0 (the plain way)',
      timing: await timed(
        () =>
          db.execute(sql`
            SELECT count(*) FROM notifications n
             WHERE n.seq > 0 AND n.kind = ANY(${sql.raw(`ARRAY['${kinds.join("','")}']`)})
               AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.admin_id = ${adminId} AND r.seq = n.seq)`),
        { samples: 30, warmUp: 3 },
      ),
    },
  ];
  await measure('nothing read');
  const readStart = performance.now();
  const readAll = await fetch(`${base}${NOTIFICATION_PATHS.readAll}`, { method: 'POST', headers: { token } });
  if (readAll.status !== 200) throw new Error(`read-all: ${readAll.status}`);
  const readAllMs = performance.now() - readStart;
  await measure('after Mark all as read');
  return { notifications: COUNT, generateSeconds, readAllMs, pages, counts };
}

export function notificationsReport(result: NotificationsBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const ms = (t: Timing) => `median ${fmt(t.median, 2)} ms, p95 ${fmt(t.p95, 2)} ms`;
  const width = Math.max(...result.pages.map((p) => p.label.length), ...result.counts.map((c) => c.label.length));
  const lines = [
    `The bell, ${fmt(result.notifications)} notifications (made in ${fmt(result.generateSeconds, 1)} s), pages of ${PAGE}` +
      ` with the unread count, one request at a time; goal: p95 under ${NOTIFICATIONS_GOALS.pageP95Ms} ms`,
  ];
  for (const p of result.pages) {
    const mark = p.api.p95 < NOTIFICATIONS_GOALS.pageP95Ms ? 'ok' : 'MISSED';
    lines.push(`  ${p.label.padEnd(width)}  API ${ms(p.api)} ${mark}`);
  }
  for (const c of result.counts) lines.push(`  ${c.label.padEnd(width)}  ${ms(c.timing)}`);
  lines.push(`  Mark all as read over ${fmt(result.notifications)}: ${fmt(result.readAllMs, 1)} ms`);
  return lines;
}

if (isMainBench('notifications.ts')) {
  startStandalone(
    'notifications',
    async () => {},
    async ({ base, token, database }) => notificationsReport(await benchNotifications({ base, token, database })),
  );
}
