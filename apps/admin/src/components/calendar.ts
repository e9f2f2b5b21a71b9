import { type Ref, useEffect } from 'react';

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
 * The open date calendar an Esc belongs to, or null. A date picker's calendar takes the focus a moment
 * after it opens (its focus trap waits a tick), and switching it between days, months and years
 * redraws the focused button so the focus falls to the page's body. An Esc pressed meanwhile, on the
 * picker's own button or on the body, would reach nothing that closes the calendar, or the dialog
 * around it: it is the open calendar's. Null when none is open, when the focus is in it (it closes by
 * itself), or on a typed date field (the orders' date range), which closes its calendar on Esc itself.
 */
export function calendarTakingEscape(doc: Document, target: EventTarget | null): HTMLElement | null {
  const calendar = doc.querySelector<HTMLElement>('[data-dates-dropdown]');
  if (!calendar || target === null || !('tagName' in target)) return null;
  const onPicker = target.tagName === 'BUTTON' && (target as Element).hasAttribute('data-dates-input');
  return target === doc.body || target === doc.documentElement || onPicker ? calendar : null;
}

/**
 * Hands the open calendar the Esc that calendarTakingEscape gives it, wherever the calendar is (a form
 * dialog, a screen's filters), before anything else on the page sees that key (issue 21; decision 047).
 */
export function useOpenCalendarTakesEscape() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const calendar = calendarTakingEscape(document, event.target);
      if (!calendar) return;
      event.stopImmediatePropagation();
      calendar.focus();
      calendar.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
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
