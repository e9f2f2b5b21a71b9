import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_MAX_USAGES,
  DISCOUNT_PERCENTAGES,
  isDiscountMaxUsage,
  isDiscountPercentage,
  maxUsageLabel,
  usageLabel,
} from './discount-choices';

describe('discount choices', () => {
  it('offers 20 percentages, 5 to 100 in steps of 5', () => {
    expect(DISCOUNT_PERCENTAGES).toHaveLength(20);
    expect(DISCOUNT_PERCENTAGES[0]).toBe(5);
    expect(DISCOUNT_PERCENTAGES.at(-1)).toBe(100);
    expect(isDiscountPercentage(35)).toBe(true);
    for (const bad of [0, 3, 101, 7.5, -5]) expect(isDiscountPercentage(bad)).toBe(false);
  });

  it('offers Unlimited, 1, 5, 10, 25, 50, 100 uses', () => {
    expect(DISCOUNT_MAX_USAGES.map(maxUsageLabel)).toEqual(['Unlimited', '1', '5', '10', '25', '50', '100']);
    expect(isDiscountMaxUsage(null)).toBe(true);
    expect(isDiscountMaxUsage(25)).toBe(true);
    expect(isDiscountMaxUsage(2)).toBe(false);
    expect(isDiscountMaxUsage(0)).toBe(false);
  });

  it("shows usage as 'x / ∞' when unlimited", () => {
    expect(usageLabel(3, null)).toBe('3 / ∞');
    expect(usageLabel(3, 10)).toBe('3 / 10');
  });
});
