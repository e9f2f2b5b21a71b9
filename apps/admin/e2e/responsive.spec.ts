import {
  API_PATHS,
  bundlePath,
  bundleResponseSchema,
  NARROW_WIDTH_PX,
  TOKEN_HEADER,
  todayIn,
} from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { addProductThroughApi, adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes, html, SCHEME_ATTRIBUTE, switchScheme } from './schemes';

/*
 * Every screen at a phone, a tablet and a desktop width (issue 9): the page never scrolls
 * sideways, the screen's actions are on screen without scrolling sideways (not clipped by a
 * scroll container either), labels are not cut off. Once its data is on screen at 1440 px, axe
 * finds nothing serious, colour contrast included, in light and then in dark (issue 14), and
 * again at the narrower width where a screen shows what 1440 px does not (cards for a table, a
 * line under a name, a sideways scroll).
 *
 * A new screen is one entry in SCREENS: its name, how to open it, and the actions it must show
 * (docs/decisions/022-screen-widths.md, 042-browser-suite.md).
 */

const WIDTHS = [375, 768, AXE_WIDTH] as const;

/** The width below which the Product List offers no list/grid toggle, only the grid (spec 1 section 2.5). */
const LIST_TOGGLE_FROM = 576;

interface ScreenCheck {
  name: string;
  /**
   * Opens the screen in the state to check, at the first width; answers the part of the page to
   * check (default: main). The other widths resize the window on that state.
   */
  open: (page: Page, width: number) => Promise<Locator | undefined>;
  /** At each width, once the window has it: waits for what that width shows (default: nothing). */
  at?: (page: Page, width: number) => Promise<void>;
  /** Actions that must be visible and on screen, as locators inside the checked part. */
  actions: (scope: Locator) => Locator[];
  /** Labels that must show whole: not cut off, not wrapped onto a second line. */
  labels?: (scope: Locator) => Locator;
  /** Widths the state exists at (default: all of them). */
  widths?: (width: number) => boolean;
  /**
   * A narrower width that shows what 1440 px does not (its own layout of the data): axe runs there
   * too, in light, as it runs at 1440 px in both schemes.
   */
  narrow?: { width: 375 | 768; shows: string };
  /**
   * The screen whose page this state is opened on, once that screen has been checked at every
   * width: the window back at the narrowest width, in light, and `open` goes on from there (a
   * click) instead of loading the screen again. Both states are checked in one test.
   */
  after?: string;
}

const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();

async function goto(page: Page, path: string, title: string) {
  await page.goto(path);
  await heading(page, title);
  return undefined;
}

/** The Product List with its products shown, in the view asked for (the toggle exists from 576 px). */
async function productList(page: Page, view: 'list' | 'grid', width: number) {
  await goto(page, '/list', 'Product List');
  const toggle = page.getByRole('button', { name: view === 'list' ? 'List view' : 'Grid view' });
  if (width >= LIST_TOGGLE_FROM) await toggle.click();
  else await expect(toggle).toBeHidden();
  await productsShown(page, view);
  return undefined;
}

/** The Product List's products, shown in that view. */
const productsShown = (page: Page, view: 'list' | 'grid') =>
  expect(
    (view === 'list' ? page.getByRole('table').locator('tbody tr') : page.getByRole('listitem')).first(),
  ).toBeVisible();

/** Every control shown in the scope: each must be reachable too. */
const controls = (scope: Locator) =>
  scope.locator('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=combobox]');

const SCREENS: ScreenCheck[] = [
  {
    name: 'Dashboard',
    open: async (page) => {
      await goto(page, '/', 'Dashboard Overview');
      await expect(page.getByRole('img', { name: 'Orders and Revenue, Last 12 Months' })).toBeVisible();
      // Drawn after the chart: the checks below need it on the page.
      await expect(page.getByRole('table', { name: 'Recent Orders' })).toBeVisible();
      return undefined;
    },
    narrow: { width: 375, shows: 'Recent Orders in a sideways scroll area, which must take the focus' },
    actions: (s) => [
      s.getByRole('link', { name: 'Add Product' }).first(),
      s.getByRole('link', { name: 'View Orders' }),
      s.getByRole('link', { name: 'View All' }),
    ],
  },
  {
    name: 'Product List, list view',
    open: (page, width) => productList(page, 'list', width),
    at: (page) => productsShown(page, 'list'),
    actions: (s) => [
      s.getByRole('button', { name: /^Modify / }),
      s.getByRole('button', { name: /^Delete / }),
      s.getByRole('button', { name: /^View images/ }),
      s.getByRole('link', { name: 'Add New Product' }),
    ],
    // Narrower than this the toggle is hidden and the list shows as the grid (spec 1 section 2.5).
    widths: (width) => width >= LIST_TOGGLE_FROM,
    narrow: { width: 768, shows: "each product's category path under its name" },
  },
  {
    name: 'Product List, grid view',
    open: (page, width) => productList(page, 'grid', width),
    at: (page) => productsShown(page, 'grid'),
    actions: (s) => [
      s.getByRole('button', { name: /^Modify / }),
      s.getByRole('button', { name: /^Delete / }),
      s.getByRole('link', { name: 'Add New Product' }),
    ],
  },
  {
    name: 'Add Product',
    open: async (page) => {
      await goto(page, '/add', 'Add New Product');
      // The category choices come from the server.
      await expect(page.getByLabel('Main Category')).toBeEnabled();
      return undefined;
    },
    actions: (s) => [
      s.getByRole('button', { name: 'Add Product', exact: true }),
      s.getByRole('button', { name: 'Show Color Selection' }),
      s.getByRole('button', { name: 'Upload image 1', exact: true }),
    ],
    labels: (s) => s.locator('label'),
  },
  {
    name: 'Modify modal',
    after: 'Product List, grid view',
    open: async (page) => {
      await productsShown(page, 'grid');
      await page
        .getByRole('button', { name: /^Modify / })
        .first()
        .click();
      const modal = page.getByRole('dialog', { name: 'Modify Product' });
      await expect(modal.getByRole('button', { name: 'Save Changes' })).toBeVisible();
      return modal;
    },
    actions: (s) => [
      s.getByRole('button', { name: 'Save Changes' }),
      s.getByRole('button', { name: 'Cancel' }),
      s.getByRole('button', { name: 'Close dialog' }),
      s.getByLabel('Discount (%)'),
      s.getByLabel('Quick Select'),
    ],
    labels: (s) => s.locator('label'),
  },
  {
    name: 'Categories',
    open: async (page) => {
      await goto(page, '/categories', 'Categories');
      await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('table', { name: 'Variant options' }).getByRole('row').nth(1)).toBeVisible();
      return undefined;
    },
    narrow: { width: 375, shows: "each category's sub-categories as dimmed lines under its name" },
    actions: (s) => [
      s.getByRole('button', { name: 'Add Category' }),
      s.getByRole('button', { name: /^View / }),
      s.getByRole('button', { name: /^Edit (?!option )/ }),
      s.getByRole('button', { name: /^Delete (?!option )/ }),
      s.getByRole('button', { name: 'Add Option' }),
      s.getByRole('button', { name: /^Edit option / }),
      s.getByRole('button', { name: /^Delete option / }),
    ],
  },
  {
    name: 'Orders, with details open',
    open: async (page) => {
      await goto(page, '/orders', 'Orders');
      const card = page.getByRole('region', { name: 'Orders' }).getByRole('article').first();
      await card.getByRole('button', { name: 'Order Details' }).click();
      await expect(card.getByRole('button', { name: 'Hide Details' })).toBeVisible();
      return undefined;
    },
    actions: (s) => {
      const card = s.getByRole('region', { name: 'Orders' }).getByRole('article').first();
      return [
        card.getByRole('combobox', { name: /^Status of order / }),
        card.getByRole('button', { name: 'Hide Details' }),
        card.getByRole('button', { name: /^Delete order / }),
        card.getByRole('button', { name: /^Edit tracking number / }),
      ];
    },
  },
  {
    name: 'Sidebar and account menu',
    // On a screen of its own (Users) so that only the shell is checked here.
    after: 'Users',
    open: async (page, width) => {
      await heading(page, 'Users');
      // Collapsed at first in a narrow window (spec 1 section 2.2): expanded, it must fit too.
      if (width < NARROW_WIDTH_PX) await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(page.getByRole('button', { name: 'Reorder Sidebar' })).toBeVisible();
      await page.getByRole('button', { name: 'Account' }).click();
      await expect(page.getByRole('menuitem', { name: 'Admin Management' })).toBeVisible();
      return page.locator('body');
    },
    narrow: { width: 375, shows: 'the sidebar expanded over the screen' },
    actions: (s) => [
      s.getByRole('navigation', { name: 'Sidebar' }).getByRole('link'),
      s.getByRole('button', { name: 'Collapse sidebar' }),
      s.getByRole('button', { name: 'Reorder Sidebar' }),
      s.getByRole('menuitem', { name: 'Admin Management' }),
      s.getByRole('button', { name: 'Logout' }),
      s.getByRole('button', { name: /^Notifications/ }),
    ],
  },
  {
    name: 'Users',
    open: async (page) => {
      await goto(page, '/users', 'Users');
      // Each row action shows its word, not a blank pill or an icon alone (issue 20).
      for (const [name, text] of [
        [/^History of /, 'History'],
        [/^Contact /, 'Contact'],
        [/^Wishlist of /, 'Wishlist'],
        [/^Delete /, 'Delete'],
      ] as const) {
        await expect(page.getByRole('button', { name }).first()).toHaveText(text);
      }
      return undefined;
    },
    narrow: { width: 375, shows: 'the users as cards, with the join date under the name' },
    actions: (s) => [
      s.getByRole('button', { name: 'Export CSV' }),
      s.getByRole('textbox', { name: 'Search users' }),
      s.getByRole('combobox', { name: 'Filter by role' }),
      s.getByRole('combobox', { name: /^Role of / }),
      s.getByRole('button', { name: /^History of / }),
      s.getByRole('button', { name: /^Contact / }),
      s.getByRole('button', { name: /^Wishlist of / }),
      s.getByRole('button', { name: /^Delete / }),
    ],
  },
  {
    name: 'Admin Management',
    open: async (page) => {
      await goto(page, '/admin-management', 'Admin Management');
      await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'Vaulted' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'User Notifications' })).toBeVisible();
      return undefined;
    },
    narrow: { width: 375, shows: 'the admins as cards, and the latest e-mails in a sideways scroll area' },
    actions: (s) => [
      s.getByRole('button', { name: 'Add New Admin' }),
      s.getByRole('button', { name: /^Edit / }),
      s.getByRole('button', { name: /^Remove admin / }),
      s.getByRole('region', { name: 'Visibility Settings' }).getByRole('checkbox'),
    ],
  },
  {
    name: 'Admin Management, Add New Admin open',
    after: 'Admin Management',
    open: async (page) => {
      await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Add New Admin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Admin' });
      await expect(dialog.getByRole('button', { name: 'Create Admin' })).toBeVisible();
      return dialog;
    },
    actions: (s) => [
      s.getByLabel('First Name'),
      s.getByRole('button', { name: 'Create Admin' }),
      s.getByRole('button', { name: 'Cancel' }),
      s.getByRole('button', { name: 'Close' }),
    ],
    labels: (s) => s.locator('label'),
  },
  {
    name: 'Discounts',
    open: async (page) => {
      await goto(page, '/discounts', 'Discount Codes');
      return undefined;
    },
    at: async (page, width) => {
      // A table from 1200 px (lg), cards below.
      const table = page.getByRole('table', { name: 'Discount codes' });
      const cards = page.getByRole('list', { name: 'Discount codes' });
      await expect(width >= 1200 ? table : cards).toBeVisible();
      await expect(width >= 1200 ? cards : table).toBeHidden();
      await expect(page.getByRole('button', { name: /^Copy code / }).first()).toBeVisible();
    },
    narrow: { width: 375, shows: 'the codes as cards' },
    actions: (s) => [
      s.getByRole('button', { name: 'Add New Discount' }),
      s.getByRole('combobox', { name: 'Filter by status' }),
      s.getByRole('button', { name: /^Copy code / }),
      s.getByRole('button', { name: /^View details of / }),
      s.getByRole('button', { name: /^Edit / }),
      s.getByRole('button', { name: /^Delete / }),
    ],
  },
  {
    name: 'Bundle Sale',
    open: async (page) => {
      await goto(page, '/bundle-sale', 'Bundle Sales');
      return undefined;
    },
    at: async (page, width) => {
      const table = page.getByRole('table', { name: 'Bundles' });
      // The cancelled one made for this file, its cells greyed.
      await expect(table.getByRole('row', { name: /Screen check cancelled/ })).toBeVisible();
      // Start and End Date from 992 px (md), Products and Purchased from 576 px (xs) (spec 2 section 2).
      await expect(table.getByRole('columnheader', { name: 'Start Date' })).toBeVisible({ visible: width >= 992 });
      await expect(table.getByRole('columnheader', { name: 'End Date' })).toBeVisible({ visible: width >= 992 });
      await expect(table.getByRole('columnheader', { name: 'Purchased' })).toBeVisible({ visible: width >= 576 });
      await expect(table.getByRole('columnheader', { name: 'Products' })).toBeVisible({ visible: width >= 576 });
    },
    actions: (s) => [
      s.getByRole('button', { name: 'Create New Bundle' }),
      s.getByRole('button', { name: /^View / }),
      s.getByRole('button', { name: /^Modify / }),
      s.getByRole('button', { name: /^(Cancel|Undo Cancel) / }),
      s.getByRole('button', { name: /^Delete / }),
    ],
  },
  {
    name: 'Messages, the list',
    open: async (page) => {
      await goto(page, '/messages', 'Messages');
      // The demo shop's conversations.
      await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('button').first()).toBeVisible();
      return undefined;
    },
    narrow: { width: 375, shows: 'the conversations alone, the width of the window' },
    actions: (s) => [
      s.getByRole('searchbox', { name: 'Search conversations' }),
      s.getByRole('list', { name: 'Conversations' }).getByRole('button'),
    ],
  },
  {
    name: 'Messages, a conversation open',
    after: 'Messages, the list',
    open: async (page) => {
      await page.getByRole('list', { name: 'Conversations' }).getByRole('button').first().click();
      await expect(page.getByRole('log').getByRole('listitem').first()).toBeVisible();
      return undefined;
    },
    at: async (page, width) => {
      await expect(page.getByRole('log').getByRole('listitem').first()).toBeVisible();
      // Beside the list from about 1000 px; under that, alone with Back (the room left by the sidebar decides).
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible({ visible: width < 1000 });
      await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible({ visible: width >= 1000 });
    },
    narrow: { width: 375, shows: 'the conversation alone, with Back' },
    actions: (s) => [
      s.getByRole('button', { name: 'Delete conversation' }),
      s.getByRole('textbox', { name: 'Message' }),
      s.getByRole('button', { name: 'Send' }),
    ],
  },
];

/**
 * Elements that are not wholly inside the window's width, or are cut off by an ancestor that
 * clips or scrolls sideways (so reaching them would need a sideways scroll): answers one line each.
 */
function offScreen(elements: Element[], { mustShow }: { mustShow: boolean }): string[] {
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}"`;
  const problems: string[] = [];
  for (const el of elements) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) {
      // A screen's named actions must show; other controls may be left out at a width (a file
      // input behind its button, a toggle the spec hides on small screens).
      if (mustShow) problems.push(`${name(el)} is not shown`);
      continue;
    }
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) {
      problems.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth}`);
      continue;
    }
    for (let up = el.parentElement; up; up = up.parentElement) {
      const overflowX = getComputedStyle(up).overflowX;
      if (overflowX === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
        problems.push(`${name(el)} is cut off by a ${overflowX} ${up.tagName.toLowerCase()}.${up.className}`);
        break;
      }
    }
  }
  return problems;
}

/** Labels whose text is cut off (wider than their box) or squeezed onto more than one line. */
function truncated(labels: Element[]): string[] {
  const problems: string[] = [];
  for (const label of labels) {
    if (label.getBoundingClientRect().width === 0) continue;
    const text = `"${label.textContent?.trim()}"`;
    if (label.scrollWidth > label.clientWidth) {
      problems.push(`${text} needs ${label.scrollWidth} px, has ${label.clientWidth}`);
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(label);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight) || 16;
    if (Math.max(...tops) - Math.min(...tops) > lineHeight / 2) problems.push(`${text} wraps onto a second line`);
  }
  return problems;
}

/**
 * A discount code, a bundle and a cancelled bundle (its cells greyed), so their screens show rows
 * with their badges: the demo shop may have none, or fewer than the other files have made since.
 */
async function seedDiscountAndBundles(page: Page) {
  const headers = { [TOKEN_HEADER]: await adminToken(page) };
  const today = todayIn(process.env.SHOP_TIMEZONE || 'UTC');
  const discount = await page.request.post(API_PATHS.discountCreate, {
    headers,
    data: { description: 'Screen check', percentage: 10, startDate: today, endDate: today },
  });
  expect(discount.ok(), await discount.text()).toBe(true);
  const product = await addProductThroughApi(page, `Screen check figure ${Date.now().toString(36)}`);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  for (const title of ['Screen check', 'Screen check cancelled']) {
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

// One test a screen, shared out to the workers; each worker's server gets the rows once.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ browser, server, adminState }) => {
  const context = await browser.newContext({ baseURL: server.url, storageState: adminState });
  const page = await context.newPage();
  // Any page of the app's origin gives the stored token.
  await page.goto('/api/health');
  await seedDiscountAndBundles(page);
  await context.close();
});

const widthsOf = (screen: ScreenCheck) => WIDTHS.filter((width) => screen.widths?.(width) ?? true);

/** A screen at each of its widths, on the page as it stands (opened at the first width). */
async function checkAtEachWidth(page: Page, screen: ScreenCheck) {
  let scope: Locator | undefined;
  for (const width of widthsOf(screen)) {
    await test.step(`${screen.name}, ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      // Opened once, at the narrowest width, as a window of that width first shows it; the wider
      // ones resize the window on the same state, which the page lays out again (the sidebar
      // follows resizes: shell.spec.ts).
      scope ??= (await screen.open(page, width)) ?? page.locator('main');
      await screen.at?.(page, width);

      const overflow = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
        innerWidth: window.innerWidth,
      }));
      expect(overflow.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(overflow.innerWidth);

      for (const action of screen.actions(scope)) {
        await expect(action.first()).toBeVisible();
        expect(await action.evaluateAll(offScreen, { mustShow: true })).toEqual([]);
      }
      expect(await controls(scope).evaluateAll(offScreen, { mustShow: false })).toEqual([]);
      if (screen.labels) expect(await screen.labels(scope).evaluateAll(truncated)).toEqual([]);

      if (width === screen.narrow?.width) expect(await seriousIssues(page), screen.narrow.shows).toEqual([]);
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page);
    });
  }
}

for (const screen of SCREENS.filter((s) => !s.after)) {
  // The screen, then the states opened on its page (a dialog, a menu): one load for them all.
  const chain = [screen, ...SCREENS.filter((s) => s.after === screen.name)];
  const title = chain.map((s) => `${s.name} fits at ${widthsOf(s).join(', ')} px`).join('; then ');
  test(`${title}, with its actions on screen; axe in light and dark`, async ({ page }) => {
    for (const [index, state] of chain.entries()) {
      if (index > 0) {
        // Back to the narrowest width, in light (accessibleInBothSchemes left the page in dark), as
        // a fresh load of this state would be.
        await page.setViewportSize({ width: widthsOf(state)[0] as number, height: 900 });
        await switchScheme(page, 'light');
        await expect(html(page)).toHaveAttribute(SCHEME_ATTRIBUTE, 'light');
      }
      await checkAtEachWidth(page, state);
    }
  });
}
