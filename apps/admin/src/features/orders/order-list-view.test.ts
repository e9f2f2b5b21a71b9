import { describe, expect, it } from 'vitest';
import {
  changeOrderListView,
  clearOrderListFilters,
  DEFAULT_ORDER_LIST_VIEW,
  isOrderPageSize,
  type OrderListView,
  orderListRequest,
  orderListViewEntries,
  readOrderListView,
} from './order-list-view';

const read = (params: Record<string, string>) => readOrderListView((key) => params[key] ?? null);
const view = (change: Partial<OrderListView>): OrderListView => ({ ...DEFAULT_ORDER_LIST_VIEW, ...change });

describe('readOrderListView', () => {
  it('starts at page 1, 5 orders a page, every order, searching by order id', () => {
    expect(read({})).toEqual({
      searchBy: 'orderId',
      search: '',
      startDate: '',
      endDate: '',
      delivery: 'all',
      pageSize: 5,
      page: 1,
    });
  });
  it('reads every field', () => {
    expect(
      read({ searchBy: 'email', search: 'Ann', delivery: 'notDelivered', pageSize: '20', page: '3' }),
    ).toMatchObject({ searchBy: 'email', search: 'Ann', delivery: 'notDelivered', pageSize: 20, page: 3 });
    expect(read({ searchBy: 'dateRange', startDate: '2024-02-29', endDate: '2024-03-01' })).toMatchObject({
      startDate: '2024-02-29',
      endDate: '2024-03-01',
    });
  });
  it('replaces unknown or malformed values by their defaults', () => {
    expect(
      read({
        searchBy: 'address',
        delivery: 'lost',
        pageSize: '7',
        page: '-2',
        startDate: '2023-02-29',
        endDate: 'soon',
      }),
    ).toEqual(DEFAULT_ORDER_LIST_VIEW);
    expect(read({ page: '1.5' }).page).toBe(1);
    expect(read({ page: '99999999' }).page).toBe(1);
  });
  it('accepts the choices 10, 15, 20, 50 and the initial 5 as page sizes', () => {
    expect([5, 10, 15, 20, 50].every(isOrderPageSize)).toBe(true);
    expect([0, 1, 25, 100].some(isOrderPageSize)).toBe(false);
  });
});

describe('changeOrderListView', () => {
  it('goes back to page 1 on any filter change', () => {
    const current = view({ page: 4 });
    expect(changeOrderListView(current, { delivery: 'delivered' }).page).toBe(1);
    expect(changeOrderListView(current, { pageSize: 50 }).page).toBe(1);
    expect(changeOrderListView(current, { search: 'x' }).page).toBe(1);
  });
  it('keeps the page when nothing changed, and moves it when asked', () => {
    expect(changeOrderListView(view({ page: 4 }), { delivery: 'all' }).page).toBe(4);
    expect(changeOrderListView(view({ page: 4 }), { page: 7 }).page).toBe(7);
  });
  it('keeps the text between text fields, drops it for a date range, and the dates when leaving it', () => {
    const texted = view({ searchBy: 'email', search: 'ann' });
    expect(changeOrderListView(texted, { searchBy: 'phone' })).toMatchObject({ searchBy: 'phone', search: 'ann' });
    const ranged = changeOrderListView(texted, { searchBy: 'dateRange' });
    expect(ranged).toMatchObject({ search: '', startDate: '', endDate: '' });
    const dated = changeOrderListView(ranged, { startDate: '2024-01-01', endDate: '2024-01-31' });
    expect(changeOrderListView(dated, { searchBy: 'userName' })).toMatchObject({ startDate: '', endDate: '' });
  });
});

describe('clearOrderListFilters', () => {
  it('clears search, dates, delivery and page, keeping the page size', () => {
    const current = view({
      searchBy: 'dateRange',
      startDate: '2024-01-01',
      delivery: 'delivered',
      page: 3,
      pageSize: 20,
    });
    expect(clearOrderListFilters(current)).toEqual({ ...DEFAULT_ORDER_LIST_VIEW, pageSize: 20 });
  });
});

describe('orderListViewEntries', () => {
  it('leaves the defaults out of the URL', () => {
    expect(orderListViewEntries(DEFAULT_ORDER_LIST_VIEW)).toEqual([]);
    expect(orderListViewEntries(view({ searchBy: 'email', search: 'a b', page: 2 }))).toEqual([
      ['searchBy', 'email'],
      ['search', 'a b'],
      ['page', '2'],
    ]);
  });
  it('reads back what it wrote', () => {
    const current = view({ searchBy: 'dateRange', startDate: '2024-01-01', endDate: '2024-02-01', pageSize: 15 });
    const params = Object.fromEntries(orderListViewEntries(current));
    expect(read(params)).toEqual(current);
  });
});

describe('orderListRequest', () => {
  it('always sends the delivery filter and the page', () => {
    expect(orderListRequest(DEFAULT_ORDER_LIST_VIEW)).toEqual({ delivery: 'all', page: 1, pageSize: 5 });
  });
  it('sends a text search trimmed, and none for blank text', () => {
    expect(orderListRequest(view({ searchBy: 'email', search: '  Ann@ ' }))).toMatchObject({
      searchBy: 'email',
      search: 'Ann@',
    });
    expect(orderListRequest(view({ searchBy: 'email', search: '   ' }))).not.toHaveProperty('searchBy');
  });
  it('sends a date range only with both dates, the earlier first', () => {
    expect(orderListRequest(view({ searchBy: 'dateRange', startDate: '2024-01-01' }))).not.toHaveProperty('searchBy');
    expect(
      orderListRequest(view({ searchBy: 'dateRange', startDate: '2024-03-01', endDate: '2024-01-31', search: 'x' })),
    ).toEqual({
      searchBy: 'dateRange',
      startDate: '2024-01-31',
      endDate: '2024-03-01',
      delivery: 'all',
      page: 1,
      pageSize: 5,
    });
  });
});
