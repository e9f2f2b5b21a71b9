import { dollarsToCents, formatDollars } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  cardPaymentLabel,
  customerName,
  formatOrderTime,
  isDelivered,
  itemLineTotalCents,
  orNotAvailable,
  summaryPaymentLabel,
} from './order-display';

describe('money', () => {
  it('converts dollars to cents once, rounding away float noise', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(100);
    expect(dollarsToCents(Number.NaN)).toBe(0);
  });
  it('shows dollars with $ and two decimals', () => {
    expect(formatDollars(12)).toBe('$12.00');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });
  it('computes a line total in cents', () => {
    expect(itemLineTotalCents({ unitPrice: 19.99, quantity: 3 })).toBe(5997);
    expect(itemLineTotalCents({ unitPrice: 0.1, quantity: 3 })).toBe(30);
  });
});

describe('customer details', () => {
  it("answers 'N/A' for missing or blank details", () => {
    expect(orNotAvailable('')).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable(' a@b.c ')).toBe('a@b.c');
  });
  it('joins first and last name', () => {
    expect(customerName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(customerName({ firstName: 'Ann', lastName: ' ' })).toBe('Ann');
    expect(customerName({ firstName: '', lastName: '' })).toBe('N/A');
  });
});

describe('status and payment', () => {
  it('knows Delivered as the only done status', () => {
    expect(isDelivered('Delivered')).toBe(true);
    expect(isDelivered('Shipped')).toBe(false);
  });
  it('labels payment Done/Pending on the card and Paid/Pending in the summary', () => {
    expect([cardPaymentLabel(true), cardPaymentLabel(false)]).toEqual(['Done', 'Pending']);
    expect([summaryPaymentLabel(true), summaryPaymentLabel(false)]).toEqual(['Paid', 'Pending']);
  });
});

describe('formatOrderTime', () => {
  it('shows the UTC date and time', () => {
    expect(formatOrderTime('2026-03-05T14:03:59.000Z')).toBe('Mar 5, 2026, 14:03 UTC');
    expect(formatOrderTime('2025-12-31T23:59:00Z')).toBe('Dec 31, 2025, 23:59 UTC');
  });
  it('shows an unreadable date as it came', () => {
    expect(formatOrderTime('soon')).toBe('soon');
  });
});
