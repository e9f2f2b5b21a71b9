import { describe, expect, it } from 'vitest';
import {
  addMonths,
  datePart,
  formatDiscountDay,
  isCalendarDate,
  isTimeZone,
  todayIn,
  validityLabel,
} from './discount-dates';

describe('isCalendarDate', () => {
  it('takes real days written yyyy-mm-dd', () => {
    expect(isCalendarDate('2026-12-01')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });
  it('refuses days that do not exist and other shapes', () => {
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '26-01-01',
      '2026-1-1',
      '1969-12-31',
      '',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('datePart', () => {
  it('reads the date part literally, never shifted by a time zone', () => {
    expect(datePart('2026-12-01')).toBe('2026-12-01');
    expect(datePart('2026-12-01T23:30:00.000Z')).toBe('2026-12-01');
    expect(datePart('2026-12-01T00:30:00+05:00')).toBe('2026-12-01');
    expect(datePart(' 2026-12-01 ')).toBe('2026-12-01');
  });
  it('is null for anything else', () => {
    for (const bad of ['2026-02-30T00:00:00Z', 'tomorrow', '2026-12-01Tfoo', '12/01/2026', ''])
      expect(datePart(bad), bad).toBeNull();
  });
});

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Pacific/Auckland')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
  it('tells the calendar day in the zone', () => {
    const instant = new Date('2026-12-01T11:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-12-01');
    // Auckland is UTC+13 in December: already the next day.
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-12-02');
    // Honolulu is UTC-10: still the day before at 05:00 UTC.
    expect(todayIn('Pacific/Honolulu', new Date('2026-12-01T05:00:00Z'))).toBe('2026-11-30');
  });
});

describe('addMonths', () => {
  it('moves to the same day a month later, within the month', () => {
    expect(addMonths('2026-11-24', 1)).toBe('2026-12-24');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('formatDiscountDay and validityLabel', () => {
  it('writes a calendar day in the locale without shifting it by a time zone', () => {
    expect(formatDiscountDay('2026-12-01', 'en-US')).toBe('Dec 1, 2026');
    expect(formatDiscountDay('2026-01-31', 'en-GB')).toBe('31 Jan 2026');
    expect(formatDiscountDay('not a day', 'en-US')).toBe('not a day');
    expect(validityLabel('2026-11-01', '2026-12-01', 'en-US')).toBe('Nov 1, 2026 – Dec 1, 2026');
  });
});
