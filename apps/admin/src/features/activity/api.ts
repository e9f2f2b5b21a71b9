import {
  ACTIVITY_PATHS,
  type ActivityKind,
  type ActivityListQuery,
  activityListResponseSchema,
} from '@backroom/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The filters of the Activity screen, as the URL holds them ('' when not set). */
export type ActivityFilters = Required<{ [K in 'actor' | 'kind' | 'recordId' | 'from' | 'to']: string }>;

/** How many entries a record's own section loads at a time. */
export const RECORD_PAGE_SIZE = 20;

/** The records that show their own entries (an order's details, the Modify Product modal). */
const RECORD_KEYS = { order: queryKeys.orders, product: queryKeys.products };
export type RecordKind = keyof typeof RECORD_KEYS & ActivityKind;

/** A record's entries are part of the record: refreshed with it. */
export const recordActivityKey = (kind: RecordKind, id: string) => RECORD_KEYS[kind].part(id, 'activity');

/** path?query with only the parameters that are set. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.size > 0 ? `${path}?${params}` : path;
}

const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/** GET /api/activity: the newest page for the filters, then older ones by keyset ('Load more'). */
export const activityListQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const query: Record<keyof ActivityListQuery, string | number | undefined> = {
        actor: filters.actor,
        kind: filters.kind,
        recordId: filters.recordId,
        from: filters.from,
        to: filters.to,
        limit: undefined,
        before: pageParam,
      };
      return apiRequest(withQuery(ACTIVITY_PATHS.list, query), { schema: activityListResponseSchema, signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });

export function useActivityList(filters: ActivityFilters) {
  return useInfiniteQuery(activityListQueryOptions(filters));
}

/** GET /api/activity/record/{kind}/{id}: one record's entries, RECORD_PAGE_SIZE at a time. */
export const recordActivityQueryOptions = (kind: RecordKind, id: string) =>
  infiniteQueryOptions({
    queryKey: recordActivityKey(kind, id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        withQuery(
          ACTIVITY_PATHS.record.replace(':kind', encodeURIComponent(kind)).replace(':id', encodeURIComponent(id)),
          { limit: RECORD_PAGE_SIZE, before: pageParam },
        ),
        { schema: activityListResponseSchema, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });

export function useRecordActivity(kind: RecordKind, id: string) {
  return useInfiniteQuery(recordActivityQueryOptions(kind, id));
}
