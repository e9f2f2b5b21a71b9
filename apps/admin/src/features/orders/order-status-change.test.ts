import { ORDER_STATUSES, orderStatusRequestSchema } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  needsStatusUpdateConfirmation,
  orderStatusRequest,
  statusChangeDetail,
  statusDialogTexts,
  statusUpdateSummary,
} from './order-status-change';

const id = '65a1b2c3d4e5f60718293a4b';

describe('statusChangeDetail', () => {
  it('asks a tracking number for Shipped and a discount code for Delivered, nothing otherwise', () => {
    expect(statusChangeDetail('Shipped')).toBe('trackingNumber');
    expect(statusChangeDetail('Delivered')).toBe('discountCode');
    const others = ORDER_STATUSES.filter((s) => s !== 'Shipped' && s !== 'Delivered');
    expect(others.map(statusChangeDetail)).toEqual(others.map(() => null));
  });
  it('has a second confirmation only for Shipped and Delivered', () => {
    expect(ORDER_STATUSES.filter(needsStatusUpdateConfirmation)).toEqual(['Shipped', 'Delivered']);
  });
});

describe('orderStatusRequest', () => {
  const fields = { trackingNumber: '  TRK-1 ', discountCode: ' SAVE10 ' };
  it('sends the tracking number only for Shipped, trimmed', () => {
    expect(orderStatusRequest(id, 'Shipped', fields)).toEqual({
      orderId: id,
      status: 'Shipped',
      trackingNumber: 'TRK-1',
    });
  });
  it('sends the discount code only for Delivered, trimmed', () => {
    expect(orderStatusRequest(id, 'Delivered', fields)).toEqual({
      orderId: id,
      status: 'Delivered',
      discountCode: 'SAVE10',
    });
  });
  it('sends neither with another status, and leaves blank values out', () => {
    expect(orderStatusRequest(id, 'Packing', fields)).toEqual({ orderId: id, status: 'Packing' });
    expect(orderStatusRequest(id, 'Shipped', { trackingNumber: '   ' })).toEqual({ orderId: id, status: 'Shipped' });
  });
  it('is accepted by the call’s schema', () => {
    expect(orderStatusRequestSchema.safeParse(orderStatusRequest(id, 'Shipped', fields)).success).toBe(true);
  });
});

describe('statusUpdateSummary', () => {
  it('shows what was entered, trimmed', () => {
    expect(statusUpdateSummary('Shipped', { trackingNumber: ' TRK ' })).toEqual({
      label: 'Tracking number',
      value: 'TRK',
      text: 'TRK',
    });
    expect(statusUpdateSummary('Delivered', { discountCode: 'X' })?.text).toBe('X');
  });
  it("says 'No tracking number provided.' and 'No discount code provided.' when empty", () => {
    expect(statusUpdateSummary('Shipped', { trackingNumber: '' })?.text).toBe('No tracking number provided.');
    expect(statusUpdateSummary('Delivered', { discountCode: '  ' })?.text).toBe('No discount code provided.');
  });
  it('has nothing to show for other statuses', () => {
    expect(statusUpdateSummary('Cancelled', { trackingNumber: 'x' })).toBeNull();
  });
});

describe('statusDialogTexts', () => {
  it('names both statuses for a status change', () => {
    expect(statusDialogTexts('status', { id, status: 'Packing' }, 'Shipped')).toEqual({
      question: `Change the status of order ${id} from Packing to Shipped?`,
      statement: `Set the status of order ${id} to Shipped.`,
    });
  });
  it('words a tracking number edit of a shipped order as a tracking change, never Shipped to Shipped', () => {
    const texts = statusDialogTexts('tracking', { id, status: 'Shipped' }, 'Shipped');
    expect(texts).toEqual({
      question: `Change the tracking number of order ${id}?`,
      statement: `Update the tracking number of order ${id}.`,
    });
  });
  it('says when a tracking number edit also moves the order to Shipped', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Shipped')) {
      const texts = statusDialogTexts('tracking', { id, status }, 'Shipped');
      expect(texts.question).toBe(
        `Change the tracking number of order ${id}? Its status changes from ${status} to Shipped.`,
      );
      expect(texts.statement).toBe(`Update the tracking number of order ${id} and set its status to Shipped.`);
    }
  });
});
