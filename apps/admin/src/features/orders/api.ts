import {
  API_PATHS,
  MESSAGES,
  messageResponseSchema,
  type Order,
  type OrderListRequest,
  type OrderListResponse,
  type OrderStatusRequest,
  orderHistoryPath,
  orderHistoryResponseSchema,
  orderListResponseSchema,
  orderStatusResponseSchema,
} from '@backroom/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type RequestOptions } from '../../lib/api-client';
import { ApiError, serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { endSession } from '../../lib/session';
import { getToken } from '../../lib/token-storage';

/**
 * The orders screen's calls (spec 2 section 8): without a stored token, 'No authentication token
 * found. Please log in again.' and /login; a refused token is the api client's (401 or 403).
 */
async function ordersRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  if (!getToken()) {
    notifyError(MESSAGES.noToken, 'no-token');
    void endSession();
    throw new ApiError(401, MESSAGES.noToken);
  }
  return apiRequest(path, { method: 'POST', ...options });
}

/**
 * A failed status change: the server's message; else 'Failed to update' when the server answered
 * that it did not succeed, 'Error updating status' when the call itself failed (spec 2 section 8).
 */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status > 0 && error.status < 500) return MESSAGES.updateFailed;
  }
  return MESSAGES.updateStatusError;
}

/** POST /api/order/list: the server searches, filters and pages, newest first. */
export const orderListQueryOptions = (request: OrderListRequest) =>
  queryOptions({
    queryKey: queryKeys.orders.list(request),
    queryFn: ({ signal }) =>
      ordersRequest(API_PATHS.orderList, { body: request, schema: orderListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export function useOrderList(request: OrderListRequest) {
  return useQuery(orderListQueryOptions(request));
}

/**
 * GET /api/order/{id}/history: an order's status changes, newest first, 100 a page; each next page
 * asks for the changes older than the last one shown (docs/decisions/019-order-history.md).
 * Refetched with the lists (the key is under queryKeys.orders.all), from the newest page on.
 */
export const orderHistoryQueryOptions = (orderId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders.part(orderId, 'history'),
    queryFn: ({ pageParam, signal }) =>
      ordersRequest(orderHistoryPath(orderId, { before: pageParam }), {
        method: 'GET',
        schema: orderHistoryResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** The open order's status history; fetched only while its details are open. */
export function useOrderHistory(orderId: string) {
  return useInfiniteQuery(orderHistoryQueryOptions(orderId));
}

/** Puts the changed order in every cached page at once, before the refetch confirms it. */
function replaceOrder(list: OrderListResponse | undefined, order: Order): OrderListResponse | undefined {
  if (!list) return list;
  return { ...list, orders: list.orders.map((current) => (current._id === order._id ? order : current)) };
}

/** POST /api/order/status; 'Order status updated' on success, the spec's messages on failure. */
export function useUpdateOrderStatus({ onSuccess }: { onSuccess?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderStatusRequest) =>
      ordersRequest(API_PATHS.orderStatus, { body: request, schema: orderStatusResponseSchema }),
    onSuccess: ({ order }) => {
      queryClient.setQueriesData<OrderListResponse>({ queryKey: queryKeys.orders.lists() }, (list) =>
        replaceOrder(list, order),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      notifySuccess(MESSAGES.orderStatusUpdated);
      onSuccess?.(order);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      notifyError(statusErrorMessage(error));
    },
  });
}

/** POST /api/order/delete; 'Order deleted successfully', else the server's message or 'Failed to delete order'. */
export function useDeleteOrder({ onSuccess }: { onSuccess?: (orderId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      ordersRequest(API_PATHS.orderDelete, { body: { orderId }, schema: messageResponseSchema }),
    onSuccess: (_answer, orderId) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      notifySuccess(MESSAGES.orderDeleted);
      onSuccess?.(orderId);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
      notifyError(serverMessageOr(error, MESSAGES.deleteOrderFailed));
    },
  });
}
