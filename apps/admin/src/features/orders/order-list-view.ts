import {
  isoDateSchema,
  ORDER_DELIVERY_FILTERS,
  ORDER_INITIAL_PAGE_SIZE,
  ORDER_LIMITS,
  ORDER_PAGE_SIZES,
  ORDER_SEARCH_FIELDS,
  type OrderDeliveryFilter,
  type OrderListRequest,
  type OrderSearchField,
} from '@backroom/contract';

/**
 * What the orders screen shows (spec 2 section 2, Orders), as its URL keeps it: the search, the
 * delivery filter, the page size and the page. Dates are 'YYYY-MM-DD' or '' when not chosen.
 */
export interface OrderListView {
  searchBy: OrderSearchField;
  search: string;
  startDate: string;
  endDate: string;
  delivery: OrderDeliveryFilter;
  pageSize: number;
  page: number;
}

export type OrderListViewKey = keyof OrderListView;

export const DEFAULT_ORDER_LIST_VIEW: Readonly<OrderListView> = {
  searchBy: 'orderId',
  search: '',
  startDate: '',
  endDate: '',
  delivery: 'all',
  pageSize: ORDER_INITIAL_PAGE_SIZE,
  page: 1,
};

const VIEW_KEYS = Object.keys(DEFAULT_ORDER_LIST_VIEW) as OrderListViewKey[];
/** The largest page a URL may ask for (the API's own bound). */
const MAX_PAGE = 1_000_000;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

const isDate = (value: string | null): value is string => value !== null && isoDateSchema.safeParse(value).success;

/** The page sizes the screen accepts: the selector's choices and the initial 5. */
export function isOrderPageSize(value: number): boolean {
  return value === ORDER_INITIAL_PAGE_SIZE || (ORDER_PAGE_SIZES as readonly number[]).includes(value);
}

/** Reads the view from the URL's search params; anything unknown or malformed takes its default. */
export function readOrderListView(get: (key: OrderListViewKey) => string | null): OrderListView {
  const pageSize = Number(get('pageSize'));
  const page = Number(get('page'));
  const startDate = get('startDate');
  const endDate = get('endDate');
  return {
    searchBy: oneOf(ORDER_SEARCH_FIELDS, get('searchBy'), DEFAULT_ORDER_LIST_VIEW.searchBy),
    search: (get('search') ?? '').slice(0, ORDER_LIMITS.searchMax),
    startDate: isDate(startDate) ? startDate : '',
    endDate: isDate(endDate) ? endDate : '',
    delivery: oneOf(ORDER_DELIVERY_FILTERS, get('delivery'), DEFAULT_ORDER_LIST_VIEW.delivery),
    pageSize: isOrderPageSize(pageSize) ? pageSize : DEFAULT_ORDER_LIST_VIEW.pageSize,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/**
 * The view after a change. Any change but the page's goes back to page 1 (spec 2 section 4).
 * Choosing Date Range drops the text; leaving it drops the dates.
 */
export function changeOrderListView(view: OrderListView, change: Partial<OrderListView>): OrderListView {
  const next = { ...view, ...change };
  const filterChanged = VIEW_KEYS.some((key) => key !== 'page' && key in change && change[key] !== view[key]);
  if (filterChanged && !('page' in change)) next.page = 1;
  if (next.searchBy === 'dateRange') next.search = '';
  else {
    next.startDate = '';
    next.endDate = '';
  }
  return next;
}

/** The view with its filters cleared: search, dates, delivery and page (the page size stays). */
export function clearOrderListFilters(view: OrderListView): OrderListView {
  return { ...DEFAULT_ORDER_LIST_VIEW, pageSize: view.pageSize };
}

/** The URL's search params for a view: defaults are left out, so a plain /orders is the initial view. */
export function orderListViewEntries(view: OrderListView): [OrderListViewKey, string][] {
  return VIEW_KEYS.filter((key) => view[key] !== DEFAULT_ORDER_LIST_VIEW[key]).map((key) => [key, String(view[key])]);
}

/**
 * The body of POST /api/order/list for a view. A text search is sent only when there is text; a
 * date range only with both dates (spec 2 section 5), earlier one first.
 */
export function orderListRequest(view: OrderListView): OrderListRequest {
  const request: OrderListRequest = { delivery: view.delivery, page: view.page, pageSize: view.pageSize };
  if (view.searchBy === 'dateRange') {
    if (view.startDate && view.endDate) {
      const [startDate, endDate] = [view.startDate, view.endDate].sort();
      Object.assign(request, { searchBy: view.searchBy, startDate, endDate });
    }
    return request;
  }
  const search = view.search.trim();
  if (search) Object.assign(request, { searchBy: view.searchBy, search });
  return request;
}
