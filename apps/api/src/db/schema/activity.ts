import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, idRef } from './columns';
import { users } from './users';

/**
 * The activity log (docs/decisions/033-activity-log.md): one row per change an admin made, written in
 * the same transaction as the change, and one per admin sign-in, successful or refused. Append-only:
 * a trigger (migration 0020) refuses UPDATE and DELETE, except the single update PostgreSQL makes
 * itself when an actor's account is deleted (actor_id set to null; the name and e-mail stay).
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: idColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a refused sign-in with no matching admin, or once the actor's account is deleted. */
    actorId: idRef('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who it was at the time, kept when the account changes or goes. */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    /** { field: { from, to } }; never a password, hash or token. */
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    /** The client's address, for sign-ins. */
    ip: text('ip'),
  },
  (t) => [
    // The screen's pages, newest first, with or without a filter (keyset on (at, id)).
    index('activity_entries_at_idx').on(sql`${t.at} desc`, sql`${t.id} desc`),
    index('activity_entries_actor_idx').on(t.actorId, sql`${t.at} desc`, sql`${t.id} desc`),
    index('activity_entries_kind_idx').on(t.kind, sql`${t.at} desc`, sql`${t.id} desc`),
    index('activity_entries_record_idx').on(t.recordId, sql`${t.at} desc`, sql`${t.id} desc`),
  ],
);
