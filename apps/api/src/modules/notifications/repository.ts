import type { NotificationKind, NotificationSubject } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A notification as listed for one admin. */
export interface NotificationListRow extends Record<string, unknown> {
  seq: string;
  id: string;
  /** ISO timestamp in UTC, millisecond precision. */
  at: string;
  kind: NotificationKind;
  title: string;
  subject: NotificationSubject;
  read: boolean;
}

export interface ReaderState {
  readSeq: number;
  /** Null: every kind. */
  kinds: NotificationKind[] | null;
}

/** Inserts notifications; the statement's triggers count them per kind and NOTIFY the instances. */
export async function insertNotifications(
  db: DbOrTx,
  rows: { kind: NotificationKind; title: string; subject: NotificationSubject }[],
): Promise<{ id: string; seq: number; kind: NotificationKind }[]> {
  if (rows.length === 0) return [];
  const values = sql.join(
    rows.map((r) => sql`(${r.kind}, ${r.title}, ${JSON.stringify(r.subject)}::jsonb)`),
    sql`, `,
  );
  const result = await db.execute<{ id: string; seq: string; kind: NotificationKind }>(
    sql`INSERT INTO notifications (kind, title, subject) VALUES ${values} RETURNING id, seq, kind`,
  );
  return result.rows.map((r) => ({ id: r.id, seq: Number(r.seq), kind: r.kind }));
}

/** The admin's bell state, made on first use (watermark 0, every kind); locked when asked. */
export async function readerState(db: DbOrTx, adminId: string, lock = false): Promise<ReaderState> {
  await db.execute(sql`INSERT INTO notification_readers (admin_id) VALUES (${adminId}) ON CONFLICT DO NOTHING`);
  const result = await db.execute<{ read_seq: string; kinds: NotificationKind[] | null }>(
    sql`SELECT read_seq, kinds FROM notification_readers WHERE admin_id = ${adminId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = result.rows[0];
  return { readSeq: Number(row?.read_seq ?? 0), kinds: row?.kinds ?? null };
}

/** Reads the admin's state without making it: every kind, nothing read, for an admin not seen yet. */
export async function peekReaderState(db: DbOrTx, adminId: string): Promise<ReaderState> {
  const result = await db.execute<{ read_seq: string; kinds: NotificationKind[] | null }>(
    sql`SELECT read_seq, kinds FROM notification_readers WHERE admin_id = ${adminId}`,
  );
  const row = result.rows[0];
  return { readSeq: Number(row?.read_seq ?? 0), kinds: row?.kinds ?? null };
}

export async function setReaderKinds(db: DbOrTx, adminId: string, kinds: NotificationKind[]): Promise<void> {
  await db.execute(sql`
    INSERT INTO notification_readers (admin_id, kinds) VALUES (${adminId}, ${sqlTextArray(kinds)})
    ON CONFLICT (admin_id) DO UPDATE SET kinds = excluded.kinds`);
}

function sqlTextArray(values: readonly string[]) {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Unread notifications of these kinds: the kinds' totals (8 shards each) less what the admin read of
 * them (one row per kind). Never reads the notifications themselves.
 */
export async function unreadCount(db: DbOrTx, adminId: string, kinds: readonly NotificationKind[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const result = await db.execute<{ unread: string }>(sql`
    SELECT (SELECT coalesce(sum(total), 0) FROM notification_totals WHERE kind = ANY(${sqlTextArray(kinds)}))
         - (SELECT coalesce(sum(read), 0) FROM notification_read_counts
             WHERE admin_id = ${adminId} AND kind = ANY(${sqlTextArray(kinds)})) AS unread`);
  return Math.max(0, Number(result.rows[0]?.unread ?? 0));
}

/**
 * A page newest first of these kinds, seq below `before`, limit + 1 rows (whether a next page
 * exists); without a limit every row. One range scan of the primary key (or of kind, seq).
 */
export async function listNotifications(
  db: DbOrTx,
  adminId: string,
  state: ReaderState,
  kinds: readonly NotificationKind[],
  page: { before?: number; limit?: number },
): Promise<NotificationListRow[]> {
  if (kinds.length === 0) return [];
  const before = page.before !== undefined ? sql`AND n.seq < ${page.before}` : sql``;
  const limit = page.limit !== undefined ? sql`LIMIT ${page.limit + 1}` : sql``;
  const result = await db.execute<NotificationListRow>(sql`
    SELECT n.seq::text AS seq, n.id, to_char(n.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           n.kind, n.title, n.subject,
           (n.seq <= ${state.readSeq} OR EXISTS (
              SELECT 1 FROM notification_reads r WHERE r.admin_id = ${adminId} AND r.seq = n.seq)) AS read
      FROM notifications n
     WHERE n.kind = ANY(${sqlTextArray(kinds)}) ${before}
     ORDER BY n.seq DESC
     ${limit}`);
  return result.rows;
}

/**
 * Marks one notification read for the admin (their state row locked by the caller): a row in
 * notification_reads when it is above the watermark and not read yet, and its kind's read count
 * one up. Answers false when the id names no notification.
 */
export async function markRead(db: DbOrTx, adminId: string, readSeq: number, id: string): Promise<boolean> {
  const found = await db.execute<{ seq: string; kind: string }>(
    sql`SELECT seq, kind FROM notifications WHERE id = ${id}`,
  );
  const row = found.rows[0];
  if (!row) return false;
  if (Number(row.seq) <= readSeq) return true;
  const inserted = await db.execute(sql`
    INSERT INTO notification_reads (admin_id, seq, kind) VALUES (${adminId}, ${row.seq}, ${row.kind})
    ON CONFLICT DO NOTHING RETURNING seq`);
  if (inserted.rows.length > 0) await bumpReadCounts(db, adminId, [{ kind: row.kind, n: 1 }]);
  return true;
}

/** Marks just-made notifications read for these admins (they have Messages open), in one go. */
export async function markNewRead(
  db: DbOrTx,
  adminIds: readonly string[],
  made: readonly { seq: number; kind: string }[],
): Promise<void> {
  for (const adminId of adminIds) {
    await db.execute(sql`INSERT INTO notification_readers (admin_id) VALUES (${adminId}) ON CONFLICT DO NOTHING`);
    await db.execute(sql`SELECT 1 FROM notification_readers WHERE admin_id = ${adminId} FOR UPDATE`);
    for (const n of made) {
      const inserted = await db.execute(sql`
        INSERT INTO notification_reads (admin_id, seq, kind) VALUES (${adminId}, ${n.seq}, ${n.kind})
        ON CONFLICT DO NOTHING RETURNING seq`);
      if (inserted.rows.length > 0) await bumpReadCounts(db, adminId, [{ kind: n.kind, n: 1 }]);
    }
  }
}

async function bumpReadCounts(db: DbOrTx, adminId: string, counts: { kind: string; n: number }[]) {
  for (const { kind, n } of counts) {
    await db.execute(sql`
      INSERT INTO notification_read_counts AS c (admin_id, kind, read) VALUES (${adminId}, ${kind}, ${n})
      ON CONFLICT (admin_id, kind) DO UPDATE SET read = c.read + excluded.read`);
  }
}

/**
 * Every notification read for the admin, inside a transaction: the exclusive advisory lock waits
 * for inserts in flight (they hold it shared from before their seq is taken, migration 0024), so
 * the watermark (the highest seq) leaves nothing unread below it, and each kind's read count
 * becomes its total. The one-by-one reads are all below the watermark now and go.
 */
export async function markAllRead(tx: DbOrTx, adminId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('notifications'))`);
  await readerState(tx, adminId, true);
  await tx.execute(sql`
    UPDATE notification_readers SET read_seq = (SELECT coalesce(max(seq), 0) FROM notifications)
     WHERE admin_id = ${adminId}`);
  await tx.execute(sql`DELETE FROM notification_reads WHERE admin_id = ${adminId}`);
  await tx.execute(sql`DELETE FROM notification_read_counts WHERE admin_id = ${adminId}`);
  await tx.execute(sql`
    INSERT INTO notification_read_counts (admin_id, kind, read)
    SELECT ${adminId}, kind, sum(total) FROM notification_totals GROUP BY kind ORDER BY kind`);
}

/**
 * Whether a refused sign-in on this account makes a burst now: the account is an admin's, it saw
 * at least `refusals` refusals within the window (the activity log's signInRefused entries, read
 * through its actor index), and no burst was told for it within the window. The caller holds an
 * advisory lock on the account so two refusals at once tell it once.
 */
export async function refusedSignInBurst(
  db: DbOrTx,
  adminId: string,
  refusals: number,
  windowMs: number,
): Promise<{ name: string; email: string; count: number } | undefined> {
  const result = await db.execute<{ name: string; email: string; count: number; told: boolean }>(sql`
    SELECT u.name, u.email,
           (SELECT count(*)::int FROM (
              SELECT 1 FROM activity_entries a
               WHERE a.actor_id = u.id AND a.kind = 'signIn' AND a.action = 'signInRefused'
                 AND a.at > now() - make_interval(secs => ${windowMs / 1000})
               LIMIT ${refusals}) x) AS count,
           EXISTS (SELECT 1 FROM notifications n
                    WHERE n.kind = 'signInBurst' AND n.subject->>'adminId' = u.id
                      AND n.at > now() - make_interval(secs => ${windowMs / 1000})) AS told
      FROM users u WHERE u.id = ${adminId} AND u.role = 'admin'`);
  const row = result.rows[0];
  if (!row || row.told || row.count < refusals) return undefined;
  return { name: row.name, email: row.email, count: row.count };
}

/** Takes a transaction-wide advisory lock on a key (a burst is decided once per account). */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}
