import type { DiscountStatus } from '@backroom/contract';
import { useCallback } from 'react';
import { useUrlSearchParams } from '../../../lib/url-search-params';
import { readDiscountPage, readDiscountStatusFilter } from '../discount-screen';

/** The status filter and the page, kept in the URL: a reload or a shared link shows the same codes. */
export function useDiscountSearchParams() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const status = readDiscountStatusFilter(searchParams.get('status'));
  const page = readDiscountPage(searchParams.get('page'));

  /** A new filter starts at page 1. */
  const setStatus = useCallback(
    (next: DiscountStatus | '') => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('status', next);
        else params.delete('status');
        params.delete('page');
        return params;
      });
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { status, page, setStatus, setPage };
}
