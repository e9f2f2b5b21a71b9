import {
  ORDER_DELIVERY_FILTER_LABELS,
  ORDER_DELIVERY_FILTERS,
  ORDER_PAGE_SIZES,
  ORDER_SEARCH_FIELD_LABELS,
  ORDER_SEARCH_FIELDS,
  type OrderDeliveryFilter,
  type OrderSearchField,
} from '@backroom/contract';
import { Button, Group, Loader, NativeSelect, SimpleGrid } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { OrderListView } from '../order-list-view';
import { OrderSearchInput } from './order-search-input';

// The date pickers (and @mantine/dates) load only when Date Range is chosen.
const OrderDateRange = lazy(() => import('./order-date-range').then((m) => ({ default: m.OrderDateRange })));

interface OrderFiltersProps {
  view: OrderListView;
  onChange: (change: Partial<OrderListView>) => void;
  onClear: () => void;
}

const pageSizeOptions = (current: number) => {
  const choices = ORDER_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));
  // The initial 5 is not a choice (spec 2 section 9): shown while in force, never offered.
  return (ORDER_PAGE_SIZES as readonly number[]).includes(current)
    ? choices
    : [{ value: String(current), label: String(current), disabled: true }, ...choices];
};

/** Search by, the text box or the date range, the delivery filter, orders per page and Clear Filters. */
export function OrderFilters({ view, onChange, onClear }: OrderFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
      <NativeSelect
        label="Search by"
        value={view.searchBy}
        onChange={(event) => onChange({ searchBy: event.currentTarget.value as OrderSearchField })}
        data={ORDER_SEARCH_FIELDS.map((field) => ({ value: field, label: ORDER_SEARCH_FIELD_LABELS[field] }))}
      />
      {view.searchBy === 'dateRange' ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading date pickers" mt="lg" />}>
          <OrderDateRange startDate={view.startDate} endDate={view.endDate} onChange={onChange} />
        </Suspense>
      ) : (
        <OrderSearchInput searchBy={view.searchBy} value={view.search} onChange={(search) => onChange({ search })} />
      )}
      <NativeSelect
        label="Delivery"
        value={view.delivery}
        onChange={(event) => onChange({ delivery: event.currentTarget.value as OrderDeliveryFilter })}
        data={ORDER_DELIVERY_FILTERS.map((filter) => ({ value: filter, label: ORDER_DELIVERY_FILTER_LABELS[filter] }))}
      />
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <NativeSelect
          label="Orders per page"
          value={String(view.pageSize)}
          onChange={(event) => onChange({ pageSize: Number(event.currentTarget.value) })}
          data={pageSizeOptions(view.pageSize)}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={onClear}>
          Clear Filters
        </Button>
      </Group>
    </SimpleGrid>
  );
}
