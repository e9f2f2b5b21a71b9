import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_CODE_ALPHABET,
  DISCOUNT_CODE_LENGTH,
  isMadeDiscountCode,
  makeDiscountCode,
  normaliseDiscountCode,
} from './discount-code';

describe('the code alphabet', () => {
  it('has no look-alikes: no 0/O, 1/I/L', () => {
    for (const c of '0O1IL') expect(DISCOUNT_CODE_ALPHABET).not.toContain(c);
    expect(DISCOUNT_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(DISCOUNT_CODE_ALPHABET).size).toBe(31);
  });
});

describe('makeDiscountCode', () => {
  it('makes 8 characters from the alphabet', () => {
    const code = makeDiscountCode(randomInt);
    expect(code).toHaveLength(DISCOUNT_CODE_LENGTH);
    expect(isMadeDiscountCode(code)).toBe(true);
  });

  it('gives 10,000 different codes in 10,000 generations from crypto', () => {
    const codes = new Set(Array.from({ length: 10_000 }, () => makeDiscountCode(randomInt)));
    expect(codes.size).toBe(10_000);
  });

  it('uses every character of the alphabet, each about as often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5_000; i += 1)
      for (const c of makeDiscountCode(randomInt)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(31);
    // 40,000 draws: about 1,290 each; a uniform source stays well inside 1,000..1,600.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(1_000);
      expect(n).toBeLessThan(1_600);
    }
  });

  it('refuses a random source that answers outside the alphabet', () => {
    expect(() => makeDiscountCode(() => 31)).toThrow(RangeError);
    expect(() => makeDiscountCode(() => 0.5)).toThrow(RangeError);
  });
});

describe('normaliseDiscountCode and isMadeDiscountCode', () => {
  it('reads a typed code in upper case', () => {
    expect(normaliseDiscountCode('  ab3def9x ')).toBe('AB3DEF9X');
  });
  it('tells made codes from other text', () => {
    expect(isMadeDiscountCode('AB3DEF9X')).toBe(true);
    expect(isMadeDiscountCode('AB3DEF9')).toBe(false);
    expect(isMadeDiscountCode('AB0DEF9X')).toBe(false);
    expect(isMadeDiscountCode('ab3def9x')).toBe(false);
  });
});
