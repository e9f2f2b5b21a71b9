import type { Role } from '@backroom/contract';
import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../../lib/url-search-params';

export interface UserListParams {
  q: string;
  /** '' for All Roles. */
  role: Role | '';
  page: number;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readRole(value: string | null): Role | '' {
  return value === 'admin' || value === 'user' ? value : '';
}

/** The search, role filter and page, kept in the URL: a reload or a shared link shows the same view. */
export function useUserSearchParams() {
  const [searchParams, setSearchParams] = useUrlSearchParams();

  const params: UserListParams = useMemo(
    () => ({
      q: searchParams.get('q') ?? '',
      role: readRole(searchParams.get('role')),
      page: readPage(searchParams.get('page')),
    }),
    [searchParams],
  );

  /** A new search or role: back to page 1. */
  const setFilter = useCallback(
    (key: 'q' | 'role', value: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: key === 'q' },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { params, setFilter, setPage };
}
