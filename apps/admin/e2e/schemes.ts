import { STORAGE_KEYS } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { type AxeOptions, COLOUR_RULES, seriousIssues } from './axe';
import { expect, test } from './fixtures';

/*
 * The two colour schemes (docs/decisions/040-dark-theme.md) as the browser tests switch them, and
 * axe on a screen in both: each screen state is measured once per scheme, at 1440 px, once its
 * data is on screen (docs/decisions/042-browser-suite.md).
 */

export type Scheme = 'light' | 'dark';
export const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';
export const html = (page: Page) => page.locator('html');

/** Mantine's body colour per scheme: white, and dark 7 (#242424). */
export const BODY = { light: 'rgb(255, 255, 255)', dark: 'rgb(36, 36, 36)' } as const;
export const bodyColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The width at which axe measures a screen: the widest, where every text shows whole. */
export const AXE_WIDTH = 1440;

/** The choice made in another tab of the browser: the open page follows it as it stands. */
export async function chooseInAnotherTab(page: Page, scheme: Scheme) {
  const other = await page.context().newPage();
  await other.goto('/api/health');
  await other.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORAGE_KEYS.colorScheme, scheme],
  );
  await other.close();
}

/**
 * The scheme switched under the open page, which keeps its state: by the system's setting (the
 * page follows it while no choice is stored, the default 'System'), else by a choice made in
 * another tab. The system's way costs the browser nothing; another tab is a page of its own, with
 * its own renderer and load.
 */
export async function switchScheme(page: Page, scheme: Scheme) {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.colorScheme);
  if (stored === 'light' || stored === 'dark') await chooseInAnotherTab(page, scheme);
  else await page.emulateMedia({ colorScheme: scheme });
}

/**
 * axe (colour contrast included) on the page as it stands, in the scheme it shows, then in the
 * other one (switchScheme): the page follows without a reload, so the screen keeps its state (an
 * open dialog, a menu, a selection) and is prepared once for both. In the second scheme
 * only the elements' colours have changed, so axe runs its colour rules there (COLOUR_RULES): the
 * others would read the same elements, names and roles again. The page stays in the second
 * scheme for the rest of the test, across its loads too: a flow through several states switches
 * once a state.
 */
export async function accessibleInBothSchemes(page: Page, what = '', options: AxeOptions = {}) {
  const first: Scheme = (await html(page).getAttribute(SCHEME_ATTRIBUTE)) === 'dark' ? 'dark' : 'light';
  const second: Scheme = first === 'dark' ? 'light' : 'dark';
  for (const scheme of [first, second]) {
    await test.step(`axe in ${scheme}`, async () => {
      if (scheme === second) await switchScheme(page, scheme);
      await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, scheme);
      await expect.poll(() => bodyColour(page)).toBe(BODY[scheme]);
      const rules = scheme === second ? { rules: COLOUR_RULES } : {};
      expect(await seriousIssues(page, { ...options, ...rules }), [what, scheme].filter(Boolean).join(', ')).toEqual(
        [],
      );
    });
  }
}
