import {
  API_PATHS,
  type Bundle,
  bundleListResponseSchema,
  bundlePath,
  bundleResponseSchema,
  MESSAGES,
  messageResponseSchema,
  productListResponseSchema,
} from '@backroom/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { ApiError, serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';

/** The toast of a failed change: none when the session ended (it has its own), else the server's message or the fallback. */
function toastFailure(error: unknown, fallback: string, { serverMessage }: { serverMessage: boolean }): void {
  if (error instanceof ApiError && error.endsSession) return;
  notifyError(serverMessage ? serverMessageOr(error, fallback) : fallback);
}

/** GET /api/bundle/list: every bundle, newest first, and the shop's today. A failure: 'Failed to load bundles'. */
export const bundleListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bundles.list(),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.bundleList, {
        schema: bundleListResponseSchema,
        signal,
        failureToast: { message: MESSAGES.fetchBundlesFailed, serverMessage: false },
      }),
  });

export function useBundleList() {
  return useQuery(bundleListQueryOptions());
}

/** The product picker: products whose name holds `q`, 20 at most, searched by the server (100k products). */
export const productSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.bundleProducts.list({ q }),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q, page: '1', pageSize: '20' });
      return (await apiRequest(`${API_PATHS.productList}?${params}`, { schema: productListResponseSchema, signal }))
        .products;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useProductSearch(q: string, enabled: boolean) {
  return useQuery({ ...productSearchQueryOptions(q), enabled });
}

/** A multipart body: the text fields, then each new image as an `images` part. */
export function bundleFormData(fields: Record<string, string>, files: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('images', file);
  return form;
}

export interface SaveBundleInput {
  /** The bundle modified; none when creating. */
  id?: string;
  body: FormData;
}

/**
 * POST /api/bundle/create or PUT /api/bundle/update/{id}: 'Bundle created' / 'Bundle updated',
 * else the server's message (which names the field) or 'Save failed'. Saving needs a stored token:
 * without one the form says so and goes to /login (spec 2 section 8).
 */
export function useSaveBundle({ onSuccess }: { onSuccess?: (bundle: Bundle) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: SaveBundleInput) => {
      const path = id ? bundlePath(API_PATHS.bundleUpdate, id) : API_PATHS.bundleCreate;
      const method = id ? 'PUT' : 'POST';
      return (await apiRequest(path, { method, body, schema: bundleResponseSchema, noToken: 'end-session' })).bundle;
    },
    onSuccess: (bundle, { id }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bundles.lists() });
      notifySuccess(id ? MESSAGES.bundleUpdated : MESSAGES.bundleCreated);
      onSuccess?.(bundle);
    },
    onError: (error) => toastFailure(error, MESSAGES.saveBundleFailed, { serverMessage: true }),
  });
}

/** DELETE /api/bundle/{id}: 'Bundle deleted', else 'Delete failed'. */
export function useDeleteBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(bundlePath(API_PATHS.bundle, id), { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: () => notifySuccess(MESSAGES.bundleDeleted),
    onError: (error) => toastFailure(error, MESSAGES.deleteBundleFailed, { serverMessage: false }),
    // A bundle another admin deleted first is gone either way: the list shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bundles.lists() }),
  });
}

/** POST /api/bundle/cancel/{id}: cancels, or undoes the cancel; the server's message, else 'Cancel failed'. */
export function useToggleBundleCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(bundlePath(API_PATHS.bundleCancel, id), { method: 'POST', schema: bundleResponseSchema }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => toastFailure(error, MESSAGES.cancelBundleFailed, { serverMessage: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bundles.lists() }),
  });
}
