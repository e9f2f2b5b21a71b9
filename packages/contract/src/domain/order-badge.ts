import { CANCELLED_STATUS, DELIVERED_STATUS, type OrderStatus } from '../constants';

/** The three colours of the dashboard's status badges. */
export type OrderBadgeColor = 'green' | 'red' | 'yellow';

/** The dashboard's badge colour for an order status (spec 2 section 4): Delivered green, Cancelled red, others yellow. */
export function orderBadgeColor(status: OrderStatus | string): OrderBadgeColor {
  if (status === DELIVERED_STATUS) return 'green';
  if (status === CANCELLED_STATUS) return 'red';
  return 'yellow';
}
