import { describe, expect, it } from 'vitest';
import { isEmptySearch, orderIdRange, SEARCH_LIMITS, searchPlan, searchQuerySchema } from './search';

describe('searchPlan', () => {
  it('looks for orders by a hex id prefix, lower-cased, with or without a leading #', () => {
    expect(searchPlan('6A1F').orderIdPrefix).toBe('6a1f');
    expect(searchPlan('#6a1f').orderIdPrefix).toBe('6a1f');
    expect(searchPlan('6a1f00000000000000000000').orderIdPrefix).toBe('6a1f00000000000000000000');
  });

  it('does not look for orders with text that no id starts with, one digit, or more than 24', () => {
    expect(searchPlan('shirt').orderIdPrefix).toBeNull();
    expect(searchPlan('6').orderIdPrefix).toBeNull();
    expect(searchPlan('6a1f000000000000000000001').orderIdPrefix).toBeNull();
    expect(searchPlan('6a 1f').orderIdPrefix).toBeNull();
  });

  it('searches names and e-mails from a trigram on, lower-cased and trimmed', () => {
    expect(searchPlan('  Blue Shirt ').text).toBe('blue shirt');
    expect(searchPlan('ANN@').text).toBe('ann@');
    expect(searchPlan('ab').text).toBeNull();
    expect(searchPlan('a'.repeat(SEARCH_LIMITS.textMin)).text).toBe('aaa');
  });

  it('searches discount codes upper-cased, only with text a code can hold', () => {
    expect(searchPlan('summer').discountCode).toBe('SUMMER');
    expect(searchPlan('K7').discountCode).toBe('K7');
    expect(searchPlan('K').discountCode).toBeNull();
    expect(searchPlan('ann@example.com').discountCode).toBeNull();
    expect(searchPlan('blue shirt').discountCode).toBeNull();
  });

  it('searches every kind a text can match at once: hex text is an id prefix, a code and a name', () => {
    expect(searchPlan('bead')).toEqual({ orderIdPrefix: 'bead', text: 'bead', discountCode: 'BEAD' });
    expect(searchPlan('')).toEqual({ orderIdPrefix: null, text: null, discountCode: null });
  });
});

describe('orderIdRange', () => {
  it('runs from the prefix to the prefix padded with f to an id length', () => {
    expect(orderIdRange('6a1f')).toEqual({ from: '6a1f', to: `6a1f${'f'.repeat(20)}` });
    const whole = '6a1f00000000000000000000';
    expect(orderIdRange(whole)).toEqual({ from: whole, to: whole });
  });

  it('holds every id with the prefix, and no other', () => {
    const { from, to } = orderIdRange('6a1f');
    const inRange = (id: string) => id >= from && id <= to;
    expect(inRange('6a1f00000000000000000000')).toBe(true);
    expect(inRange('6a1fffffffffffffffffffff')).toBe(true);
    expect(inRange('6a1effffffffffffffffffff')).toBe(false);
    expect(inRange('6a2000000000000000000000')).toBe(false);
  });
});

describe('searchQuerySchema', () => {
  it('trims q, and takes a blank q as no search', () => {
    expect(searchQuerySchema.parse({ q: '  shirt ' })).toEqual({ q: 'shirt' });
    expect(searchQuerySchema.parse({ q: '' }).q).toBeUndefined();
    expect(searchQuerySchema.parse({}).q).toBeUndefined();
    expect(searchQuerySchema.parse({ q: '   ' }).q).toBe('');
  });

  it('refuses a q too long or holding a NUL, and a limit out of range, naming the field', () => {
    const issues = (input: object) =>
      searchQuerySchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ q: 'x'.repeat(SEARCH_LIMITS.qMax + 1) })).toEqual([
      `q: must be at most ${SEARCH_LIMITS.qMax} characters`,
    ]);
    expect(issues({ q: 'a\u0000b' })?.[0]).toMatch(/^q: contains an invalid character/);
    expect(issues({ limit: '11' })).toEqual([`limit: must be at most ${SEARCH_LIMITS.maxPerKind}`]);
    expect(issues({ limit: '0' })).toEqual(['limit: must be at least 1']);
    expect(searchQuerySchema.parse({ limit: '3' }).limit).toBe(3);
  });
});

describe('isEmptySearch', () => {
  it('is true only when no kind found anything', () => {
    const none = { orders: [], products: [], customers: [], discounts: [] };
    expect(isEmptySearch(none)).toBe(true);
    expect(isEmptySearch({ ...none, products: [{ _id: 'p', name: 'Shirt', category: '' }] })).toBe(false);
  });
});
