/* The Create and Edit Discount forms' choices (spec 2 sections 5 and 9). */

/** Percentage: 5 to 100 in steps of 5, the 20 choices. */
export const DISCOUNT_PERCENTAGES: readonly number[] = Array.from({ length: 20 }, (_, i) => (i + 1) * 5);

/** Max Usage: Unlimited (null), 1, 5, 10, 25, 50, 100. */
export const DISCOUNT_MAX_USAGES: readonly (number | null)[] = [null, 1, 5, 10, 25, 50, 100];

/** The label of a Max Usage choice. */
export const maxUsageLabel = (maxUsage: number | null): string => (maxUsage === null ? 'Unlimited' : String(maxUsage));

export const isDiscountPercentage = (value: number): boolean => DISCOUNT_PERCENTAGES.includes(value);

export const isDiscountMaxUsage = (value: number | null): boolean => DISCOUNT_MAX_USAGES.includes(value);

/** The Usage column: 'usageCount / maxUsage', '∞' when unlimited. */
export const usageLabel = (usageCount: number, maxUsage: number | null): string =>
  `${usageCount} / ${maxUsage === null ? '∞' : maxUsage}`;
