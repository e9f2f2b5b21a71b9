import { describe, expect, it } from 'vitest';
import { bundleOriginalTotalCents, bundleSavingsCents } from './bundle-pricing';

describe('bundle pricing', () => {
  it('adds the selected products’ prices in cents', () => {
    expect(bundleOriginalTotalCents([])).toBe(0);
    expect(bundleOriginalTotalCents([1999, 2501, 1])).toBe(4501);
  });

  it('saves the products’ total less the bundle price, to the cent', () => {
    // 0.1 + 0.2 in dollars is not 0.3; in cents it is exact.
    expect(bundleSavingsCents([10, 20], 25)).toBe(5);
    expect(bundleSavingsCents([1999, 2999], 3999)).toBe(999);
    expect(bundleSavingsCents([1000], 1000)).toBe(0);
    // A bundle dearer than its products saves a negative amount.
    expect(bundleSavingsCents([1000], 1500)).toBe(-500);
  });
});
