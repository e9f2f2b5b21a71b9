import { ACTIVITY_KINDS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/*
 * A long activity log made by PostgreSQL itself (the activity bench and its scale test): entries a
 * few seconds apart from 2026-01-01, by the given admins in turn, over every kind and 50,000 records.
 * The table's four secondary indexes are dropped for the load and built again from their own
 * definitions (pg_indexes): building an index once is much quicker than keeping it up to date row
 * by row. Ids are shaped as the app makes them: 8 hex digits of seconds, then 16 of a serial.
 */

/** Records the generated entries point at: 'record-0' … 'record-49999'. */
export const BULK_ACTIVITY_RECORDS = 50_000;

/** Adds `count` entries by `actorIds` (at least one admin's id); answers the index definitions rebuilt. */
export async function insertBulkActivity(db: Db, count: number, actorIds: readonly string[]): Promise<number> {
  if (actorIds.length === 0) throw new Error('insertBulkActivity: at least one admin is needed');
  const { rows: indexes } = await db.execute<{ name: string; definition: string }>(sql`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE tablename = 'activity_entries' AND indexname <> 'activity_entries_pkey'`);
  for (const { name } of indexes) await db.execute(sql`DROP INDEX ${sql.identifier(name)}`);
  await db.execute(sql`
    INSERT INTO activity_entries (id, at, actor_id, actor_name, actor_email, kind, action, record_id, changes)
    SELECT lpad(to_hex(1767225600 + g * 5), 8, '0') || lpad(to_hex(g), 16, '0'),
           timestamptz '2026-01-01 00:00:00+00' + g * interval '5 seconds',
           (string_to_array(${actorIds.join(',')}, ','))[1 + g % ${actorIds.length}], 'Admin', 'admin@shop.example',
           (string_to_array(${ACTIVITY_KINDS.join(',')}, ','))[1 + g % ${ACTIVITY_KINDS.length}],
           'updated', 'record-' || (g % ${BULK_ACTIVITY_RECORDS}),
           '{"status": {"from": "Packing", "to": "Shipped"}}'::jsonb
      FROM generate_series(1, ${count}) g`);
  for (const { definition } of indexes) await db.execute(sql.raw(definition));
  await db.execute(sql`ANALYZE activity_entries`);
  return indexes.length;
}
