import { useCallback, useMemo } from 'react';
import { useUrlSearchParams } from '../../../lib/url-search-params';
import {
  changeOrderListView,
  clearOrderListFilters,
  DEFAULT_ORDER_LIST_VIEW,
  type OrderListView,
  orderListViewEntries,
  readOrderListView,
} from '../order-list-view';

const VIEW_KEYS = Object.keys(DEFAULT_ORDER_LIST_VIEW);

/**
 * The orders screen's search, filters, page size and page, kept in the URL (STYLE.md habit 7):
 * a reload or a shared link shows the same orders. Any filter change goes back to page 1.
 */
export function useOrderListView() {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  const view = useMemo(() => readOrderListView((key) => searchParams.get(key)), [searchParams]);

  // Each change starts from the address bar (useUrlSearchParams), not from the last render's view.
  const write = useCallback(
    (next: (current: OrderListView) => OrderListView, replace = false) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          for (const key of VIEW_KEYS) params.delete(key);
          const view = next(readOrderListView((key) => current.get(key)));
          for (const [key, value] of orderListViewEntries(view)) params.set(key, value);
          return params;
        },
        { replace },
      ),
    [setSearchParams],
  );

  /** A filter change; typing in the search box replaces the history entry rather than adding one. */
  const change = useCallback(
    (patch: Partial<OrderListView>) =>
      write(
        (current) => changeOrderListView(current, patch),
        Object.keys(patch).every((key) => key === 'search'),
      ),
    [write],
  );
  const setPage = useCallback((page: number) => write((current) => ({ ...current, page })), [write]);
  const replacePage = useCallback((page: number) => write((current) => ({ ...current, page }), true), [write]);
  const clearFilters = useCallback(() => write(clearOrderListFilters), [write]);

  return { view, change, setPage, replacePage, clearFilters };
}
