import { Badge, VisuallyHidden } from '@mantine/core';
import { orderBadgeTone } from './order-badge';

interface OrderStatusBadgeProps {
  status: string;
  /** Read before the status by screen readers only, e.g. 'Status: ' on an order card. */
  hiddenLabel?: string;
}

/**
 * An order's status in the colour the contract gives it, the same on every screen: Delivered
 * green, Cancelled red, others yellow (spec 2 section 4).
 */
export function OrderStatusBadge({ status, hiddenLabel }: OrderStatusBadgeProps) {
  const tone = orderBadgeTone(status);
  return (
    <Badge color={tone.background} c={tone.text} variant="filled" tt="none" radius="sm">
      {hiddenLabel && <VisuallyHidden>{hiddenLabel}</VisuallyHidden>}
      {status}
    </Badge>
  );
}
