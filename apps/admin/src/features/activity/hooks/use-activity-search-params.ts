import { ACTIVITY_KINDS, isCalendarDate, isObjectId } from '@backroom/contract';
import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../../lib/url-search-params';
import type { ActivityFilters } from '../api';

const KEYS = ['actor', 'kind', 'recordId', 'from', 'to'] as const;

/** What the URL says, with anything the server would refuse (an unknown kind, a bad day) left out. */
function read(get: (key: string) => string | null): ActivityFilters {
  const kind = get('kind') ?? '';
  const day = (value: string | null) => (value && isCalendarDate(value) ? value : '');
  const from = day(get('from'));
  const to = day(get('to'));
  return {
    actor: isObjectId(get('actor')) ? (get('actor') as string) : '',
    kind: (ACTIVITY_KINDS as readonly string[]).includes(kind) ? kind : '',
    recordId: (get('recordId') ?? '').trim().slice(0, 100),
    from,
    to: from && to && to < from ? '' : to,
  };
}

/** The Activity screen's filters, kept in the URL: a reload or a shared link shows the same view. */
export function useActivitySearchParams() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const filters = useMemo(() => read((key) => searchParams.get(key)), [searchParams]);

  /** Sets some filters ('' clears one); typing the record id replaces the history entry. */
  const setFilters = useCallback(
    (change: Partial<ActivityFilters>, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of KEYS) {
            const value = change[key];
            if (value === undefined) continue;
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of KEYS) next.delete(key);
      return next;
    });
  }, [setSearchParams]);

  return { filters, setFilters, clearFilters };
}
