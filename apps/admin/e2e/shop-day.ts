import { todayIn } from '@backroom/contract';
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/** Today in the shop's time zone (SHOP_TIMEZONE, UTC by default), as the server counts it. */
export const shopToday = () => todayIn(process.env.SHOP_TIMEZONE || 'UTC');

/**
 * The day a form's date field shows as its default "today", which a screen takes from its list's
 * answer: `dayBefore` (shopToday() taken before the screen was opened), or the next day when
 * midnight passed after that. Checks the field shows one of the two and answers which, so a test
 * running across midnight expects the day the server answered, and nothing else.
 */
export async function todayShown(
  field: Locator,
  dayBefore: string,
  show: (day: string) => string = (day) => day,
): Promise<string> {
  const days = [...new Set([dayBefore, shopToday()])];
  const text = async () => ((await field.textContent()) ?? '').trim();
  await expect
    .poll(async () => days.map(show).includes(await text()), {
      message: `the field shows ${days.map(show).join(' or ')}`,
    })
    .toBe(true);
  const shownText = await text();
  return days.find((day) => show(day) === shownText) as string;
}
