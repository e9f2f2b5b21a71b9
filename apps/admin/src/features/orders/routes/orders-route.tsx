import { serverMessageOr } from '../../../lib/api-error';
import '../styles';
import { MESSAGES, type Order, type OrderListRequest, SHIPPED_STATUS } from '@backroom/contract';
import { Center, EmptyState, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { PageNumbers } from '../../../components/list-view/page-numbers';
import { pageCount } from '../../../components/list-view/paging';
import { useListView } from '../../../components/list-view/use-list-view';
import { ViewToggle } from '../../../components/list-view/view-toggle';
import { LoadError } from '../../../components/load-error';
import { ScreenTitle } from '../../../components/screen-title';
import { useOpenRequest } from '../../../lib/use-open-request';
import { useDeleteOrder, useOrderList } from '../api';
import { DeleteOrderDialog } from '../components/delete-order-dialog';
import { OrderBulkControls } from '../components/order-bulk-controls';
import { OrderCard } from '../components/order-card';
import { OrderFilters } from '../components/order-filters';
import { OrderStatusDialogs, type StatusChangeTarget } from '../components/order-status-dialogs';
import { useOrderBulk } from '../hooks/use-order-bulk';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderListView } from '../hooks/use-order-list-view';
import { orderListRequest } from '../order-list-view';

/**
 * Orders (spec 2 section 2): searched, filtered and paged by the server, newest first, as a list or
 * a grid of cards; one order open at a time; status changes through two dialogs; delete with a confirmation.
 * `exportMenu` is the CSV export of the list's request, handed in by the app layer (app/screens).
 */
export function OrdersRoute({ exportMenu }: { exportMenu: (request: OrderListRequest) => ReactNode }) {
  const { view: listView, change, setPage, replacePage, clearFilters } = useOrderListView();
  const { view, setView } = useListView();
  const request = useMemo(() => orderListRequest(listView), [listView]);
  const list = useOrderList(request);
  useOrderEvents();

  const [expandedId, setExpandedId] = useState<string | null>(null);
  useOpenRequest('order', setExpandedId);
  const [statusTarget, setStatusTarget] = useState<StatusChangeTarget | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);
  const remove = useDeleteOrder({
    onSuccess: (orderId) => {
      setExpandedId((current) => (current === orderId ? null : current));
    },
  });

  const orders = list.data?.orders ?? [];
  const total = list.data?.total ?? 0;
  const bulk = useOrderBulk(request, orders, total);

  // A page past the last one (an old link, or the last order of the last page deleted): go to the last page.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData) return;
    const last = pageCount(list.data.total, listView.pageSize);
    if (listView.page > last) replacePage(last);
  }, [list.data, list.isPlaceholderData, listView.page, listView.pageSize, replacePage]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <ScreenTitle>Orders</ScreenTitle>
        <Group gap="sm">
          {exportMenu(request)}
          <ViewToggle view={view} onChange={setView} />
        </Group>
      </Group>

      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <OrderFilters view={listView} onChange={change} onClear={clearFilters} />
          <Text size="sm" aria-live="polite">
            {list.data ? `${total} ${total === 1 ? 'order' : 'orders'} found` : ''}
          </Text>
        </Stack>
      </Paper>

      <OrderBulkControls bulk={bulk} total={total} hasRows={orders.length > 0} />

      {list.isError && (
        <LoadError
          error={list.error}
          title={serverMessageOr(list.error, MESSAGES.fetchOrdersFailed)}
          onRetry={() => void list.refetch()}
        />
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading orders" />
        </Center>
      ) : orders.length === 0 ? (
        !list.isError && (
          <EmptyState
            icon={<IconInbox size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={MESSAGES.noOrders}
            py="xl"
          />
        )
      ) : (
        <SimpleGrid
          cols={view === 'grid' ? { base: 1, sm: 2, lg: 3 } : 1}
          spacing="md"
          aria-busy={list.isFetching}
          aria-label="Orders"
          role="region"
        >
          {orders.map((order) => (
            <OrderCard
              key={order._id}
              order={order}
              view={view}
              expanded={expandedId === order._id}
              onToggle={() => setExpandedId((current) => (current === order._id ? null : order._id))}
              onStatusChange={(status, opener) => setStatusTarget({ kind: 'status', order, status, opener })}
              onEditTracking={(opener) =>
                setStatusTarget({
                  kind: 'tracking',
                  order,
                  status: SHIPPED_STATUS,
                  trackingNumber: order.trackingNumber ?? '',
                  opener,
                })
              }
              onDelete={() => setDeleting(order)}
              selection={bulk.selection}
            />
          ))}
        </SimpleGrid>
      )}

      <PageNumbers
        label="Order pages"
        page={listView.page}
        pageSize={listView.pageSize}
        total={total}
        onPage={setPage}
      />

      <OrderStatusDialogs target={statusTarget} onClose={() => setStatusTarget(null)} />
      <DeleteOrderDialog
        opened={deleting !== null}
        deleting={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
