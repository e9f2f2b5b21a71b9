import { z } from 'zod';
import { objectIdSchema, queryParam, textSchema, wholeQueryParam } from './common';
import { isCalendarDate } from './domain/discount-dates';

/*
 * The activity log (issue 13; docs/decisions/033-activity-log.md): who changed what, when, with the
 * fields' old and new values, and every admin sign-in. Read-only through the API.
 */

/** What kind of record an entry is about. */
export const ACTIVITY_KINDS = [
  'product',
  'category',
  'options',
  'order',
  'user',
  'admin',
  'settings',
  'discount',
  'bundle',
  'campaign',
  'conversation',
  'signIn',
  /** An admin's two-factor sign-in (docs/decisions/038-two-factor-sign-in.md). */
  'twoFactor',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'statusChanged',
  'roleChanged',
  'sent',
  'signedIn',
  'signInRefused',
  'enabled',
  'disabled',
  'recoveryCodeUsed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_LIMITS = { defaultPageSize: 50, maxPageSize: 200 } as const;

/** The activity log's calls; kept here rather than in routes.ts. */
export const ACTIVITY_PATHS = {
  /** GET: a page of entries, newest first, filtered. */
  list: '/api/activity',
  /** GET: one record's entries, newest first (an order's details, the Modify Product modal). */
  record: '/api/activity/record/:kind/:id',
} as const;

/** GET /api/activity/record/{kind}/{id} for one record. */
export function activityRecordPath(kind: ActivityKind, id: string): string {
  return ACTIVITY_PATHS.record.replace(':kind', kind).replace(':id', encodeURIComponent(id));
}

/** A field's value before and after; null on the side where it did not exist. */
export type FieldChange = { from: unknown; to: unknown };
export type FieldChanges = Record<string, FieldChange>;

/**
 * Fields never written to the log, whatever the caller passes: secrets (a password, its hash, a
 * session or reset token) have no place in a log every admin reads.
 */
export const SECRET_FIELD = /password|hash|token|secret/i;

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A Date as its ISO text, so that the entry reads the same in JSON. */
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields whose value differs between before and after, as { field: { from, to } }. A field on
 * one side only counts as changed (from or to null); absent and null are the same. Fields in omit, and every field whose name
 * looks like a secret (SECRET_FIELD), are left out. Objects and lists compare by their JSON.
 */
export function changedFields(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
  omit: readonly string[] = [],
): FieldChanges {
  const changes: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (omit.includes(key) || SECRET_FIELD.test(key)) continue;
    const from = plain(before?.[key]);
    const to = plain(after?.[key]);
    if (!same(from, to)) changes[key] = { from, to };
  }
  return changes;
}

export const activityEntrySchema = z.object({
  _id: z.string(),
  /** ISO timestamp. */
  at: z.string(),
  /** Who did it as they were then; _id null once the account is deleted or for an unknown sign-in. */
  actor: z.object({ _id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  kind: z.string(),
  action: z.string(),
  recordId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  /** The client's address (sign-ins). */
  ip: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

const dayParam = queryParam(textSchema().trim().refine(isCalendarDate, 'must be a date as yyyy-mm-dd'));

/**
 * GET /api/activity. Every parameter is optional; without any, the newest page of 50. 'from' and
 * 'to' are calendar days in the shop's time zone, both included. 'before' is the nextCursor of the
 * previous page.
 */
export const activityListQuerySchema = z
  .strictObject({
    actor: queryParam(objectIdSchema),
    kind: queryParam(z.enum(ACTIVITY_KINDS, { error: `must be one of ${ACTIVITY_KINDS.join(', ')}` })),
    recordId: queryParam(textSchema().trim().min(1, 'must not be empty').max(100, 'is too long')),
    from: dayParam,
    to: dayParam,
    limit: wholeQueryParam(ACTIVITY_LIMITS.maxPageSize),
    before: queryParam(objectIdSchema),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'must not be after to', path: ['from'] });
export type ActivityListQuery = z.output<typeof activityListQuerySchema>;

export const activityListResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(activityEntrySchema),
  /** Pass as 'before' for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/** GET /api/activity/record/{kind}/{id}: a page of that record's entries (50 unless told). */
export const activityRecordQuerySchema = z.strictObject({
  limit: wholeQueryParam(ACTIVITY_LIMITS.maxPageSize),
  before: queryParam(objectIdSchema),
});
export type ActivityRecordQuery = z.output<typeof activityRecordQuerySchema>;

export const activityRecordParamsSchema = z.strictObject({
  kind: z.enum(ACTIVITY_KINDS, { error: `must be one of ${ACTIVITY_KINDS.join(', ')}` }),
  id: textSchema().trim().min(1, 'must not be empty').max(100, 'is too long'),
});
export type ActivityRecordParams = z.infer<typeof activityRecordParamsSchema>;
