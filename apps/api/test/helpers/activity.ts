import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { activityEntries } from '../../src/db/schema';

/** The database's clock now, as its own text (microseconds kept), to read the entries written after it. */
export async function dbNow(db: Db): Promise<string> {
  return (await db.execute<{ now: string }>(sql`select clock_timestamp()::text as now`)).rows[0]?.now as string;
}

/** The activity entries written after `since` (of these records, if given), by record id. */
export function entriesSince(db: Db, since: string, recordIds?: string[]) {
  return db
    .select({
      kind: activityEntries.kind,
      action: activityEntries.action,
      recordId: activityEntries.recordId,
      actorId: activityEntries.actorId,
      actorName: activityEntries.actorName,
      changes: activityEntries.changes,
    })
    .from(activityEntries)
    .where(
      and(
        gt(activityEntries.at, sql`${since}::timestamptz`),
        recordIds ? inArray(activityEntries.recordId, recordIds) : undefined,
      ),
    )
    .orderBy(activityEntries.recordId);
}
