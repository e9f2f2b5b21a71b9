import { describe, expect, it } from 'vitest';
import { describeMonthlyFigures, unlistedCount } from './dashboard-figures';

describe('unlistedCount', () => {
  it('counts the products beyond the list, never below zero', () => {
    expect(unlistedCount(57, 50)).toBe(7);
    expect(unlistedCount(3, 3)).toBe(0);
    expect(unlistedCount(0, 0)).toBe(0);
    expect(unlistedCount(2, 5)).toBe(0);
  });
});

describe('describeMonthlyFigures', () => {
  it('sums the period in cents and names the busiest month', () => {
    const text = describeMonthlyFigures([
      { month: '2025-12', orders: 3, revenue: 10.1 },
      { month: '2026-01', orders: 7, revenue: 200.2 },
      { month: '2026-02', orders: 7, revenue: 5 },
    ]);
    expect(text).toBe(
      'December 2025 to February 2026: 17 orders, $215.30 revenue. Most orders in January 2026: 7, $200.20.',
    );
  });

  it('says so when there is nothing to show', () => {
    expect(describeMonthlyFigures([])).toBe('No monthly figures yet.');
    expect(describeMonthlyFigures([{ month: '2026-02', orders: 0, revenue: 0 }])).toBe(
      'February 2026: 0 orders, $0.00 revenue.',
    );
    expect(describeMonthlyFigures([{ month: '2026-02', orders: 1, revenue: 9 }])).toBe(
      'February 2026: 1 order, $9.00 revenue. Most orders in February 2026: 1, $9.00.',
    );
  });
});
