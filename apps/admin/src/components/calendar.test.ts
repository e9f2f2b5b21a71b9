// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { calendarTakingEscape } from './calendar';

describe('calendarTakingEscape', () => {
  const page = (calendarOpen: boolean) => {
    document.body.innerHTML = `
      <div role="dialog"><button id="picker" data-dates-input></button><input id="typed" data-dates-input><input id="title"></div>
      ${calendarOpen ? '<div id="calendar" data-dates-dropdown tabindex="-1"><button id="day"></button></div>' : ''}`;
    return (id: string) => document.getElementById(id);
  };

  it("hands an open calendar the Esc pressed on its picker's button or on the body, before it had the focus", () => {
    const get = page(true);
    expect(calendarTakingEscape(document, get('picker'))).toBe(get('calendar'));
    expect(calendarTakingEscape(document, document.body)).toBe(get('calendar'));
    expect(calendarTakingEscape(document, document.documentElement)).toBe(get('calendar'));
  });

  it('leaves the Esc pressed in the calendar to it, and on a typed date field to that field', () => {
    const get = page(true);
    expect(calendarTakingEscape(document, get('day'))).toBeNull();
    expect(calendarTakingEscape(document, get('calendar'))).toBeNull();
    expect(calendarTakingEscape(document, get('typed'))).toBeNull();
    expect(calendarTakingEscape(document, get('title'))).toBeNull();
    expect(calendarTakingEscape(document, window)).toBeNull();
    expect(calendarTakingEscape(document, null)).toBeNull();
  });

  it('takes no Esc when no calendar is open', () => {
    const get = page(false);
    expect(calendarTakingEscape(document, get('picker'))).toBeNull();
    expect(calendarTakingEscape(document, document.body)).toBeNull();
  });
});
