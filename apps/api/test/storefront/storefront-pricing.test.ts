import { apportionCents, itemVariantText, newOrderStatus, orderAmountCents } from '@backroom/contract';
import { describe, expect, it } from 'vitest';

/* The storefront's pricing rules (docs/decisions/031-storefront-orders.md), pure: no database. */

describe('apportionCents', () => {
  it('splits a bundle price over its products in proportion to their prices, adding up to the cent', () => {
    expect(apportionCents(3001, [1000, 2000, 1500])).toEqual([667, 1334, 1000]);
    expect(apportionCents(2500, [2000, 500])).toEqual([2000, 500]);
    expect(apportionCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('splits equally when every weight is 0, and answers nothing for no parts', () => {
    expect(apportionCents(10, [0, 0, 0])).toEqual([4, 3, 3]);
    expect(apportionCents(10, [])).toEqual([]);
  });

  it('always adds up to the total, whatever the weights', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const weights = Array.from(
        { length: (seed % 7) + 1 },
        (_, i) => ((seed * 7919 + i * 104729) % 100_000) + (i % 3),
      );
      const total = (seed * 31337) % 1_000_000;
      const parts = apportionCents(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
    }
  });
});

describe('orderAmountCents', () => {
  it('takes the percentage off the whole total, rounded to the cent', () => {
    expect(orderAmountCents(9999, 15)).toBe(8499);
    expect(orderAmountCents(1001, 5)).toBe(951);
    expect(orderAmountCents(1234, 100)).toBe(0);
    expect(orderAmountCents(1234, null)).toBe(1234);
  });
});

describe('the order status and the item colour text', () => {
  it('places cash on delivery at once; online payments wait', () => {
    expect(newOrderStatus('COD')).toBe('Order Placed');
    expect(newOrderStatus('Stripe')).toBe('Payment Pending');
    expect(newOrderStatus('Razorpay')).toBe('Payment Pending');
  });

  it("writes the spec's 'color|size', a missing part as 'null'", () => {
    expect(itemVariantText('Red', 'M')).toBe('Red|M');
    expect(itemVariantText('Red', undefined)).toBe('Red|null');
    expect(itemVariantText(undefined, 'M')).toBe('null|M');
    expect(itemVariantText(undefined, undefined)).toBeNull();
  });
});
