import { BULK_PATHS, type Order, type OrderBulkRequest, type OrderListRequest } from '@backroom/contract';
import { useMemo } from 'react';
import { useBulkRun } from '../../../lib/bulk/use-bulk-run';
import { useBulkSelection } from '../../../lib/bulk/use-bulk-selection';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The orders picked on the page shown, or every order the list's request matches (sent as that
 * request: the server applies it when the action runs), and the bulk action running over them.
 */
export function useOrderBulk(request: OrderListRequest, orders: readonly Order[], total: number) {
  const ids = useMemo(() => orders.map((order) => order._id), [orders]);
  const { page = 1, ...filter } = request;
  const selection = useBulkSelection(request, JSON.stringify(filter), page, ids, total);
  const run = useBulkRun<OrderBulkRequest>(BULK_PATHS.orderBulk, queryKeys.orders.all, selection.clear);
  return { selection, run };
}

export type OrderBulk = ReturnType<typeof useOrderBulk>;
