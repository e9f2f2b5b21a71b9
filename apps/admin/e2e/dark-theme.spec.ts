import {
  API_PATHS,
  bundlePath,
  bundleResponseSchema,
  MESSAGES,
  STORAGE_KEYS,
  TOKEN_HEADER,
  todayIn,
} from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { addProductThroughApi, adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, signedOut, test } from './fixtures';

/*
 * The dark theme (issue 14, docs/decisions/040-dark-theme.md): light, dark or the system's choice
 * from the account menu, remembered per browser and applied before the app runs; and every screen
 * legible in both schemes: axe's colour contrast (with everything else axe finds serious) on each,
 * with a toast, a dialog and the account menu open on some, and the dashboard chart's colours
 * measured, which axe does not check. Each screen is checked at 1440 px once its data and its rows'
 * actions are on it: a check before the rows load sees no row action at all.
 */

type Scheme = 'light' | 'dark';
const html = (page: Page) => page.locator('html');
const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

/** Mantine's body colour per scheme: white, and dark 7 (#242424). */
const BODY = { light: 'rgb(255, 255, 255)', dark: 'rgb(36, 36, 36)' } as const;
const bodyColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

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

interface Screen {
  name: string;
  path: string;
  title: string;
  /** Brings the screen to the state to check once its heading shows. */
  ready?: (page: Page) => Promise<void>;
}

const firstVisible = (locator: Locator) => expect(locator.first()).toBeVisible();

const SCREENS: Screen[] = [
  {
    name: 'Dashboard',
    path: '/',
    title: 'Dashboard Overview',
    ready: (page) => firstVisible(page.getByRole('img', { name: 'Orders and Revenue, Last 12 Months' })),
  },
  {
    name: 'Product List',
    path: '/list',
    title: 'Product List',
    ready: (page) => firstVisible(page.getByRole('button', { name: /^Modify / })),
  },
  {
    name: 'Product List, Modify Product open',
    path: '/list',
    title: 'Product List',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^Modify / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Modify Product' }).getByLabel('Discount (%)')).toBeVisible();
    },
  },
  {
    name: 'Add Product',
    path: '/add',
    title: 'Add New Product',
    // The category choices come from the server.
    ready: (page) => expect(page.getByLabel('Main Category')).toBeEnabled(),
  },
  {
    name: 'Categories',
    path: '/categories',
    title: 'Categories',
    ready: (page) => expect(page.getByRole('table', { name: 'Categories' }).getByRole('row').nth(1)).toBeVisible(),
  },
  {
    name: 'Orders, with details open',
    path: '/orders',
    title: 'Orders',
    ready: async (page) => {
      const card = page.getByRole('region', { name: 'Orders' }).getByRole('article').first();
      await card.getByRole('button', { name: 'Order Details' }).click();
      await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
    },
  },
  {
    name: 'Users',
    path: '/users',
    title: 'Users',
    ready: (page) => firstVisible(page.getByRole('button', { name: /^History of / })),
  },
  {
    name: 'Users, Order History open',
    path: '/users',
    title: 'Users',
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^History of / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Order History: / })).toBeVisible();
    },
  },
  {
    name: 'Users, with the account menu open',
    path: '/users',
    title: 'Users',
    ready: openAccountMenu,
  },
  {
    name: 'Admin Management',
    path: '/admin-management',
    title: 'Admin Management',
    ready: async (page) => {
      await firstVisible(page.getByRole('button', { name: /^Edit / }));
      await expect(page.getByRole('region', { name: 'User Notifications' })).toBeVisible();
    },
  },
  {
    name: 'Sent e-mails',
    path: '/sent-emails',
    title: 'Sent e-mails',
    ready: (page) => firstVisible(page.getByRole('button', { name: /^View / })),
  },
  {
    name: 'Discounts',
    path: '/discounts',
    title: 'Discount Codes',
    ready: (page) => firstVisible(page.getByRole('button', { name: /^Copy code / })),
  },
  {
    name: 'Discounts, Create New Discount open',
    path: '/discounts',
    title: 'Discount Codes',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Add New Discount' }).click();
      await expect(page.getByRole('dialog', { name: 'Create New Discount' }).getByLabel('Title')).toBeVisible();
    },
  },
  {
    name: 'Bundle Sale',
    path: '/bundle-sale',
    title: 'Bundle Sales',
    ready: (page) =>
      firstVisible(page.getByRole('table', { name: 'Bundles' }).getByRole('row', { name: /Dark theme cancelled/ })),
  },
  {
    name: 'Messages, a conversation open',
    path: '/messages',
    title: 'Messages',
    ready: async (page) => {
      await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
      await firstVisible(page.getByRole('log').getByRole('listitem'));
    },
  },
  {
    name: 'Activity',
    path: '/activity',
    title: 'Activity',
    ready: (page) => firstVisible(page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem')),
  },
  {
    name: 'Two-factor sign-in',
    path: '/two-factor',
    title: 'Two-factor sign-in',
    ready: (page) => expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible(),
  },
  {
    name: 'Dashboard, command palette open with results',
    path: '/',
    title: 'Dashboard Overview',
    ready: async (page) => {
      await page.keyboard.press('Control+K');
      const palette = page.getByRole('dialog', { name: 'Command palette' });
      await expect(palette.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('Dark theme');
      await expect(palette.getByRole('option', { name: /Dark theme figure/ }).first()).toBeVisible();
    },
  },
];

/**
 * A discount code, a bundle and a cancelled bundle (its cells greyed), so their screens show rows
 * with their badges: the demo shop may have none.
 */
async function seedDiscountAndBundles(page: Page) {
  const headers = { [TOKEN_HEADER]: await adminToken(page) };
  const today = todayIn(process.env.SHOP_TIMEZONE || 'UTC');
  const discount = await page.request.post(API_PATHS.discountCreate, {
    headers,
    data: { description: 'Dark theme check', percentage: 10, startDate: today, endDate: today },
  });
  expect(discount.ok(), await discount.text()).toBe(true);
  const product = await addProductThroughApi(page, `Dark theme figure ${Date.now().toString(36)}`);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  for (const title of ['Dark theme check', 'Dark theme cancelled']) {
    const created = await page.request.post(API_PATHS.bundleCreate, {
      headers,
      multipart: {
        title,
        price: '10',
        startDate: today,
        endDate: today,
        products: JSON.stringify([product._id]),
        images: { name: 'check.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    if (title.endsWith('cancelled')) {
      const { bundle } = bundleResponseSchema.parse(await created.json());
      const cancelled = await page.request.post(bundlePath(API_PATHS.bundleCancel, bundle._id), { headers });
      expect(cancelled.ok(), await cancelled.text()).toBe(true);
    }
  }
}

for (const scheme of ['dark', 'light'] as const satisfies readonly Scheme[]) {
  test.describe(`in ${scheme}`, () => {
    test.describe.configure({ mode: 'parallel' });
    test.use({ viewport: { width: 1440, height: 900 } });

    test.beforeEach(async ({ page }) => {
      // The choice, as the account menu stores it, before any of the app's scripts run.
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [STORAGE_KEYS.colorScheme, scheme],
      );
    });

    test.describe('signing in', () => {
      test.use({ storageState: signedOut });

      test(`axe finds no serious issue on the login screen, nor on the toast of signing in, in ${scheme}`, async ({
        page,
        adminCredentials,
      }) => {
        // The page's clock is the test's: the toast closes itself after 4 s of it, so it stays up
        // while axe looks, however busy the machine is.
        await page.clock.install();
        await page.goto('/login');
        await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
        await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, scheme);
        expect.soft(await seriousIssues(page), 'Login').toEqual([]);
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
        expect(await seriousIssues(page), 'Dashboard with a toast').toEqual([]);
        await expect(toast).toBeVisible();
      });
    });

    test(`the dashboard chart's bars, line and labels stand out from its panel in ${scheme}`, async ({
      page,
      openApp,
    }) => {
      await openApp(page);
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
      expect(contrast(colours.bar, colours.panel), `bars ${colours.bar} on ${colours.panel}`).toBeGreaterThanOrEqual(3);
      expect(contrast(colours.line, colours.panel), `line ${colours.line} on ${colours.panel}`).toBeGreaterThanOrEqual(
        3,
      );
      expect(
        contrast(colours.label, colours.panel),
        `labels ${colours.label} on ${colours.panel}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(colours.panel).toBe(BODY[scheme]);
    });
  });
}

/** The choice made in another tab of the browser: the open page follows it as it stands. */
async function chooseInAnotherTab(page: Page, scheme: Scheme) {
  const other = await page.context().newPage();
  await other.goto('/api/health');
  await other.evaluate(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [STORAGE_KEYS.colorScheme, scheme],
  );
  await other.close();
}

test.describe('every screen in light, then in dark', () => {
  // One test a screen, shared out to the workers.
  test.describe.configure({ mode: 'parallel' });
  // The widest of the screens' widths (the narrower ones are checked in each screen's own spec).
  test.use({ viewport: { width: 1440, height: 900 } });

  test.beforeAll(async ({ browser, server, adminState }) => {
    const context = await browser.newContext({ baseURL: server.url, storageState: adminState });
    const page = await context.newPage();
    // Any page of the app's origin gives the stored token.
    await page.goto('/api/health');
    await seedDiscountAndBundles(page);
    await context.close();
  });

  for (const screen of SCREENS) {
    test(`axe finds no serious issue, colour contrast included, on ${screen.name}, in light and in dark`, async ({
      page,
    }) => {
      // Light as the account menu stores it, before the app runs; dark chosen in another tab
      // once the screen is in its state, which the page follows without a reload: one load and
      // one preparation of the screen for both schemes.
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [STORAGE_KEYS.colorScheme, 'light'],
      );
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
      await screen.ready?.(page);
      for (const scheme of ['light', 'dark'] as const satisfies readonly Scheme[]) {
        await test.step(scheme, async () => {
          if (scheme === 'dark') await chooseInAnotherTab(page, scheme);
          await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, scheme);
          await expect.poll(() => bodyColour(page)).toBe(BODY[scheme]);
          expect(await seriousIssues(page)).toEqual([]);
        });
      }
    });
  }
});
