/*
 * A discount code's validity is a range of calendar days in the shop's time zone (SHOP_TIMEZONE,
 * docs/decisions/027-discount-codes.md): a code valid until 2026-12-01 works through the end of
 * that day there. Dates travel as 'yyyy-mm-dd' text and compare as text.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar day written yyyy-mm-dd (2026-02-30 is not), years 1970 to 9999. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date part of what a form sends: '2026-12-01', or the first ten characters of an ISO date and
 * time ('2026-12-01T00:00:00.000Z' is 2026-12-01, read literally, never shifted by a time zone).
 * Null when there is no real calendar day there.
 */
export function datePart(text: string): string | null {
  const value = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const day = value.slice(0, 10);
  return isCalendarDate(day) ? day : null;
}

/** Whether the runtime knows this IANA time zone name ('Europe/Paris', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day it is in a time zone at an instant, as yyyy-mm-dd. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}

/**
 * The same day some months later, kept within the month (2026-01-31 plus one month is
 * 2026-02-28): the create form's default end date is one month after today.
 */
export function addMonths(day: string, months: number): string {
  const match = DATE.exec(day);
  if (!match) throw new Error(`not a yyyy-mm-dd date: ${day}`);
  const total = Number(match[1]) * 12 + (Number(match[2]) - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const date = Math.min(Number(match[3]), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** A calendar day (yyyy-mm-dd) as the browser's locale writes it, never shifted by a time zone. */
export function formatDiscountDay(day: string, locale?: string): string {
  if (!isCalendarDate(day)) return day;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The Validity column: first day to last day, both included. */
export function validityLabel(startDate: string, endDate: string, locale?: string): string {
  return `${formatDiscountDay(startDate, locale)} – ${formatDiscountDay(endDate, locale)}`;
}
