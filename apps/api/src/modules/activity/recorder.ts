import {
  type ActivityAction,
  type ActivityKind,
  changedFields,
  type FieldChanges,
  newObjectId,
  SECRET_FIELD,
} from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { currentActor } from './context';

export interface ActivityInput {
  kind: ActivityKind;
  action: ActivityAction;
  recordId?: string | null;
  /** { field: { from, to } }, usually from the contract's changedFields. */
  changes?: FieldChanges | null;
  /** The admin, when not the one of the current request (a sign-in; null: nobody known). */
  actorId?: string | null;
  /** The e-mail typed at a refused sign-in, when no admin has it. */
  actorEmail?: string | null;
  ip?: string | null;
}

/** Secrets never reach the log, whoever built the changes (the contract's diff leaves them out too). */
function withoutSecrets(changes: FieldChanges | null | undefined): FieldChanges | null {
  if (!changes) return null;
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !SECRET_FIELD.test(field)));
}

/**
 * Writes one activity entry on tx, the change's own transaction, so that a change rolled back
 * leaves no entry (docs/decisions/033-activity-log.md). The actor is the signed-in admin of the
 * current request (context.ts) unless given; without one nothing is written, since only admins'
 * changes are logged (the demo generator and customers' own calls write through the same services).
 * An update that changed nothing is not written either. The actor's name and e-mail are copied from
 * their account in the same statement, so the entry keeps them if the account changes or goes.
 */
export async function recordActivity(tx: DbOrTx, entry: ActivityInput): Promise<void> {
  const context = currentActor();
  const actorId = entry.actorId !== undefined ? entry.actorId : (context?.actorId ?? undefined);
  if (actorId === undefined) return;
  const changes = withoutSecrets(entry.changes);
  if (entry.action === 'updated' && changes !== null && Object.keys(changes).length === 0) return;
  const ip = entry.ip !== undefined ? entry.ip : (context?.ip ?? null);
  await tx.execute(sql`
    INSERT INTO activity_entries (id, actor_id, actor_name, actor_email, kind, action, record_id, changes, ip)
    SELECT ${newObjectId()}, u.id, u.name, coalesce(u.email, ${entry.actorEmail ?? null}),
           ${entry.kind}, ${entry.action}, ${entry.recordId ?? null},
           ${changes === null ? null : JSON.stringify(changes)}::jsonb, ${ip}
      FROM (SELECT 1) AS one LEFT JOIN users u ON u.id = ${actorId}`);
}

/**
 * recordChange's entry as a statement for the change's own statement to run (a data-modifying
 * WITH): the change and its entry in one round trip, atomic as one statement is. One entry per row
 * of `from` (SQL naming the changed rows, e.g. a WITH's name and its alias); `recordId` and
 * `changes` are SQL over those rows, the changes written as changedFields writes them (fieldChanges
 * below). Undefined when the current request has no actor: nothing is to be written. For an action
 * that always writes its entry (statusChanged), as recordChange does.
 */
export function activityEntryStatement(
  kind: ActivityKind,
  action: Extract<ActivityAction, 'statusChanged'>,
  rows: { from: SQL; recordId: SQL; changes: SQL },
): SQL | undefined {
  const context = currentActor();
  if (!context) return undefined;
  return sql`
    INSERT INTO activity_entries (id, actor_id, actor_name, actor_email, kind, action, record_id, changes, ip)
    SELECT ${newObjectId()}, u.id, u.name, u.email, ${kind}, ${action}, ${rows.recordId}, ${rows.changes}, ${context.ip}
      FROM ${rows.from} LEFT JOIN users u ON u.id = ${context.actorId}`;
}

/**
 * changedFields in SQL, for text fields (never secrets): { field: { from, to } } for each field
 * whose old and new values differ, {} when none does. jsonb keeps no key order, so the entry
 * reads exactly as changedFields' would.
 */
export function fieldChanges(fields: readonly (readonly [name: string, from: SQL, to: SQL])[]): SQL {
  const rows = sql.join(
    fields.map(([name, from, to]) => sql`(${name}, to_jsonb(${from}), to_jsonb(${to}))`),
    sql`, `,
  );
  return sql`(SELECT coalesce(jsonb_object_agg(f.name, jsonb_build_object('from', f.old, 'to', f.new)), '{}'::jsonb)
      FROM (VALUES ${rows}) AS f(name, old, new) WHERE f.old IS DISTINCT FROM f.new)`;
}

/** A row or any object of fields (interfaces are not Records to TypeScript). */
type Fields = object;

/**
 * The usual entries in one call: created (every field from null), updated (the fields that differ),
 * deleted (every field to null). omit names fields not worth logging (timestamps, counters).
 */
export function recordChange(
  tx: DbOrTx,
  kind: ActivityKind,
  action: Extract<ActivityAction, 'created' | 'updated' | 'deleted' | 'statusChanged' | 'roleChanged'>,
  recordId: string,
  before: Fields | null,
  after: Fields | null,
  omit: readonly string[] = [],
): Promise<void> {
  return recordActivity(tx, {
    kind,
    action,
    recordId,
    changes: changedFields(before as Record<string, unknown> | null, after as Record<string, unknown> | null, omit),
  });
}

/** One record's change among many written at once. */
export interface RecordChangeInput {
  recordId: string;
  before: Fields | null;
  after: Fields | null;
}

/**
 * The set-based recordChange, for changes made to many records by one statement (bulk actions, an
 * import): one INSERT ... SELECT for the whole list, the entries read from a JSON array, the actor
 * joined once. Same rules as recordChange: no actor, no entries; an update that changed nothing
 * writes none; secrets never reach the log. The changes are computed here with changedFields, so
 * they look exactly like the one-record entries of the same kind.
 */
export async function recordChanges(
  tx: DbOrTx,
  kind: ActivityKind,
  action: Extract<ActivityAction, 'created' | 'updated' | 'deleted' | 'statusChanged'>,
  records: readonly RecordChangeInput[],
  omit: readonly string[] = [],
): Promise<number> {
  const context = currentActor();
  if (!context) return 0;
  const entries = records
    .map(({ recordId, before, after }) => ({
      id: newObjectId(),
      record_id: recordId,
      changes: withoutSecrets(
        changedFields(before as Record<string, unknown> | null, after as Record<string, unknown> | null, omit),
      ),
    }))
    .filter(
      (entry) => !(action === 'updated' || action === 'statusChanged') || Object.keys(entry.changes ?? {}).length > 0,
    );
  if (entries.length === 0) return 0;
  await tx.execute(sql`
    INSERT INTO activity_entries (id, actor_id, actor_name, actor_email, kind, action, record_id, changes, ip)
    SELECT e.id, u.id, u.name, u.email, ${kind}, ${action}, e.record_id, e.changes, ${context.ip}
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(id text, record_id text, changes jsonb)
      LEFT JOIN users u ON u.id = ${context.actorId}`);
  return entries.length;
}
