import {
  formatDollars,
  itemNamesPreview,
  ORDER_LIMITS,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
} from '@backroom/contract';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { type RowSelection, SelectRowCheckbox } from '../../../components/bulk/select-row-checkbox';
import type { ListView } from '../../../components/list-view/use-list-view';
import { OrderStatusBadge } from '../../../components/order-status-badge';
import { cardPaymentLabel, orNotAvailable } from '../order-display';
import { DetailLine } from './detail-line';
import { OrderDetails } from './order-details';
import { OrderItemImage } from './order-item-image';

interface OrderCardProps {
  order: Order;
  view: ListView;
  expanded: boolean;
  onToggle: () => void;
  /** A status chosen in the selector; `opener` takes the focus back when the dialogs close. */
  onStatusChange: (status: OrderStatus, opener: HTMLElement | null) => void;
  onEditTracking: (opener: HTMLElement) => void;
  onDelete: () => void;
  /** The bulk actions' picks: the card gets its box when given. */
  selection?: RowSelection;
}

/**
 * One order (spec 2 section 2): first item's image, id, up to 3 item names and '+N more', status,
 * tracking number with its edit button, status selector, Order Details / Hide Details, delete, and
 * the row of total items, total paid, method and payment. Open, it shows the order's details.
 */
export function OrderCard({
  order,
  view,
  expanded,
  onToggle,
  onStatusChange,
  onEditTracking,
  onDelete,
  selection,
}: OrderCardProps) {
  const headingId = `order-${order._id}`;
  const detailsId = `order-details-${order._id}`;
  const first = order.items[0];
  const { names, more } = itemNamesPreview(
    order.items.map((item) => item.name),
    ORDER_LIMITS.cardItemNames,
  );
  const grid = view === 'grid';
  const statusInput = useRef<HTMLInputElement>(null);

  return (
    <Paper
      component="article"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      style={expanded && grid ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group align="flex-start" gap="md" wrap={grid ? 'wrap' : 'nowrap'}>
        <OrderItemImage src={first?.image} alt={first?.name ?? 'No items'} size={grid ? 64 : 80} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            {/* The box beside the title, not before the image: the card's first row has no room to spare at 375 px. */}
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {selection && (
                <SelectRowCheckbox selection={selection} id={order._id} label={`Select order ${order._id}`} />
              )}
              <Title order={2} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                Order {order._id}
              </Title>
            </Group>
            <OrderStatusBadge status={order.status} hiddenLabel="Status: " />
          </Group>
          <Text size="sm">
            {names.join(', ')}
            {more > 0 && ` +${more} more`}
          </Text>
          <Group gap={4} wrap="nowrap">
            <DetailLine label="Tracking number">{order.trackingNumber ?? 'None'}</DetailLine>
            <Tooltip label="Edit tracking number">
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Edit tracking number for order ${order._id}`}
                onClick={(event) => onEditTracking(event.currentTarget)}
              >
                <IconPencil size={14} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Stack>
        <Stack gap="xs" w={grid ? '100%' : 220}>
          {/*
           * A listbox, not a native select: arrow keys step through the statuses and only a choice
           * (Enter or a click) starts the change; a native select would change on each arrow key.
           * Tall enough for the twelve statuses without a scrolling list (which the keyboard could
           * not reach).
           */}
          <Select
            ref={statusInput}
            aria-label={`Status of order ${order._id}`}
            value={order.status}
            data={ORDER_STATUSES}
            allowDeselect={false}
            withCheckIcon={false}
            maxDropdownHeight={480}
            onChange={(value) => {
              if (value && value !== order.status) onStatusChange(value as OrderStatus, statusInput.current);
            }}
          />
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="sm"
              style={{ flex: 1 }}
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={onToggle}
            >
              {expanded ? 'Hide Details' : 'Order Details'}
            </Button>
            <Tooltip label="Delete order">
              <ActionIcon
                color="red"
                variant="filled"
                size="lg"
                aria-label={`Delete order ${order._id}`}
                onClick={onDelete}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Stack>
      </Group>
      <Group gap="lg" mt="sm" wrap="wrap">
        <DetailLine label="Total items">{order.itemCount}</DetailLine>
        <DetailLine label="Total paid">{formatDollars(order.amount)}</DetailLine>
        <DetailLine label="Method">{orNotAvailable(order.paymentMethod)}</DetailLine>
        <DetailLine label="Payment">{cardPaymentLabel(order.payment)}</DetailLine>
      </Group>
      {expanded && <OrderDetails order={order} id={detailsId} onDelete={onDelete} onClose={onToggle} />}
    </Paper>
  );
}
