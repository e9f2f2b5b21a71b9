/*
 * Month and day labels of the dashboard, in English and in UTC, as the server counts its months and
 * days (docs/decisions/012-orders-and-rollups.md): the same label whatever the browser's time zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_KEY = /^(\d{4})-(\d{2})$/;

/** A chart month's labels: 'Mar' under its bar, 'March 2026' for screen readers and tooltips. */
export interface MonthLabel {
  short: string;
  long: string;
  year: number;
}

/** Reads a month key 'YYYY-MM'; anything else is shown as it came. */
export function monthLabel(month: string): MonthLabel {
  const match = MONTH_KEY.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  const name = MONTHS[index];
  if (!match || !name) return { short: month, long: month, year: Number.NaN };
  const year = Number(match[1]);
  return { short: name.slice(0, 3), long: `${name} ${year}`, year };
}

/**
 * Which chart months carry their year under the month name, when every `every`-th month is
 * labelled: the first one, and each labelled month whose year differs from the previous labelled
 * one, so twelve months across a new year read 'Dec 2025, Jan 2026' without repeating the year.
 */
export function showsYear(months: readonly string[], index: number, every = 1): boolean {
  if (index < every) return true;
  const current = monthLabel(months[index] ?? '');
  const previous = monthLabel(months[index - every] ?? '');
  return current.year !== previous.year;
}

/** An order's date as the dashboard shows it: its UTC day, 'Mar 5, 2026'; an unreadable date as it came. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = MONTHS[date.getUTCMonth()] ?? '';
  return `${month.slice(0, 3)} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
