import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface ActivityRow extends Record<string, unknown> {
  id: string;
  /** ISO timestamp in UTC, millisecond precision. */
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  kind: string;
  action: string;
  recordId: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  ip: string | null;
}

export interface ActivityFilter {
  actorId?: string;
  kind?: string;
  recordId?: string;
  /** First and last calendar day, both included, in timeZone. */
  from?: string;
  to?: string;
  timeZone: string;
  /** The id of the last entry of the previous page: only older entries follow. */
  before?: string;
}

/**
 * A page of entries newest first. The order is (at, id) descending and paging is by keyset from the
 * 'before' entry, so every page is one index range scan however deep (at desc, id desc, or one of the
 * actor / kind / record indexes, each ending in at desc, id desc). Asks for limit + 1 rows so that
 * the caller knows whether a next page exists.
 */
export async function listActivityPage(db: DbOrTx, filter: ActivityFilter, limit: number): Promise<ActivityRow[]> {
  const where: SQL[] = [];
  if (filter.actorId !== undefined) where.push(sql`a.actor_id = ${filter.actorId}`);
  if (filter.kind !== undefined) where.push(sql`a.kind = ${filter.kind}`);
  if (filter.recordId !== undefined) where.push(sql`a.record_id = ${filter.recordId}`);
  if (filter.from !== undefined)
    where.push(sql`a.at >= (${filter.from}::date)::timestamp AT TIME ZONE ${filter.timeZone}`);
  if (filter.to !== undefined)
    where.push(sql`a.at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${filter.timeZone})`);
  if (filter.before !== undefined)
    where.push(sql`(a.at, a.id) < (SELECT b.at, b.id FROM activity_entries b WHERE b.id = ${filter.before})`);
  const condition = where.length > 0 ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
  const result = await db.execute<ActivityRow>(sql`
    SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           a.actor_id AS "actorId", a.actor_name AS "actorName", a.actor_email AS "actorEmail",
           a.kind, a.action, a.record_id AS "recordId", a.changes, a.ip
      FROM activity_entries a
      ${condition}
     ORDER BY a.at DESC, a.id DESC
     LIMIT ${limit + 1}`);
  return result.rows;
}
