import { LIST_STATUS_FILTERS, type ProductTag } from '@backroom/contract';
import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../lib/url-search-params';
import type { ProductListParams } from './api';

export type ListFilterKey = 'q' | 'mainCategory' | 'subCategory' | 'subSubCategory' | 'status';

const FILTER_KEYS: readonly ListFilterKey[] = ['q', 'mainCategory', 'subCategory', 'subSubCategory', 'status'];

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function readStatus(value: string | null): ProductTag | '' {
  return LIST_STATUS_FILTERS.find((tag) => tag === value) ?? '';
}

/**
 * The list's filters, search, page and the product being modified, kept in the URL's search params (spec 1 section 4: any
 * filter change returns to page 1). Changing the main category clears the sub levels.
 */
export function useListSearchParams() {
  const [searchParams, setSearchParams] = useUrlSearchParams();

  const params: ProductListParams = useMemo(
    () => ({
      q: searchParams.get('q') ?? '',
      mainCategory: searchParams.get('mainCategory') ?? '',
      subCategory: searchParams.get('subCategory') ?? '',
      subSubCategory: searchParams.get('subSubCategory') ?? '',
      status: readStatus(searchParams.get('status')),
      page: readPage(searchParams.get('page')),
    }),
    [searchParams],
  );

  const setFilter = useCallback(
    (key: ListFilterKey, value: string) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          if (key === 'mainCategory') {
            next.delete('subCategory');
            next.delete('subSubCategory');
          }
          next.delete('page');
          return next;
        },
        { replace: key === 'q' },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      });
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(() => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
      return next;
    });
  }, [setSearchParams]);

  /** /list?edit={id} opens that product in the modify modal (spec 1 section 2.1). */
  const editId = searchParams.get('edit') || null;

  const setEditId = useCallback(
    (id: string | null, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('edit', id);
          else next.delete('edit');
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );

  return { params, setFilter, setPage, clearFilters, editId, setEditId };
}
