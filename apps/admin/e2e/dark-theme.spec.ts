import { MESSAGES, STORAGE_KEYS } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { addProductThroughApi } from './admin-api';
import { expect, signedOut, test } from './fixtures';
import {
  AXE_WIDTH,
  accessibleInBothSchemes,
  BODY,
  bodyColour,
  html,
  SCHEME_ATTRIBUTE,
  type Scheme,
  switchScheme,
} from './schemes';

/*
 * The dark theme (issue 14, docs/decisions/040-dark-theme.md): light, dark or the system's choice
 * from the account menu, remembered per browser and applied before the app runs; the login screen
 * and the toast of signing in legible in both schemes, and the dashboard chart's colours measured,
 * which axe does not check.
 *
 * Every screen state is checked by axe, colour contrast included, in light and then in dark, at
 * 1440 px once its data and its rows' actions are on it (a check before the rows load sees no row
 * action at all), where its widths are checked: responsive.spec.ts for the screens, each screen's
 * own spec for its dialogs and flows (schemes.ts, accessibleInBothSchemes). The few states no
 * width test opens are checked at the end of this file.
 */

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'System' })).toBeVisible();
}

const choice = (page: Page, name: 'Light' | 'Dark' | 'System') => page.getByRole('menuitemradio', { name });

/** WCAG's contrast ratio of two computed rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test.describe('choosing the theme', () => {
  test('the account menu switches between light and dark, and the choice outlasts a reload', async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    // No choice yet: the system's, which Playwright reports as light.
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    await openAccountMenu(page);
    await expect(choice(page, 'System')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menu').getByRole('group', { name: 'Theme' }).getByRole('menuitemradio')).toHaveText([
      'Light',
      'Dark',
      'System',
    ]);

    await choice(page, 'Dark').click();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await expect(choice(page, 'Dark')).toHaveAttribute('aria-checked', 'true');
    await expect(choice(page, 'System')).toHaveAttribute('aria-checked', 'false');
    expect(await bodyColour(page)).toBe(BODY.dark);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.colorScheme)).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await openAccountMenu(page);
    await expect(choice(page, 'Dark')).toHaveAttribute('aria-checked', 'true');

    await choice(page, 'Light').click();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    expect(await bodyColour(page)).toBe(BODY.light);
  });

  test('the keyboard alone opens the menu and chooses a theme', async ({ page, openApp }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    const dark = choice(page, 'Dark');
    await expect(dark).toBeVisible();
    // Down to Dark, past the links and the Theme label.
    for (let i = 0; i < 8 && !(await dark.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(dark).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await page.keyboard.press('Escape');
    await expect(dark).toBeHidden();
    await expect(page.getByRole('button', { name: 'Account' })).toBeFocused();
  });

  test("'System' follows the system's setting as it changes, and before the app has loaded", async ({
    page,
    openApp,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page);
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');

    // A fixed choice is kept whatever the system says; 'System' follows it again.
    await openAccountMenu(page);
    await choice(page, 'Light').click();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    await choice(page, 'System').click();
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
  });

  test('the choice is on the page before the app runs: no white flash on a dark load', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(([key]) => localStorage.setItem(key as string, 'dark'), [STORAGE_KEYS.colorScheme]);
    // The app's own scripts never run: what shows is index.html, its stylesheet and color-scheme.js.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/orders');
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await expect(page.locator('#root')).toBeEmpty();
    expect(await bodyColour(page)).toBe(BODY.dark);
  });

  test('another tab of the same browser follows a change', async ({ page, openApp }) => {
    await openApp(page);
    const other = await page.context().newPage();
    await other.goto('/users');
    await expect(other.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await openAccountMenu(page);
    await choice(page, 'Dark').click();
    await expect(html(other)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await other.close();
  });
});

/** The dashboard chart's colours against its panel's, in the scheme the page shows. */
async function chartStandsOut(page: Page, scheme: Scheme) {
  const chart = page.getByRole('img', { name: 'Orders and Revenue, Last 12 Months' });
  await expect(chart.locator('rect')).toHaveCount(12);
  const colours = await chart.evaluate((svg) => {
    let panel = svg.parentElement;
    while (panel && getComputedStyle(panel).backgroundColor === 'rgba(0, 0, 0, 0)') panel = panel.parentElement;
    const style = (selector: string) => {
      const el = svg.querySelector(selector);
      return el ? getComputedStyle(el) : null;
    };
    return {
      panel: panel ? getComputedStyle(panel).backgroundColor : '',
      bar: style('rect')?.fill ?? '',
      line: style('polyline')?.stroke ?? '',
      label: style('text')?.fill ?? '',
    };
  });
  // Graphics need 3:1 against what surrounds them, text 4.5:1 (WCAG 1.4.11, 1.4.3).
  const where = `in ${scheme}`;
  expect(
    contrast(colours.bar, colours.panel),
    `${where}: bars ${colours.bar} on ${colours.panel}`,
  ).toBeGreaterThanOrEqual(3);
  expect(
    contrast(colours.line, colours.panel),
    `${where}: line ${colours.line} on ${colours.panel}`,
  ).toBeGreaterThanOrEqual(3);
  expect(
    contrast(colours.label, colours.panel),
    `${where}: labels ${colours.label} on ${colours.panel}`,
  ).toBeGreaterThanOrEqual(4.5);
  expect(colours.panel, where).toBe(BODY[scheme]);
}

/*
 * One page for both schemes: the page follows the system's setting while no choice is stored, so
 * the second scheme is the same page, switched (schemes.ts); how a stored choice applies is tested
 * above.
 */
test.describe('in light, then in dark', () => {
  test.use({ viewport: { width: AXE_WIDTH, height: 900 } });

  test.describe('signing in', () => {
    test.use({ storageState: signedOut });

    test('axe finds no serious issue on the login screen, nor on the toast of signing in, in light and in dark', async ({
      page,
      adminCredentials,
    }) => {
      // The page's clock is the test's: the toast closes itself after 4 s of it, so it stays up
      // while axe looks, however busy the machine is.
      await page.clock.install();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
      await accessibleInBothSchemes(page, 'Login');
      await page.getByLabel('Email').fill(adminCredentials.email);
      await page.getByLabel('Password', { exact: true }).fill(adminCredentials.password);
      await page.clock.pauseAt(Date.now() + 1000);
      await page.getByRole('button', { name: 'Login' }).click();
      // The page's time moves on only as the test says, a tenth of a second at a time.
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: MESSAGES.loggedIn });
      await expect
        .poll(async () => {
          await page.clock.runFor(100);
          return toast.isVisible();
        })
        .toBe(true);
      // Its entrance has ended, with three of its four seconds left: the pointer rests on it, which
      // holds it up (Mantine's own pause), and the page's time runs again for axe.
      await page.clock.runFor(500);
      const box = await toast.boundingBox();
      expect(box).not.toBeNull();
      if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.clock.resume();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
      await expect(toast).toBeVisible();
      await accessibleInBothSchemes(page, 'Dashboard with a toast');
      await expect(toast).toBeVisible();
    });
  });

  test("the dashboard chart's bars, line and labels stand out from its panel, in light and in dark", async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
    await chartStandsOut(page, 'light');
    await switchScheme(page, 'dark');
    await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'dark');
    await chartStandsOut(page, 'dark');
  });
});

interface Screen {
  name: string;
  path: string;
  title: string;
  /** Brings the screen to the state to check once its heading shows. */
  ready: (page: Page) => Promise<void>;
}

/** The states no width test opens. */
const SCREENS: Screen[] = [
  {
    // campaigns.spec.ts checks its widths.
    name: 'Sent e-mails',
    path: '/sent-emails',
    title: 'Sent e-mails',
    ready: (page) => expect(page.getByRole('button', { name: /^View / }).first()).toBeVisible(),
  },
  {
    name: 'Discounts, Create New Discount open',
    path: '/discounts',
    title: 'Discount Codes',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: /^Copy code / }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Add New Discount' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New Discount' }).getByLabel('Title')).toBeVisible();
    },
  },
  {
    // command-palette.spec.ts checks its widths with screens found; here products are found.
    name: 'Dashboard, command palette open with products found',
    path: '/',
    title: 'Dashboard Overview',
    ready: async (page) => {
      const name = `Dark theme figure ${Date.now().toString(36)}`;
      await addProductThroughApi(page, name);
      await page.keyboard.press('Control+K');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette.getByRole('combobox')).toBeFocused();
      await page.keyboard.type(name);
      await expect(palette.getByRole('option', { name: new RegExp(name) }).first()).toBeVisible();
    },
  },
];

test.describe('the screens no width test opens, in light, then in dark', () => {
  // One test a screen, shared out to the workers.
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: { width: AXE_WIDTH, height: 900 } });

  for (const screen of SCREENS) {
    test(`axe finds no serious issue, colour contrast included, on ${screen.name}, in light and in dark`, async ({
      page,
    }) => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
      await screen.ready(page);
      await accessibleInBothSchemes(page);
    });
  }
});
