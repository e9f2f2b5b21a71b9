import {
  DELIVERED_STATUS,
  dollarsToCents,
  lineTotalCents,
  type OrderAddress,
  type OrderStatus,
} from '@backroom/contract';

/** The text shown for a missing customer detail (spec 2 section 2, Orders). */
export const NOT_AVAILABLE = 'N/A';

/** An item's line total in cents: its unit price (dollars) in cents times its quantity. */
export function itemLineTotalCents(item: { unitPrice: number; quantity: number }): number {
  return lineTotalCents(dollarsToCents(item.unitPrice), item.quantity);
}

/** A detail, or 'N/A' when it is missing or blank. */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() || NOT_AVAILABLE;
}

/** The customer's name from the order's address: first and last, or 'N/A'. */
export function customerName(address: Pick<OrderAddress, 'firstName' | 'lastName'>): string {
  return orNotAvailable([address.firstName.trim(), address.lastName.trim()].filter(Boolean).join(' '));
}

/** Delivered is the only done status (spec 2 section 4): the card shows it in green. */
export function isDelivered(status: OrderStatus): boolean {
  return status === DELIVERED_STATUS;
}

/** The payment on the card's row: 'Done' or 'Pending'. */
export function cardPaymentLabel(paid: boolean): 'Done' | 'Pending' {
  return paid ? 'Done' : 'Pending';
}

/** The payment status in the Order Summary: 'Paid' or 'Pending'. */
export function summaryPaymentLabel(paid: boolean): 'Paid' | 'Pending' {
  return paid ? 'Paid' : 'Pending';
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An order's time as the orders screen shows it, in UTC like the date range filter's days
 * (docs/decisions/012-orders-and-rollups.md): 'Mar 5, 2026, 14:03 UTC'. An unreadable one as it came.
 */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
}
