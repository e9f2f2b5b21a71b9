import { formatDay, formatDollars, type RecentOrder } from '@backroom/contract';
import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { OrdersTable, TableScroll, Tbody, Td, Th, Thead, Tr } from './orders-table-markup';

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
      {/* Scrolls sideways in a narrow window (560 px): focusable, so a keyboard can scroll it too. */}
      <TableScroll minWidthRem={35}>
        <OrdersTable aria-labelledby={headingId}>
          <Thead>
            <Tr>
              <Th>Order ID</Th>
              <Th>Customer</Th>
              <Th>Amount</Th>
              <Th>Status</Th>
              <Th>Date</Th>
            </Tr>
          </Thead>
          <Tbody>
            {orders.length === 0 ? (
              <Tr>
                <Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No orders yet
                  </Text>
                </Td>
              </Tr>
            ) : (
              orders.map((order) => (
                <Tr key={order._id}>
                  <Td>
                    <Text size="xs" ff="monospace">
                      {order._id}
                    </Text>
                  </Td>
                  <Td>{order.customer}</Td>
                  <Td>{formatDollars(order.amount)}</Td>
                  <Td>
                    <OrderStatusBadge status={order.status} />
                  </Td>
                  <Td>{formatDay(order.date)}</Td>
                </Tr>
              ))
            )}
          </Tbody>
        </OrdersTable>
      </TableScroll>
    </Paper>
  );
}
