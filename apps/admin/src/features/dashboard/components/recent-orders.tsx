import { formatDay, formatDollars, type RecentOrder } from '@backroom/contract';
import { Anchor, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/order-status-badge';

/** Recent Orders (spec 2 section 2): undelivered first, then newest, as the server sorted them; View All opens /orders. */
export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} h="100%">
      <Group justify="space-between" align="center" mb="sm">
        <Title order={2} size="h4" id={headingId}>
          Recent Orders
        </Title>
        <Anchor component={Link} to="/orders" size="sm" fw={500}>
          View All
        </Anchor>
      </Group>
      {/* Scrolls sideways in a narrow window: focusable, so a keyboard can scroll it too. */}
      <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
        <Table verticalSpacing="sm" aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Date</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No orders yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              orders.map((order) => (
                <Table.Tr key={order._id}>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {order._id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{order.customer}</Table.Td>
                  <Table.Td>{formatDollars(order.amount)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>{formatDay(order.date)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
