import { formatDollars, MESSAGES, type User } from '@backroom/contract';
import { Button, Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { useUserOrders } from '../api';
import { useFailureToast } from '../hooks/use-failure-toast';

/**
 * Order History: the user's orders from the server, undelivered first then newest, searched by
 * order id, item name, status or amount, with the count and total spent of what matches; 'Load
 * more' asks for the next page (a customer may have thousands).
 */
export function OrderHistoryModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const orders = useUserOrders(user._id, q);
  useFailureToast(orders.error, MESSAGES.fetchUserOrdersFailed);
  const pages = orders.data?.pages ?? [];
  const first = pages[0];
  const list = pages.flatMap((page) => page.orders);

  return (
    <Dialog opened title={`Order History: ${user.name}`} onClose={onClose} size="lg">
      <Stack gap="sm">
        <TextInput
          aria-label="Search orders"
          placeholder="Search by order id, item, status or amount..."
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Text size="sm" fw={600} aria-live="polite">
          {first
            ? `${first.total.toLocaleString('en-US')} ${first.total === 1 ? 'order' : 'orders'} · Total spent: ${formatDollars(first.totalSpent)}`
            : ''}
        </Text>
        {orders.isPending ? (
          <Center py="md">
            <Text size="sm">{MESSAGES.loading}</Text>
          </Center>
        ) : list.length === 0 ? (
          !orders.isError && (
            <Text size="sm" py="md" ta="center">
              {MESSAGES.noUserOrders}
            </Text>
          )
        ) : (
          <Stack gap="xs" role="list" aria-label="Orders" aria-busy={orders.isFetching}>
            {list.map((order) => (
              <Paper key={order._id} withBorder p="sm" radius="md" role="listitem">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    Order #{order._id}
                  </Text>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Group justify="space-between" gap="xs" mt={4}>
                  <Text size="xs" c="dimmed">
                    {new Date(order.date).toLocaleString()}
                  </Text>
                  <Text size="sm" fw={700}>
                    {formatDollars(order.amount)}
                  </Text>
                </Group>
                <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {order.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {orders.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
              Load more
            </Button>
          </Group>
        )}
        {orders.isFetching && !orders.isPending && !orders.isFetchingNextPage && (
          <Center>
            <Loader size="xs" aria-label={MESSAGES.loading} />
          </Center>
        )}
      </Stack>
    </Dialog>
  );
}
