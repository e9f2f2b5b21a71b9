import { type OrderBadgeColor, orderBadgeColor } from '@backroom/contract';
import { Badge } from '@mantine/core';

/**
 * Pale backgrounds with dark text of the same hue: Mantine's filled green and yellow fall short of
 * 4.5:1 with white text, so these tones (each above 7:1) keep the colours and pass axe.
 */
const TONES: Record<OrderBadgeColor, { bg: string; fg: string }> = {
  green: { bg: '#cce2d8', fg: '#005a30' },
  red: { bg: '#f4cdc6', fg: '#942514' },
  yellow: { bg: '#fff7bf', fg: '#594d00' },
};

/** An order's status as the dashboard shows it: Delivered green, Cancelled red, others yellow (spec 2 section 4). */
export function OrderStatusBadge({ status }: { status: string }) {
  const color = orderBadgeColor(status);
  const tone = TONES[color];
  return (
    <Badge color={tone.bg} c={tone.fg} variant="filled" tt="none" radius="sm">
      {status}
    </Badge>
  );
}
