import { describe, expect, it } from 'vitest';
import { acceptDiscountInput, DISCOUNT_QUICK_SELECT, discountValue, isAcceptedDiscount } from './product-form-discount';

describe('discount', () => {
  it('offers 0% to 100% in steps of 5', () => {
    expect(DISCOUNT_QUICK_SELECT).toHaveLength(21);
    expect(DISCOUNT_QUICK_SELECT[0]).toBe(0);
    expect(DISCOUNT_QUICK_SELECT[3]).toBe(15);
    expect(DISCOUNT_QUICK_SELECT.at(-1)).toBe(100);
  });

  it('ignores values outside 0-100 or not numbers; empty is taken and sent as 0', () => {
    expect(acceptDiscountInput(10, 15.5)).toBe(15.5);
    expect(acceptDiscountInput(10, 101)).toBe(10);
    expect(acceptDiscountInput(10, -1)).toBe(10);
    expect(acceptDiscountInput(10, 'abc')).toBe(10);
    expect(acceptDiscountInput(10, '')).toBe('');
    expect(discountValue('')).toBe(0);
    expect(discountValue('12.5')).toBe(12.5);
    expect(isAcceptedDiscount('')).toBe(true);
    expect(isAcceptedDiscount('99.5')).toBe(true);
    expect(isAcceptedDiscount('100.5')).toBe(false);
  });
});
