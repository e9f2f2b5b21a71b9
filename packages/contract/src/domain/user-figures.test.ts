import { describe, expect, it } from 'vitest';
import { averageOrderCents, wishlistPriceCents } from './user-figures';

describe('averageOrderCents', () => {
  it('divides revenue by the order count, to the cent', () => {
    expect(averageOrderCents(10_000, 3)).toBe(3333);
    expect(averageOrderCents(5, 2)).toBe(3);
  });
  it('is 0 without orders', () => {
    expect(averageOrderCents(0, 0)).toBe(0);
  });
});

describe('wishlistPriceCents', () => {
  it('takes price × discount / 100 off, in cents', () => {
    expect(wishlistPriceCents({ price: 100, discount: 25 })).toBe(7500);
    expect(wishlistPriceCents({ price: 19.99, discount: 10 })).toBe(1799);
    expect(wishlistPriceCents({ price: 19.99, discount: 0 })).toBe(1999);
    expect(wishlistPriceCents({ price: 50, discount: 100 })).toBe(0);
  });
});
