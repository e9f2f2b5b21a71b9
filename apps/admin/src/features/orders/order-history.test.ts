import { describe, expect, it } from 'vitest';
import { historyShownLabel } from './order-history';

describe('historyShownLabel', () => {
  it('says how many of the changes are shown while some are left to load', () => {
    expect(historyShownLabel(100, 403)).toBe('Showing 100 of 403 changes');
    expect(historyShownLabel(1000, 1203)).toBe('Showing 1,000 of 1,203 changes');
  });
  it('gives the count alone once every change is shown', () => {
    expect(historyShownLabel(403, 403)).toBe('403 changes');
    expect(historyShownLabel(1, 1)).toBe('1 change');
    expect(historyShownLabel(0, 0)).toBe('0 changes');
  });
});
