import type { Ref } from 'react';

/**
 * The settings every date picker shares: named arrows; no dimmed days of other months and no red
 * weekends, which fall short of 4.5:1 contrast.
 */
export const CALENDAR_SETTINGS = {
  ariaLabels: {
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextYear: 'Next year',
    previousYear: 'Previous year',
    nextDecade: 'Next decade',
    previousDecade: 'Previous decade',
  },
  hideOutsideDates: true,
  weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
};

interface DayField {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ref: Ref<HTMLButtonElement>;
}

/** A react-hook-form field holding a day ('yyyy-mm-dd', or '' when none) as a date picker's props. */
export function dayFieldProps(field: DayField) {
  return {
    value: field.value || null,
    onChange: (value: string | null) => field.onChange(value ?? ''),
    onBlur: field.onBlur,
    ref: field.ref,
  };
}
