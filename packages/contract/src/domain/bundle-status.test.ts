import { describe, expect, it } from 'vitest';
import {
  BUNDLE_PURCHASE_MESSAGES,
  BUNDLE_PURCHASE_REFUSALS,
  bundleDatesProblem,
  bundleImageCountProblem,
  bundlePurchaseRefusal,
  bundleStatus,
} from './bundle-status';

describe('bundle status', () => {
  it('is active or cancelled', () => {
    expect(bundleStatus({ cancelled: false })).toBe('active');
    expect(bundleStatus({ cancelled: true })).toBe('cancelled');
  });
});

describe('bundle dates', () => {
  it('takes an end on or after the start, and refuses one before it', () => {
    expect(bundleDatesProblem('2026-12-01', '2026-12-01')).toBeNull();
    expect(bundleDatesProblem('2026-12-01', '2027-01-01')).toBeNull();
    expect(bundleDatesProblem('2026-12-02', '2026-12-01')).toBe('must not be before startDate');
  });
});

describe('bundle images', () => {
  it('takes 1 to 5 images', () => {
    expect(bundleImageCountProblem(0)).toBe('At least one image is required');
    expect(bundleImageCountProblem(1)).toBeNull();
    expect(bundleImageCountProblem(5)).toBeNull();
    expect(bundleImageCountProblem(6)).toBe('Upload up to 5 images');
  });
});

describe('buying a bundle', () => {
  const open = { cancelled: false, startDate: '2026-12-01', endDate: '2026-12-31', hasRemovedProduct: false };

  it('is allowed from the first to the last day, both included', () => {
    expect(bundlePurchaseRefusal(open, '2026-12-01')).toBeNull();
    expect(bundlePurchaseRefusal(open, '2026-12-31')).toBeNull();
  });

  it('is refused for an unknown, cancelled, not yet started or ended bundle, and one holding a removed product', () => {
    expect(bundlePurchaseRefusal(null, '2026-12-10')).toBe('unknown');
    expect(bundlePurchaseRefusal({ ...open, cancelled: true }, '2026-12-10')).toBe('cancelled');
    expect(bundlePurchaseRefusal(open, '2026-11-30')).toBe('notStarted');
    expect(bundlePurchaseRefusal(open, '2027-01-01')).toBe('ended');
    expect(bundlePurchaseRefusal({ ...open, hasRemovedProduct: true }, '2026-12-10')).toBe('productRemoved');
  });

  it('tells cancelled first when several hold', () => {
    expect(bundlePurchaseRefusal({ ...open, cancelled: true, hasRemovedProduct: true }, '2027-01-01')).toBe(
      'cancelled',
    );
  });

  it('has a message for every refusal', () => {
    for (const reason of BUNDLE_PURCHASE_REFUSALS) expect(BUNDLE_PURCHASE_MESSAGES[reason]).toMatch(/\S/);
  });
});
