import { describe, expect, it } from 'vitest';
import {
  discountedPriceCents,
  formatDollars,
  formatMoney,
  parseDiscount,
  parsePriceCents,
  priceFromCents,
} from './money';

describe('parsePriceCents', () => {
  it('reads whole amounts, one and two decimals, strings and numbers', () => {
    expect(parsePriceCents('12')).toEqual({ ok: true, value: 1200 });
    expect(parsePriceCents(' 12.5 ')).toEqual({ ok: true, value: 1250 });
    expect(parsePriceCents('12.34')).toEqual({ ok: true, value: 1234 });
    expect(parsePriceCents('.99')).toEqual({ ok: true, value: 99 });
    expect(parsePriceCents('0')).toEqual({ ok: true, value: 0 });
    expect(parsePriceCents(19.99)).toEqual({ ok: true, value: 1999 });
    expect(parsePriceCents(0.1 + 0.2).ok).toBe(false);
  });

  it('names the problem', () => {
    expect(parsePriceCents('')).toEqual({ ok: false, problem: 'is required' });
    expect(parsePriceCents('-1')).toEqual({ ok: false, problem: 'must be at least 0' });
    expect(parsePriceCents('-0.5')).toEqual({ ok: false, problem: 'must be at least 0' });
    expect(parsePriceCents('abc')).toEqual({ ok: false, problem: 'must be a number' });
    expect(parsePriceCents('1e3')).toEqual({ ok: false, problem: 'must be a number' });
    expect(parsePriceCents('.')).toEqual({ ok: false, problem: 'must be a number' });
    expect(parsePriceCents(Number.NaN)).toEqual({ ok: false, problem: 'must be a number' });
    expect(parsePriceCents('1.234')).toEqual({ ok: false, problem: 'must have at most two decimals' });
    expect(parsePriceCents('10000000.01')).toEqual({ ok: false, problem: 'must be at most 10000000' });
    expect(parsePriceCents('99999999999999')).toEqual({ ok: false, problem: 'must be at most 10000000' });
  });
});

describe('parseDiscount', () => {
  it('takes 0 to 100, empty as 0', () => {
    expect(parseDiscount('')).toEqual({ ok: true, value: 0 });
    expect(parseDiscount('15')).toEqual({ ok: true, value: 15 });
    expect(parseDiscount('12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseDiscount(100)).toEqual({ ok: true, value: 100 });
  });

  it('refuses values outside 0 to 100 and non-numbers', () => {
    expect(parseDiscount('101')).toEqual({ ok: false, problem: 'must be between 0 and 100' });
    expect(parseDiscount('-1')).toEqual({ ok: false, problem: 'must be between 0 and 100' });
    expect(parseDiscount('ten')).toEqual({ ok: false, problem: 'must be a number' });
    expect(parseDiscount('Infinity')).toEqual({ ok: false, problem: 'must be a number' });
  });
});

describe('discountedPriceCents', () => {
  it('is price × (1 − d/100), to the cent', () => {
    expect(discountedPriceCents(2000, 15)).toBe(1700);
    expect(discountedPriceCents(1999, 15)).toBe(1699);
    expect(discountedPriceCents(1000, 0)).toBe(1000);
    expect(discountedPriceCents(1000, 100)).toBe(0);
    expect(discountedPriceCents(999, 33.3)).toBe(666);
  });

  it('clamps a discount outside 0 to 100', () => {
    expect(discountedPriceCents(1000, 150)).toBe(0);
    expect(discountedPriceCents(1000, -5)).toBe(1000);
    expect(discountedPriceCents(1000, Number.NaN)).toBe(1000);
  });
});

describe('formatMoney and priceFromCents', () => {
  it('shows dollars with two decimals', () => {
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-50)).toBe('-$0.50');
    expect(formatMoney(-500)).toBe('-$5.00');
  });

  it('groups thousands the way the locale does', () => {
    expect(formatMoney(10056869)).toBe('$100,568.69');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(100000)).toBe('$1,000.00');
    expect(formatMoney(99999)).toBe('$999.99');
    expect(formatMoney(-123456)).toBe('-$1,234.56');
    expect(formatDollars(100568.69)).toBe('$100,568.69');
    expect(formatDollars(1234567.8)).toBe('$1,234,567.80');
  });

  it('never shows a negative zero or a cent lost to floating point', () => {
    expect(formatMoney(-0.4)).toBe('$0.00');
    expect(formatMoney(1005)).toBe('$10.05');
    expect(formatMoney(100000000001)).toBe('$1,000,000,000.01');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it('writes what Intl.NumberFormat writes for US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1e9 + 7, 1e13 - 1];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 13))));
    for (const cents of amounts) {
      expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      expect(formatMoney(-cents)).toBe(intl.format((-cents || 0) / 100));
    }
    expect(formatMoney(Number.NaN)).toBe('$0.00');
    expect(formatMoney(2 ** 60)).toBe(intl.format(2 ** 60 / 100));
  });

  it('gives the API price number', () => {
    expect(priceFromCents(1234)).toBe(12.34);
    expect(priceFromCents(100)).toBe(1);
  });
});
