import { PRODUCT_LIMITS, parseDiscount } from '@backroom/contract';

/** The product forms' discount input (spec 1 section 5): what it takes, and what it sends. */

/** The quick select's choices: 0% to 100% in steps of 5. */
export const DISCOUNT_QUICK_SELECT: readonly number[] = Array.from(
  { length: PRODUCT_LIMITS.maxDiscount / PRODUCT_LIMITS.discountQuickSelectStep + 1 },
  (_, i) => i * PRODUCT_LIMITS.discountQuickSelectStep,
);

/**
 * What the discount field holds after a keystroke (spec 1 section 5): a number from 0 to 100 is
 * taken, empty is taken (it counts as 0), anything else is ignored and the previous value stays.
 */
export function acceptDiscountInput(previous: string | number, typed: string | number): string | number {
  if (typeof typed === 'string' && typed.trim() === '') return '';
  return isAcceptedDiscount(typed) ? typed : previous;
}

/** Whether the discount field takes what was typed: empty, or a number from 0 to 100. */
export function isAcceptedDiscount(typed: string | number): boolean {
  return (typeof typed === 'string' && typed.trim() === '') || parseDiscount(typed).ok;
}

/** The discount to send: empty is 0. */
export function discountValue(input: string | number): number {
  const parsed = parseDiscount(input);
  return parsed.ok ? parsed.value : 0;
}
