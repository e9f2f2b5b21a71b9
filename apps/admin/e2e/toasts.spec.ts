import {
  API_PATHS,
  BUNDLE_SCREEN_TEXT,
  DISCOUNT_SCREEN_TEXT,
  MESSAGES,
  newObjectId,
  type Product,
  TOAST_AUTO_CLOSE_MS,
  TOKEN_HEADER,
} from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import { adminToken } from './admin-api';
import { expect, test } from './fixtures';

/*
 * Toasts (spec 1 section 8, issue 21; docs/decisions/048-toast-placement.md): top-right, below the
 * top bar, clear of each screen's header-row buttons and filter bar and of an open dialog's close
 * button and its Save, at a desktop, a tablet and a phone width; closing by themselves after 5 s
 * (by the page's clock); one at a time on a phone; the same message twice shows once.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 768, height: 1024 },
  { width: 375, height: 667 },
] as const;

const ONLY_IMAGES = 'Only image files can be uploaded';
const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') };

const toasts = (page: Page) => page.locator('.mantine-Notification-root');
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name, exact: true });

/** A toast that says `message`, up and held: Mantine holds every toast's closing while the pointer rests on one. */
async function heldToast(page: Page, message: string): Promise<Locator> {
  const toast = toasts(page).filter({ hasText: message });
  await expect(toast).toBeVisible();
  // hover() waits for the toast to stand still: its entrance has ended.
  await toast.hover();
  return toast;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const show = (b: Box) =>
  `x ${Math.round(b.x)}-${Math.round(b.x + b.width)}, y ${Math.round(b.y)}-${Math.round(b.y + b.height)}`;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has a box`).not.toBeNull();
  return box as Box;
}

/**
 * The window takes `size` with the toast held: the toast moves with the window's edge, out from
 * under the pointer, and a toast the pointer has left closes 5 s later. The pointer follows it at
 * once (one read of its box, no waiting), then hover() waits for it to stand still.
 */
async function resizeHoldingToast(page: Page, toast: Locator, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const box = await toast.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await toast.hover();
}

/** The toast lies top-right: its middle in the window's top-right quarter, its right edge by the window's, below the top bar. */
async function expectTopRight(page: Page, toast: Locator) {
  const { width, height } = page.viewportSize() as { width: number; height: number };
  const box = await boxOf(toast);
  const topBar = await boxOf(page.getByRole('banner'));
  const where = `toast at ${show(box)} in ${width}x${height}`;
  expect(box.y, `${where}: below the top bar (${show(topBar)})`).toBeGreaterThanOrEqual(topBar.y + topBar.height);
  expect(box.x + box.width / 2, `${where}: right half`).toBeGreaterThan(width / 2);
  expect(box.y + box.height / 2, `${where}: top half`).toBeLessThan(height / 2);
  expect(box.x + box.width, `${where}: by the right edge`).toBeGreaterThanOrEqual(width - 32);
  expect(box.x + box.width, `${where}: inside the window`).toBeLessThanOrEqual(width);
}

/** The boxes of the visible elements `locator` finds, with a name each: read in one call, in the page. */
const visibleBoxes = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      // Visible as Playwright means it: a box that is not empty, and not visibility:hidden.
      if (width === 0 || height === 0 || getComputedStyle(el).visibility === 'hidden') return [];
      const name = (el.getAttribute('aria-label') || el.textContent || el.id).trim();
      return [{ name, box: { x, y, width, height } }];
    }),
  );

/** No visible toast overlaps any visible control `controls` finds (at least one). */
async function expectToastsClearOf(page: Page, what: string, controls: Locator) {
  const targets = await visibleBoxes(controls);
  expect(targets.length, `${what}: controls to check`).toBeGreaterThan(0);
  const shown = await visibleBoxes(toasts(page));
  expect(shown.length).toBeGreaterThan(0);
  for (const { box } of shown) {
    for (const { name, box: other } of targets) {
      expect(overlaps(box, other), `${what}: toast at ${show(box)} over '${name}' at ${show(other)}`).toBe(false);
    }
  }
}

const CONTROLS = 'button, a[href], input, select, textarea';

interface Screen {
  /** The sidebar entry that opens it. */
  link: string;
  heading: string;
  /** Its header row's primary actions, by name: they must be on screen (and every control of the row is checked). */
  actions: string[];
  /** A control of its filter bar, which finds the bar (every control of the bar is checked). */
  filter?: (page: Page) => Locator;
  /** Shows once the screen has its data, so nothing moves after the check. */
  ready: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  {
    link: 'Products',
    heading: 'Product List',
    actions: ['Add New Product', 'Export CSV', 'Import CSV'],
    filter: (page) => page.getByRole('button', { name: 'Clear Filters' }),
    ready: (page) => page.getByText(/^\d+ products found$/),
  },
  {
    link: 'Orders',
    heading: 'Orders',
    actions: ['Export CSV'],
    filter: (page) => page.getByLabel('Search by'),
    ready: (page) => page.getByText(/^\d+ orders? found$/),
  },
  {
    link: 'Bundle Sale',
    heading: BUNDLE_SCREEN_TEXT.title,
    actions: [BUNDLE_SCREEN_TEXT.createNew],
    ready: (page) => page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }),
  },
  {
    link: 'Discounts',
    heading: DISCOUNT_SCREEN_TEXT.title,
    actions: [DISCOUNT_SCREEN_TEXT.addNew],
    filter: (page) => page.getByLabel('Filter by status'),
    ready: (page) => page.getByRole('combobox', { name: 'Filter by status' }),
  },
];

/** The screen's header row (its title and the buttons beside it) and its filter bar, checked against the toasts. */
async function expectScreenClear(page: Page, screen: Screen) {
  await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
  await expect(screen.ready(page)).toBeVisible();
  const main = page.getByRole('main');
  const headerRow = main
    .locator('.mantine-Group-root')
    .filter({ has: page.getByRole('heading', { level: 1 }) })
    .first();
  for (const name of screen.actions) {
    await expect(
      headerRow.getByRole('button', { name, exact: true }).or(headerRow.getByRole('link', { name, exact: true })),
    ).toBeVisible();
  }
  await expectToastsClearOf(page, `${screen.heading}'s header row`, headerRow.locator(CONTROLS));
  if (screen.filter) {
    const bar = main
      .locator('.mantine-Paper-root')
      .filter({ has: screen.filter(page) })
      .first();
    await expect(bar).toBeVisible();
    await expectToastsClearOf(page, `${screen.heading}'s filter bar`, bar.locator(CONTROLS));
  }
}

/** The dialog's close button, then its Save at the foot of the dialog, where the admin finds it. */
async function expectDialogClear(page: Page, dialog: Locator, close: string, save: string) {
  const closeButton = dialog.getByRole('button', { name: close, exact: true });
  // Where the dialog opens: at its top (a previous width's check scrolled it to its end).
  await closeButton.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await expect(closeButton).toBeInViewport();
  await expectToastsClearOf(page, `${close} of the dialog`, closeButton);
  const saveButton = dialog.getByRole('button', { name: save, exact: true });
  // Scrolled to the dialog's end, as the admin does to reach it on a long form.
  await saveButton.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await expect(saveButton).toBeInViewport();
  await expectToastsClearOf(page, `${save} of the dialog`, saveButton);
}

/** Opens the Modify Product modal of a demo product through its link (/list?edit=id). */
async function openModifyModal(page: Page): Promise<Locator> {
  const res = await page.request.get(`${API_PATHS.productList}?page=1&pageSize=1`, {
    headers: { [TOKEN_HEADER]: await adminToken(page) },
  });
  const [product] = (await res.json()).products as Product[];
  await page.goto(`/list?edit=${(product as Product)._id}`);
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  // The product's own Name: accessories have a Name each.
  await expect(
    modal.getByRole('region', { name: 'Basic Information' }).getByRole('textbox', { name: 'Name', exact: true }),
  ).toHaveValue((product as Product).name);
  return modal;
}

/** Picks a file that is not an image in the first image picker inside `scope`: the 'only images' toast. */
const pickNotAnImage = (scope: Locator) => scope.locator('input[type="file"]').first().setInputFiles(notAnImage);

// The last files of the run (their names come last): each test on its own, so that both workers
// share out the end of the run instead of one finishing a whole file alone
// (docs/decisions/042-browser-suite.md). Each test makes its own records.
test.describe.configure({ mode: 'parallel' });

test('the same message twice while the first is up shows one toast', async ({ page }) => {
  await page.goto('/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await pickNotAnImage(page.locator('main'));
  await expect(page.getByText(ONLY_IMAGES)).toBeVisible();
  await pickNotAnImage(page.locator('main'));
  await pickNotAnImage(page.locator('main'));
  await expect(toasts(page).filter({ hasText: ONLY_IMAGES })).toHaveCount(1);
  await expect(page.getByText(ONLY_IMAGES)).toHaveCount(1);
});

test("a toast shows top-right, below the top bar, clear of the screens' header buttons and filters at 1440, 768 and 375 px", async ({
  page,
}) => {
  // One load and one toast: the window takes each width in turn on each screen (the page lays
  // itself out again, as a window of that width shows it: the sidebar collapses below 768 px).
  await page.setViewportSize(SIZES[0]);
  // A product that does not exist: 'Product not found', on Product List.
  await page.goto(`/list?edit=${newObjectId()}`);
  const toast = await heldToast(page, MESSAGES.productNotFound);
  for (const screen of SCREENS) {
    // From the keyboard, so the pointer stays on the toast and holds it over every screen.
    if (screen.link !== 'Products') await sidebarLink(page, screen.link).press('Enter');
    for (const size of SIZES) {
      await test.step(`${screen.heading}, ${size.width} px`, async () => {
        await resizeHoldingToast(page, toast, size);
        await expectTopRight(page, toast);
        await expectScreenClear(page, screen);
      });
    }
  }
});

/**
 * The dialog, open with its toast held, at each width in turn (a resize: the dialog and the toast
 * lay themselves out again): the toast top-right, clear of the close button and of Save.
 */
async function dialogClearAtEachWidth(page: Page, dialog: Locator, message: string, close: string, save: string) {
  const toast = await heldToast(page, message);
  for (const size of SIZES) {
    await test.step(`${close}/${save}, ${size.width} px`, async () => {
      await resizeHoldingToast(page, toast, size);
      await expectTopRight(page, toast);
      await expectDialogClear(page, dialog, close, save);
    });
  }
}

test("a toast stays clear of an open dialog's close button and its Save at 1440, 768 and 375 px", async ({ page }) => {
  // Each dialog opened once; the window takes each width in turn.
  await page.setViewportSize(SIZES[0]);
  const modify = await openModifyModal(page);
  await pickNotAnImage(modify);
  await heldToast(page, ONLY_IMAGES);
  // Where the window has room beside the dialog, the toast stays off it altogether.
  await expectToastsClearOf(page, 'the Modify Product dialog', modify);
  await dialogClearAtEachWidth(page, modify, ONLY_IMAGES, 'Close dialog', 'Save Changes');

  await page.setViewportSize(SIZES[0]);
  await page.goto('/bundle-sale');
  await page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }).click();
  const bundle = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
  await pickNotAnImage(bundle);
  await dialogClearAtEachWidth(page, bundle, ONLY_IMAGES, 'Close', 'Save Bundle');

  // A save that fails keeps the dialog open under its toast.
  await page.setViewportSize(SIZES[0]);
  await page.goto('/discounts');
  await page.getByRole('button', { name: DISCOUNT_SCREEN_TEXT.addNew }).click();
  const discount = page.getByRole('dialog', { name: 'Create New Discount' });
  await page.route(`**${API_PATHS.discountCreate}`, (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'The database is busy' } }),
  );
  await discount.getByRole('combobox', { name: /^Percentage/ }).selectOption('15');
  await discount.getByRole('button', { name: 'Create Discount' }).click();
  await dialogClearAtEachWidth(page, discount, 'The database is busy', 'Close', 'Create Discount');
  await expect(discount).toBeVisible();
  await page.unroute(`**${API_PATHS.discountCreate}`);
});

test('a toast closes by itself 5 s after it shows, by the page clock', async ({ page }) => {
  expect(TOAST_AUTO_CLOSE_MS).toBe(5000);
  await page.clock.install();
  await page.goto('/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  // From here the page's time moves only as the test says.
  await page.clock.pauseAt(Date.now() + 1000);
  await pickNotAnImage(page.locator('main'));
  const toast = toasts(page).filter({ hasText: ONLY_IMAGES });
  await expect(toast).toBeVisible();
  await page.clock.runFor(TOAST_AUTO_CLOSE_MS - 100);
  await expect(toast).toBeVisible();
  // Then it goes: it closes at 5 s and its exit takes a quarter of a second.
  let more = 0;
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      more += 50;
      return toast.count();
    })
    .toBe(0);
  expect(more, 'page time past 4.9 s before the toast was gone').toBeLessThanOrEqual(600);
});

test('on a phone toasts come one at a time: the next shows when the first closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.clock.install();
  await page.goto(`/list?edit=${newObjectId()}`);
  const first = await heldToast(page, MESSAGES.productNotFound);
  await sidebarLink(page, 'Add Product').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await pickNotAnImage(page.locator('main'));
  const second = toasts(page).filter({ hasText: ONLY_IMAGES });

  await page.clock.pauseAt(Date.now() + 1000);
  // The pointer leaves the first toast: its 5 s start again, by the page's clock.
  await page.mouse.move(8, 600);
  await page.clock.runFor(TOAST_AUTO_CLOSE_MS - 100);
  await expect(first).toBeVisible();
  await expect(second).toHaveCount(0);
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return second.count();
    })
    .toBe(1);
  // The first one's exit (a quarter of a second) ends, and the second stays up.
  await expect
    .poll(async () => {
      await page.clock.runFor(50);
      return first.count();
    })
    .toBe(0);
  await expect(second).toBeVisible();
});
