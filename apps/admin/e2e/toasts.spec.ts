import { API_PATHS, MESSAGES, type Product, TOKEN_HEADER } from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import { adminToken } from './admin-api';
import { expect, test } from './fixtures';

/*
 * Toasts (issue 9): the same message shown again while the first is up shows once, and toasts
 * never lie over the Orders filter bar or an open modal's close button, at a desktop and a phone
 * width (on the desktop, not over the modal at all).
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 667 },
] as const;

const ONLY_IMAGES = 'Only image files can be uploaded';
const notAnImage = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') };

const toasts = (page: Page) => page.locator('.mantine-Notification-root');
const token = adminToken;

/**
 * Keeps the toasts up while they are measured, however long that takes: Mantine holds every
 * toast's closing while the pointer rests on one of them.
 */
const holdToasts = (page: Page) => toasts(page).first().hover();

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each visible toast's box, checked against the control's: none may overlap it. */
async function expectClearOf(page: Page, control: Locator) {
  await holdToasts(page);
  const target = await control.boundingBox();
  expect(target).not.toBeNull();
  const shown = await toasts(page).all();
  expect(shown.length).toBeGreaterThan(0);
  for (const toast of shown) {
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    expect(overlaps(box as Box, target as Box), `toast ${JSON.stringify(box)} over ${JSON.stringify(target)}`).toBe(
      false,
    );
  }
}

/** Opens the Modify Product modal of a demo product through its link (/list?edit=id). */
async function openModifyModal(page: Page): Promise<Locator> {
  const res = await page.request.get(`${API_PATHS.productList}?page=1&pageSize=1`, {
    headers: { [TOKEN_HEADER]: await token(page) },
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

test('toasts stay clear of the Orders filter bar at 1440 and 375 px', async ({ page, shop }) => {
  for (const size of WIDTHS) {
    await test.step(`${size.width} px`, async () => {
      await page.setViewportSize(size);
      const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const place = (n: number) =>
        shop.placeOrder({
          firstName: 'Toast',
          lastName: `Tester${suffix}${n}`,
          email: `toast.${suffix}.${n}@orders.example`,
          phone: `+1 555 ${suffix}${n}`,
          items: [{ name: 'Toast Figure', quantity: 1, unitPriceCents: 1000 }],
        });
      const [first, second] = [await place(1), await place(2)];
      await page.goto('/orders');
      await page.getByLabel('Search by').selectOption('Email');
      await page.getByRole('textbox', { name: 'Search' }).fill(`toast.${suffix}.`);
      // From the keyboard: the pointer stays on the first toast, which holds both up.
      const remove = async (id: string) => {
        await page
          .getByRole('article', { name: `Order ${id}` })
          .getByRole('button', { name: `Delete order ${id}` })
          .press('Enter');
        await page.getByRole('dialog', { name: 'Delete Order' }).getByRole('button', { name: 'Delete' }).press('Enter');
      };
      // Two different toasts at once: one deletion goes through, the next one fails.
      await remove(first);
      await expect(page.getByText(MESSAGES.orderDeleted)).toBeVisible();
      await holdToasts(page);
      await page.route(`**${API_PATHS.orderDelete}**`, (route) =>
        route.fulfill({ status: 500, json: { success: false, message: 'The database is busy' } }),
      );
      await remove(second);
      await expect(page.getByText('The database is busy')).toBeVisible();
      await expect(toasts(page)).toHaveCount(2);

      const filterBar = page.locator('.mantine-Paper-root').filter({ has: page.getByLabel('Search by') });
      await expect(filterBar).toBeVisible();
      await expectClearOf(page, filterBar);
      await page.unroute(`**${API_PATHS.orderDelete}**`);
    });
  }
});

test("a toast stays clear of an open modal's close button at 1440 and 375 px", async ({ page }) => {
  for (const size of WIDTHS) {
    await test.step(`${size.width} px`, async () => {
      await page.setViewportSize(size);
      const modal = await openModifyModal(page);
      await pickNotAnImage(modal);
      await expect(page.getByText(ONLY_IMAGES)).toBeVisible();
      await expectClearOf(page, modal.getByRole('button', { name: 'Close dialog' }));
      // Where the screen has room beside the modal, the toast stays off the modal altogether
      // (its Save and Cancel included).
      if (size.width >= 1440) {
        await modal.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
        await expectClearOf(page, modal);
      }
    });
  }
});
