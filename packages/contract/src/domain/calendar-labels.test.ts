import { describe, expect, it } from 'vitest';
import { formatDay, monthLabel, showsYear } from './calendar-labels';

describe('monthLabel', () => {
  it('names a YYYY-MM month short and long', () => {
    expect(monthLabel('2026-03')).toEqual({ short: 'Mar', long: 'March 2026', year: 2026 });
    expect(monthLabel('2025-12')).toEqual({ short: 'Dec', long: 'December 2025', year: 2025 });
    expect(monthLabel('2026-01').short).toBe('Jan');
  });

  it('shows anything else as it came', () => {
    expect(monthLabel('2026-13')).toMatchObject({ short: '2026-13', long: '2026-13' });
    expect(monthLabel('2026-00').long).toBe('2026-00');
    expect(monthLabel('March')).toMatchObject({ short: 'March', long: 'March' });
  });
});

describe('showsYear', () => {
  it('marks the first month and each change of year', () => {
    const months = ['2025-11', '2025-12', '2026-01', '2026-02'];
    expect(months.map((_, i) => showsYear(months, i))).toEqual([true, false, true, false]);
  });

  it('compares labelled months only when every other month is labelled', () => {
    const months = ['2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
    expect([0, 2, 4].map((i) => showsYear(months, i, 2))).toEqual([true, true, false]);
    const shifted = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02'];
    expect([0, 2, 4].map((i) => showsYear(shifted, i, 2))).toEqual([true, false, true]);
  });

  it('marks only the first month within one year', () => {
    const months = ['2026-01', '2026-02', '2026-03'];
    expect(months.map((_, i) => showsYear(months, i))).toEqual([true, false, false]);
  });
});

describe('formatDay', () => {
  it('shows the UTC day', () => {
    expect(formatDay('2026-03-05T10:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatDay('2026-12-31T23:59:59.999Z')).toBe('Dec 31, 2026');
    expect(formatDay('2026-01-01T00:30:00+01:00')).toBe('Dec 31, 2025');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatDay('not a date')).toBe('not a date');
  });
});
