import {
  ACTIVITY_LIMITS,
  type ActivityEntry,
  type ActivityListQuery,
  type ActivityRecordParams,
  type ActivityRecordQuery,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { type ActivityFilter, type ActivityRow, listActivityPage } from './repository';

export interface ActivityDeps {
  db: Db;
  /** SHOP_TIMEZONE: 'from' and 'to' are calendar days there. */
  timeZone: string;
}

function toEntry(row: ActivityRow): ActivityEntry {
  return {
    _id: row.id,
    at: row.at,
    actor: { _id: row.actorId, name: row.actorName, email: row.actorEmail },
    kind: row.kind,
    action: row.action,
    recordId: row.recordId,
    changes: row.changes,
    ip: row.ip,
  };
}

async function page(deps: ActivityDeps, filter: Omit<ActivityFilter, 'timeZone'>, limit: number | undefined) {
  const size = limit ?? ACTIVITY_LIMITS.defaultPageSize;
  const rows = await listActivityPage(deps.db, { ...filter, timeZone: deps.timeZone }, size);
  const entries = rows.slice(0, size).map(toEntry);
  const nextCursor = rows.length > size ? (entries.at(-1)?._id ?? null) : null;
  return { entries, nextCursor };
}

/**
 * GET /api/activity: one page, newest first. Unlike the spec's lists, no parameters does not mean
 * the whole list: a log of a million entries cannot be sent whole, so it means the newest page.
 */
export function listActivity(deps: ActivityDeps, query: ActivityListQuery) {
  return page(
    deps,
    {
      actorId: query.actor,
      kind: query.kind,
      recordId: query.recordId,
      from: query.from,
      to: query.to,
      before: query.before,
    },
    query.limit,
  );
}

/** GET /api/activity/record/{kind}/{id}: one record's entries, newest first. */
export function listRecordActivity(deps: ActivityDeps, params: ActivityRecordParams, query: ActivityRecordQuery) {
  return page(deps, { kind: params.kind, recordId: params.id, before: query.before }, query.limit);
}
