import { formatDollars, formatMoney, type Order, type OrderItem, parseItemVariant } from '@backroom/contract';
import { Button, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { RecordActivity } from '../../activity/components/record-activity';
import {
  customerName,
  formatOrderTime,
  itemLineTotalCents,
  orNotAvailable,
  summaryPaymentLabel,
} from '../order-display';
import { ORDER_HISTORY_TEXTS } from '../order-history';
import { DetailLine } from './detail-line';
import { OrderHistory } from './order-history';
import { OrderItemImage } from './order-item-image';

interface OrderDetailsProps {
  order: Order;
  id: string;
  onDelete: () => void;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ItemLine({ item }: { item: OrderItem }) {
  const { color, size } = parseItemVariant(item.color);
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <OrderItemImage src={item.image} alt={item.name} size={48} />
      <Stack gap={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        <Text size="sm">
          {item.quantity} × {formatDollars(item.unitPrice)}
        </Text>
        {color && <DetailLine label="Color">{color}</DetailLine>}
        {size && <DetailLine label="Size">{size}</DetailLine>}
      </Stack>
      <Text size="sm" fw={600}>
        {formatMoney(itemLineTotalCents(item))}
      </Text>
    </Group>
  );
}

/**
 * The expanded order (spec 2 section 2): customer, address, items, summary, Delete Order and Close
 * Details; and its status history and activity entries, fetched as it opens.
 */
export function OrderDetails({ order, id, onDelete, onClose }: OrderDetailsProps) {
  const { address } = order;
  return (
    <Stack id={id} gap="md" mt="md">
      <Divider />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title="Customer Information">
          <DetailLine label="Name">{customerName(address)}</DetailLine>
          <DetailLine label="Email">{orNotAvailable(address.email)}</DetailLine>
          <DetailLine label="Phone">{orNotAvailable(address.phone)}</DetailLine>
        </Section>
        <Section title="Shipping Address">
          <DetailLine label="Street">{orNotAvailable(address.street)}</DetailLine>
          <DetailLine label="City">{orNotAvailable(address.city)}</DetailLine>
          <DetailLine label="State">{orNotAvailable(address.state)}</DetailLine>
          <DetailLine label="Country">{orNotAvailable(address.country)}</DetailLine>
          <DetailLine label="ZIP">{orNotAvailable(address.zipcode)}</DetailLine>
        </Section>
      </SimpleGrid>
      <Section title="Order Items">
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {order.items.map((item, index) => (
            // Items have no id of their own; their place in the order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <ItemLine key={index} item={item} />
          ))}
        </Stack>
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title="Order Summary">
          <DetailLine label="Date">{formatOrderTime(order.date)}</DetailLine>
          <DetailLine label="Payment Method">{orNotAvailable(order.paymentMethod)}</DetailLine>
          <DetailLine label="Payment Status">{summaryPaymentLabel(order.payment)}</DetailLine>
          <DetailLine label="Total">{formatDollars(order.amount)}</DetailLine>
        </Section>
        <Section title={ORDER_HISTORY_TEXTS.title}>
          <OrderHistory orderId={order._id} />
        </Section>
      </SimpleGrid>
      <Section title="Activity">
        <RecordActivity kind="order" id={order._id} />
      </Section>
      <Group justify="flex-end">
        <Button color="red" onClick={onDelete}>
          Delete Order
        </Button>
        <Button variant="default" onClick={onClose}>
          Close Details
        </Button>
      </Group>
    </Stack>
  );
}
