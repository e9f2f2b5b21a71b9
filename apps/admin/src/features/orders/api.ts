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
import { apiRequest } from '../../lib/api-client';
import { ApiError, serverMessageOr } from '../../lib/api-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';

/**
 * The orders screen's calls (spec 2 section 8), POST but for the history: without a stored token,
 * 'No authentication token found. Please log in again.' and /login; a refused token is the api
 * client's (401 or 403).
 */
const ORDERS = { method: 'POST', noToken: 'end-session' } as const;

/** POST /api/order/list: the server searches, filters and pages, newest first. */
export const orderListQueryOptions = (request: OrderListRequest) =>
  queryOptions({
    queryKey: queryKeys.orders.list(request),
    queryFn: ({ signal }) =>
      apiRequest(API_PATHS.orderList, { ...ORDERS, body: request, schema: orderListResponseSchema, signal }),
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
      apiRequest(orderHistoryPath(orderId, { before: pageParam }), {
        ...ORDERS,
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

/**
 * POST /api/order/status; 'Order status updated' on success. A failure says the server's message;
 * else 'Failed to update' when the server answered that it did not succeed, 'Error updating
 * status' when the call itself failed (spec 2 section 8).
 */
export function useUpdateOrderStatus({ onSuccess }: { onSuccess?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OrderStatusRequest) =>
      apiRequest(API_PATHS.orderStatus, {
        ...ORDERS,
        body: request,
        schema: orderStatusResponseSchema,
        refusedMessage: MESSAGES.updateFailed,
        unreachableMessage: MESSAGES.updateStatusError,
        failedMessage: MESSAGES.updateStatusError,
      }),
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
      notifyError(serverMessageOr(error, MESSAGES.updateStatusError));
    },
  });
}

/** POST /api/order/delete; 'Order deleted successfully', else the server's message or 'Failed to delete order'. */
export function useDeleteOrder({ onSuccess }: { onSuccess?: (orderId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiRequest(API_PATHS.orderDelete, { ...ORDERS, body: { orderId }, schema: messageResponseSchema }),
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
