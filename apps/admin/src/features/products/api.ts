import {
  API_PATHS,
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  messageResponseSchema,
  type Product,
  type ProductSort,
  type ProductTag,
  productListResponseSchema,
  productPath,
  productResponseSchema,
  productSavedResponseSchema,
  productUpdatePath,
} from '@backroom/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ApiError, errorMessage } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import type { FileField } from './product-form';

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
    queryKey: queryKeys.products.list(params),
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

/** GET /api/product/{id}: the product the modify modal opens (/list?edit={id}). */
export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest(productPath(id), { schema: productResponseSchema, signal })).product,
  });

export function useProduct(id: string | null) {
  return useQuery({ ...productQueryOptions(id ?? ''), enabled: id !== null });
}

/** A multipart body: the text fields, then the files under their field names. */
export function productFormData(fields: Record<string, string>, files: readonly FileField[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, file } of files) form.append(field, file);
  return form;
}

/**
 * Saving or removing needs a stored token (spec 1 section 5): without one the call is not sent and
 * fails with 'No authentication token found. Please log in again.', shown by the toast below.
 */
const SAVING = { noToken: 'refuse' } as const;

/**
 * The toast for a failed save or removal (spec 1 section 8): none for a 403 (the api client has
 * said so and gone to /login), else the server's message (or the missing token's), else the fallback.
 */
function notifyFailure(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.status === 403) return;
  notifyError(errorMessage(error, fallback));
}

interface MutationCallbacks<T> {
  onSuccess?: (data: T) => void;
}

/** POST /api/product/add. A 403 says 'Access denied. Please log in again.' (spec 1 section 8). */
export function useAddProduct({ onSuccess }: MutationCallbacks<Product> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FormData) => {
      return (
        await apiRequest(API_PATHS.productAdd, {
          ...SAVING,
          method: 'POST',
          body,
          schema: productSavedResponseSchema,
          forbiddenMessage: MESSAGES.accessDenied,
        })
      ).product;
    },
    onSuccess: async (product) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
      notifySuccess(MESSAGES.productAdded);
      onSuccess?.(product);
    },
    onError: (error) => notifyFailure(error, MESSAGES.addProductFailed),
  });
}

export interface UpdateProductInput {
  id: string;
  body: FormData;
  /** A second call to make once the first is saved (colours of new images), built from the saved product. */
  followUp?: (saved: Product) => FormData;
}

/** PUT /api/product/update/{id}, and its follow-up when there is one. */
export function useUpdateProduct({ onSuccess }: MutationCallbacks<Product> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, followUp }: UpdateProductInput) => {
      const put = (form: FormData) =>
        apiRequest(productUpdatePath(id), { ...SAVING, method: 'PUT', body: form, schema: productSavedResponseSchema });
      const saved = (await put(body)).product;
      return followUp ? (await put(followUp(saved))).product : saved;
    },
    onSuccess: async (product) => {
      queryClient.setQueryData(queryKeys.products.detail(product._id), product);
      await queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() });
      notifySuccess(MESSAGES.productUpdated);
      onSuccess?.(product);
    },
    onError: (error) => notifyFailure(error, MESSAGES.updateProductFailed),
  });
}

/** POST /api/product/remove {id}. */
export function useRemoveProduct({ onSuccess }: MutationCallbacks<string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(API_PATHS.productRemove, {
        ...SAVING,
        method: 'POST',
        body: { id },
        schema: messageResponseSchema,
      });
      return id;
    },
    onSuccess: async (id) => {
      queryClient.removeQueries({ queryKey: queryKeys.products.detail(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.products.lists() });
      notifySuccess(MESSAGES.productRemoved);
      onSuccess?.(id);
    },
    onError: (error) => notifyFailure(error, MESSAGES.removeProductFailed),
  });
}
