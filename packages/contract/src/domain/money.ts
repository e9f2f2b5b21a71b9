import { PRODUCT_LIMITS } from '../constants';

/** The outcome of reading a user-typed amount: a value, or the problem to show after the field's name. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * A price typed by an admin ('12', '12.5', '12.34', or a number) as integer cents. Prices are at
 * least 0, with at most two decimals (spec 1 section 5), and at most PRODUCT_LIMITS.maxPriceCents.
 */
export function parsePriceCents(input: string | number): Parsed<number> {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'NaN') : input.trim();
  if (text === '') return { ok: false, problem: 'is required' };
  if (text.startsWith('-') && Number.isFinite(Number(text))) return { ok: false, problem: 'must be at least 0' };
  const match = AMOUNT.exec(text);
  if (!match || text === '.') return { ok: false, problem: 'must be a number' };
  const whole = match[1] ?? '';
  const decimals = match[2] ?? '';
  if (decimals.length > 2) return { ok: false, problem: 'must have at most two decimals' };
  if (whole.length > 10) return { ok: false, problem: `must be at most ${PRODUCT_LIMITS.maxPriceCents / 100}` };
  const cents = Number(whole || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (cents > PRODUCT_LIMITS.maxPriceCents) {
    return { ok: false, problem: `must be at most ${PRODUCT_LIMITS.maxPriceCents / 100}` };
  }
  return { ok: true, value: cents };
}

/**
 * A discount percentage (spec 1 section 5): a number from 0 to 100; empty means 0. Kept to two
 * decimals (the form steps by 0.1).
 */
export function parseDiscount(input: string | number): Parsed<number> {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (text === '') return { ok: true, value: 0 };
  const value = Number(text);
  if (!Number.isFinite(value) || !/^-?[\d.]+$/.test(text)) return { ok: false, problem: 'must be a number' };
  if (value < PRODUCT_LIMITS.minDiscount || value > PRODUCT_LIMITS.maxDiscount) {
    return { ok: false, problem: `must be between ${PRODUCT_LIMITS.minDiscount} and ${PRODUCT_LIMITS.maxDiscount}` };
  }
  return { ok: true, value: Math.round(value * 100) / 100 };
}

/** The price after a discount: price × (1 − discount/100), rounded to the cent (spec 1 section 2.5). */
export function discountedPriceCents(priceCents: number, discount: number): number {
  const d = Number.isFinite(discount) ? Math.min(Math.max(discount, 0), 100) : 0;
  return Math.round((priceCents * (100 - d)) / 100);
}

/**
 * The one money format the admin shows: US dollars with en-US grouping and two decimals, as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes them (money.test.ts
 * holds the two together), but written by hand from the integer cents: making that formatter costs
 * a phone 200-270 ms of one task (its currency data), in the Dashboard's first render
 * (docs/decisions/058-lighthouse-on-a-phone.md). Amounts beyond the exact integers (never a price)
 * still go through Intl.
 */
let money: Intl.NumberFormat | undefined;

/** An amount in cents as the admin shows it: '$12.34', '$100,568.69', '-$5.00'. */
export function formatMoney(cents: number): string {
  // `|| 0` turns -0 (a rounded -0.4 cents) into 0: never '-$0.00'.
  const whole = Math.round(cents) || 0;
  if (!Number.isSafeInteger(whole)) {
    money ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return money.format(whole / 100);
  }
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${whole < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as the API's price number (dollars): 1234 → 12.34. */
export function priceFromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars as the API sends them (two decimals at most) to integer cents, once: sums and displays work from cents. */
export function dollarsToCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : 0;
}

/** An amount in dollars as the admin shows it: '$1,234.56'. */
export function formatDollars(dollars: number): string {
  return formatMoney(dollarsToCents(dollars));
}
