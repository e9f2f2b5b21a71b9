import type { Ref } from 'react';

/**
 * Switching the calendar between days, months and years redraws the button that had the focus, and
 * the focus falls to the page's body, where Esc would reach the dialog around the field rather than
 * the calendar (issue 21): it goes to the open calendar itself, which closes on Esc.
 */
function keepFocusInCalendar() {
  setTimeout(() => {
    if (document.activeElement === document.body) document.querySelector<HTMLElement>('[data-dates-dropdown]')?.focus();
  });
}

/**
 * The settings every date picker shares: named arrows; no dimmed days of other months and no red
 * weekends, which fall short of 4.5:1 contrast; the focus kept in the calendar while it is open.
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
  onLevelChange: keepFocusInCalendar,
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
