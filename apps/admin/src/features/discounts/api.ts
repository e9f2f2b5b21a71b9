import {
  API_PATHS,
  type CreateDiscountRequest,
  type Discount,
  type DiscountStatus,
  discountListResponseSchema,
  discountPath,
  discountResponseSchema,
  MESSAGES,
  messageResponseSchema,
  type UpdateDiscountRequest,
  userListResponseSchema,
} from '@backroom/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { discountListSearch } from './discount-screen';

/**
 * GET /api/discounts/list?status=&page=&pageSize=: one page of the codes, newest first, with the
 * status the server computed on the shop's today. A failure says so in a toast.
 */
export const discountListQueryOptions = (status: DiscountStatus | '', page: number) =>
  queryOptions({
    queryKey: queryKeys.discounts.list({ status, page }),
    queryFn: ({ signal }) =>
      apiRequest(`${API_PATHS.discountList}?${discountListSearch(status, page)}`, {
        schema: discountListResponseSchema,
        signal,
        failureToast: MESSAGES.fetchDiscountsFailed,
      }),
    placeholderData: keepPreviousData,
  });

export function useDiscountList(status: DiscountStatus | '', page: number) {
  return useQuery(discountListQueryOptions(status, page));
}

/** The Assigned To picker: customers whose name or e-mail holds `q`, 20 at most, searched by the server. */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.discountCustomers.list({ q }),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ role: 'user', q, page: '1', pageSize: '20' });
      return (await apiRequest(`${API_PATHS.userAll}?${params}`, { schema: userListResponseSchema, signal })).users;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useCustomerSearch(q: string, enabled: boolean) {
  return useQuery({ ...customerSearchQueryOptions(q), enabled });
}

/** POST /api/discounts/create: 'Discount code created successfully', else the server's message or 'Failed to create discount code'. */
export function useCreateDiscount({ onSuccess }: { onSuccess?: (discount: Discount) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateDiscountRequest) =>
      apiRequest(API_PATHS.discountCreate, {
        method: 'POST',
        body: request,
        schema: discountResponseSchema,
        failureToast: MESSAGES.createDiscountFailed,
      }),
    onSuccess: ({ discount }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.discounts.lists() });
      notifySuccess(MESSAGES.discountCreated);
      onSuccess?.(discount);
    },
  });
}

/** PUT /api/discounts/{code}: 'Discount code updated successfully', else the server's message or 'Failed to update discount code'. */
export function useUpdateDiscount({ onSuccess }: { onSuccess?: (discount: Discount) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateDiscountRequest }) =>
      apiRequest(discountPath(API_PATHS.discount, code), {
        method: 'PUT',
        body,
        schema: discountResponseSchema,
        failureToast: MESSAGES.updateDiscountFailed,
      }),
    onSuccess: ({ discount }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.discounts.lists() });
      notifySuccess(MESSAGES.discountUpdated);
      onSuccess?.(discount);
    },
  });
}

/** DELETE /api/discounts/{code}: 'Discount code deleted successfully', else the server's message or 'Failed to delete discount code'. */
export function useDeleteDiscount({ onSuccess }: { onSuccess?: (code: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(discountPath(API_PATHS.discount, code), {
        method: 'DELETE',
        schema: messageResponseSchema,
        failureToast: MESSAGES.deleteDiscountFailed,
      }),
    onSuccess: (_answer, code) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.discounts.lists() });
      notifySuccess(MESSAGES.discountDeleted);
      onSuccess?.(code);
    },
  });
}
