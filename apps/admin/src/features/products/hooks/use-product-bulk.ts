import { BULK_PATHS, type Product, type ProductBulkRequest, type ProductListQuery } from '@backroom/contract';
import { useMemo } from 'react';
import { useBulkRun } from '../../../lib/bulk/use-bulk-run';
import { useBulkSelection } from '../../../lib/bulk/use-bulk-selection';
import { queryKeys } from '../../../lib/query-keys';
import type { ProductListParams } from '../api';

const FILTER_KEYS = ['q', 'mainCategory', 'subCategory', 'subSubCategory', 'status'] as const;

/** The list's query as a bulk filter: the same fields productListSearch sends, without sort and paging. */
export function productBulkFilter(params: ProductListParams): ProductListQuery {
  const filter: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params[key].trim();
    if (value) filter[key] = value;
  }
  return filter as ProductListQuery;
}

/**
 * The products picked on the page shown, or every product the list's filter matches (sent as that
 * filter: the server applies it when the action runs), and the bulk action running over them.
 */
export function useProductBulk(params: ProductListParams, products: readonly Product[], total: number) {
  const ids = useMemo(() => products.map((product) => product._id), [products]);
  const filter = useMemo(() => productBulkFilter(params), [params]);
  const selection = useBulkSelection(filter, JSON.stringify(filter), params.page, ids, total);
  const run = useBulkRun<ProductBulkRequest>(BULK_PATHS.productBulk, queryKeys.products.all, selection.clear);
  return { selection, run };
}

export type ProductBulk = ReturnType<typeof useProductBulk>;
