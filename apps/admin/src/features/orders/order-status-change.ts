import {
  DELIVERED_STATUS,
  MESSAGES,
  type OrderStatus,
  type OrderStatusRequest,
  SHIPPED_STATUS,
} from '@backroom/contract';

/** The optional field of the 'Confirm Status Change' dialog: a tracking number for Shipped, a code for Delivered. */
export type StatusChangeDetail = 'trackingNumber' | 'discountCode';

/** The text fields the status dialogs collect; each used only by its status. */
export interface StatusChangeFields {
  trackingNumber?: string | null | undefined;
  discountCode?: string | null | undefined;
}

export const STATUS_CHANGE_DETAIL_LABELS: Record<StatusChangeDetail, string> = {
  trackingNumber: 'Tracking number',
  discountCode: 'Discount code',
};

/** Which optional field the first dialog shows for a status, if any (spec 2 section 2, Orders). */
export function statusChangeDetail(status: OrderStatus): StatusChangeDetail | null {
  if (status === SHIPPED_STATUS) return 'trackingNumber';
  if (status === DELIVERED_STATUS) return 'discountCode';
  return null;
}

/**
 * Whether Continue moves to the second dialog 'Confirm Status Update' (Shipped and Delivered) or
 * sends at once (every other status), spec 2 section 4.
 */
export function needsStatusUpdateConfirmation(status: OrderStatus): boolean {
  return statusChangeDetail(status) !== null;
}

const trimmed = (value: string | null | undefined): string => value?.trim() ?? '';

/**
 * The body of POST /api/order/status: the tracking number only for Shipped and the discount code
 * only for Delivered, trimmed, and left out when empty (spec 2 section 5).
 */
export function orderStatusRequest(
  orderId: string,
  status: OrderStatus,
  fields: StatusChangeFields,
): OrderStatusRequest {
  const detail = statusChangeDetail(status);
  const request: OrderStatusRequest = { orderId, status };
  const value = detail ? trimmed(fields[detail]) : '';
  if (detail && value) request[detail] = value;
  return request;
}

/**
 * What 'Confirm Status Update' shows: the value entered, trimmed, or 'No tracking number provided.'
 * / 'No discount code provided.'. Null for statuses without a second dialog.
 */
export function statusUpdateSummary(
  status: OrderStatus,
  fields: StatusChangeFields,
): { label: string; value: string | null; text: string } | null {
  const detail = statusChangeDetail(status);
  if (!detail) return null;
  const value = trimmed(fields[detail]) || null;
  const missing = detail === 'trackingNumber' ? MESSAGES.noTrackingNumber : MESSAGES.noDiscountCode;
  return { label: STATUS_CHANGE_DETAIL_LABELS[detail], value, text: value ?? missing };
}

/**
 * What the admin started: a status change from the status selector, or a tracking number edit
 * from the card's edit button (which the spec sends as a change to Shipped).
 */
export type StatusDialogKind = 'status' | 'tracking';

/** The dialogs' wording for one change: the question of 'Confirm Status Change' and the statement of 'Confirm Status Update'. */
export interface StatusDialogTexts {
  question: string;
  statement: string;
}

/**
 * The status dialogs' texts (docs/decisions/019-order-history.md). A status change names both
 * statuses; a tracking number edit is worded as one, saying so when it also moves the order to
 * Shipped, and never as 'from Shipped to Shipped'.
 */
export function statusDialogTexts(
  kind: StatusDialogKind,
  order: { id: string; status: OrderStatus },
  status: OrderStatus,
): StatusDialogTexts {
  if (kind === 'tracking') {
    if (order.status === SHIPPED_STATUS) {
      return {
        question: `Change the tracking number of order ${order.id}?`,
        statement: `Update the tracking number of order ${order.id}.`,
      };
    }
    return {
      question: `Change the tracking number of order ${order.id}? Its status changes from ${order.status} to ${SHIPPED_STATUS}.`,
      statement: `Update the tracking number of order ${order.id} and set its status to ${SHIPPED_STATUS}.`,
    };
  }
  return {
    question: `Change the status of order ${order.id} from ${order.status} to ${status}?`,
    statement: `Set the status of order ${order.id} to ${status}.`,
  };
}
