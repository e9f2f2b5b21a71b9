import {
  API_PATHS,
  categoryTreeResponseSchema,
  DEFAULT_PAGE_SIZE,
  type ProductSort,
  type ProductTag,
  productListResponseSchema,
} from '@backroom/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** What the list screen asks the server for: filters, search and the page (spec 1 section 2.5). */
export interface ProductListParams {
  q: string;
  mainCategory: string;
  subCategory: string;
  subSubCategory: string;
  status: ProductTag | '';
  page: number;
  pageSize?: number;
  sort?: ProductSort;
}

export const productKeys = {
  all: ['products'] as const,
  list: (params: ProductListParams) => [...productKeys.all, 'list', params] as const,
  categoryTree: () => ['categories', 'tree'] as const,
};

/** The query string of GET /api/product/list; empty filters are left out. Newest first, 10 a page. */
export function productListSearch(params: ProductListParams): string {
  const search = new URLSearchParams();
  for (const key of ['q', 'mainCategory', 'subCategory', 'subSubCategory', 'status'] as const) {
    const value = params[key].trim();
    if (value) search.set(key, value);
  }
  search.set('sort', params.sort ?? 'newest');
  search.set('page', String(params.page));
  search.set('pageSize', String(params.pageSize ?? DEFAULT_PAGE_SIZE));
  return search.toString();
}

/** GET /api/product/list with the server doing the filtering and paging. */
export const productListQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest(`${API_PATHS.productList}?${productListSearch(params)}`, {
        schema: productListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useProductList(params: ProductListParams) {
  return useQuery(productListQueryOptions(params));
}

/** GET /api/category/tree: the filters' options. A failure leaves them empty (spec 1 section 8: only logged). */
export const categoryTreeQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.categoryTree(),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest(API_PATHS.categoryTree, { schema: categoryTreeResponseSchema, signal })).categories;
      } catch (error) {
        if (!signal.aborted) console.error(error);
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export function useCategoryTree() {
  return useQuery(categoryTreeQueryOptions());
}
