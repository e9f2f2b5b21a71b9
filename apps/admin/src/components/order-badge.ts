import { CANCELLED_STATUS, DELIVERED_STATUS, type OrderStatus } from '@backroom/contract';

/** The three colours of the order status badges. */
export type OrderBadgeColor = 'green' | 'red' | 'yellow';

/**
 * An order status's badge colour, the same on every screen (the Orders cards and the Dashboard):
 * Delivered green, Cancelled red, others yellow (spec 2 section 4; the Orders screen's 'green
 * when Delivered' agrees).
 */
export function orderBadgeColor(status: OrderStatus | string): OrderBadgeColor {
  if (status === DELIVERED_STATUS) return 'green';
  if (status === CANCELLED_STATUS) return 'red';
  return 'yellow';
}

/** A badge's background and text colours. */
export interface OrderBadgeTone {
  background: string;
  text: string;
}

/**
 * The tones each colour is drawn in: pale backgrounds with dark text of the same hue, each pair
 * above WCAG's 4.5:1 (Mantine's filled green and yellow fall short of it with white text).
 */
export const ORDER_BADGE_TONES: Readonly<Record<OrderBadgeColor, OrderBadgeTone>> = {
  green: { background: '#cce2d8', text: '#005a30' },
  red: { background: '#f4cdc6', text: '#942514' },
  yellow: { background: '#fff7bf', text: '#594d00' },
};

/** The tone an order status's badge is drawn in, wherever it is shown. */
export function orderBadgeTone(status: OrderStatus | string): OrderBadgeTone {
  return ORDER_BADGE_TONES[orderBadgeColor(status)];
}
