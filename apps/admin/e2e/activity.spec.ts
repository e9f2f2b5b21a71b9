import { API_PATHS, MESSAGES, STORAGE_KEYS, TOKEN_HEADER } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { addProductThroughApi, adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';
import type { ShopDatabase } from './shop-database';

/*
 * The Activity screen (issue 13) against the real app: changes made in the browser and through the
 * API show as entries with their old and new values; the filters live in the URL; 'Load more'
 * pages by keyset; it fits 375, 768 and 1440 px, and axe finds nothing at 1440 px in either scheme.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const token = adminToken;

/** POST /api/order/status with the admin's token. */
async function setStatus(page: Page, orderId: string, status: string, auth?: string) {
  const res = await page.request.post(API_PATHS.orderStatus, {
    headers: { [TOKEN_HEADER]: auth ?? (await token(page)) },
    data: { orderId, status },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The entries (each holds its own list of changed fields). */
const entries = (page: Page) =>
  page.getByRole('list', { name: 'Activity entries' }).locator(':scope > [role="listitem"]');
/** The entry about this record with this headline ('Order status changed'). */
const entry = (page: Page, title: string, recordId: string) =>
  entries(page).filter({ hasText: title }).filter({ hasText: recordId });

async function openFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
}

async function placeOrder(shop: ShopDatabase) {
  const suffix = unique();
  return shop.placeOrder({
    items: [{ name: `Logged ${suffix}`, quantity: 1, unitPriceCents: 1500 }],
    firstName: 'Robin',
    lastName: `Activity${suffix}`,
    email: `robin.${suffix}@activity.example`,
  });
}

test.describe('Activity', () => {
  test('opens from the account menu, not the sidebar; shows a product renamed in the UI and an order status changed by the API', async ({
    page,
    shop,
    adminCredentials,
  }) => {
    const name = `Logged figure ${unique()}`;
    const product = await addProductThroughApi(page, name);
    // Rename it in the Modify Product modal.
    await page.goto(`/list?edit=${product._id}`);
    const modal = page.getByRole('dialog', { name: 'Modify Product' });
    const nameField = modal
      .getByRole('region', { name: 'Basic Information' })
      .getByRole('textbox', { name: 'Name', exact: true });
    await expect(nameField).toHaveValue(name);
    await nameField.fill(`${name} renamed`);
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();

    const orderId = await placeOrder(shop);
    await setStatus(page, orderId, 'Packing');

    await expect(page.getByRole('navigation').getByRole('link', { name: 'Activity' })).toHaveCount(0);
    await openFromMenu(page);

    const renamed = entry(page, 'Product updated', product._id);
    await expect(renamed).toContainText(`name: ${name} → ${name} renamed`);
    await expect(renamed).toContainText(adminCredentials.email);
    // Newest first: the order's change came after the rename.
    await expect(entries(page).first()).toContainText('Order status changed');
    const status = entry(page, 'Order status changed', orderId);
    await expect(status).toContainText('status: Order Placed → Packing');

    // Each record's id leads to it: the product's to its Modify Product modal.
    await renamed.getByRole('link', { name: product._id }).click();
    await expect(page).toHaveURL(new RegExp(`/list\\?edit=${product._id}$`));
    await expect(page.getByRole('dialog', { name: 'Modify Product' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await entry(page, 'Order status changed', orderId).getByRole('link', { name: orderId }).click();
    await expect(page).toHaveURL(new RegExp(`/orders\\?searchBy=orderId&search=${orderId}$`));
    await expect(page.getByRole('article', { name: `Order ${orderId}` })).toBeVisible();
  });

  test('filters by kind and by record id, kept in the URL and across a reload', async ({ page, shop }) => {
    const product = await addProductThroughApi(page, `Filtered figure ${unique()}`);
    const orderId = await placeOrder(shop);
    await setStatus(page, orderId, 'Packing');
    await setStatus(page, orderId, 'In Production');
    await page.goto('/activity');

    await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Order' });
    await expect(page).toHaveURL(/[?&]kind=order/);
    await expect(entries(page).first()).toContainText('Order status changed');
    await expect(entries(page).filter({ hasNotText: /^Order / })).toHaveCount(0);
    await expect(entries(page).filter({ hasText: 'Product created' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Record id' }).fill(orderId);
    await expect(page).toHaveURL(new RegExp(`recordId=${orderId}`));
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0)).toContainText('status: Packing → In Production');
    await expect(entries(page).nth(1)).toContainText('status: Order Placed → Packing');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('order');
    await expect(page.getByRole('textbox', { name: 'Record id' })).toHaveValue(orderId);
    await expect(entries(page)).toHaveCount(2);

    // The product's id under the kind Order: nothing.
    await page.getByRole('textbox', { name: 'Record id' }).fill(product._id);
    await expect(page.getByText('No activity found')).toBeVisible();
    await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Product' });
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText('Product created');
    await expect(entries(page).first()).toContainText(`name: (none) → ${product.name}`);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('textbox', { name: 'Record id' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('');
  });

  test('filters by admin and by days; Load more reads older entries until none remain', async ({
    page,
    shop,
    adminCredentials,
  }) => {
    const orderId = await placeOrder(shop);
    const auth = await token(page);
    // 55 changes: more than the first page of 50.
    for (let i = 0; i < 55; i += 1) await setStatus(page, orderId, i % 2 === 0 ? 'Packing' : 'Order Placed', auth);

    await page.goto(`/activity?recordId=${orderId}`);
    await expect(entries(page)).toHaveCount(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(entries(page)).toHaveCount(55);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest comes last.
    await expect(entries(page).last()).toContainText('status: Order Placed → Packing');

    const admin = page.getByRole('combobox', { name: 'Admin' });
    const mine = await admin.locator('option', { hasText: adminCredentials.email }).getAttribute('value');
    await admin.selectOption(mine ?? '');
    await expect(page).toHaveURL(/[?&]actor=[0-9a-f]{24}/);
    await expect(entries(page)).toHaveCount(50);

    // Days: a range long past has nothing; one around today has the entries.
    await page.goto(`/activity?recordId=${orderId}&from=2001-01-01&to=2001-01-31`);
    await expect(page.getByText('No activity found')).toBeVisible();
    await expect(page.getByRole('button', { name: /Date range/ })).toContainText('2001-01-01 – 2001-01-31');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/activity?recordId=${orderId}&from=${day(-1)}&to=${day(1)}`);
    await expect(entries(page)).toHaveCount(50);
    await page.getByRole('button', { name: 'Clear date range' }).click();
    await expect(page).not.toHaveURL(/from=|to=/);
    await expect(entries(page)).toHaveCount(50);
  });

  test("an order's details and the Modify Product modal list that record's own entries", async ({ page, shop }) => {
    const orderId = await placeOrder(shop);
    await setStatus(page, orderId, 'Packing');
    await page.goto(`/orders?searchBy=orderId&search=${orderId}`);
    const order = page.getByRole('article', { name: `Order ${orderId}` });
    await order.getByRole('button', { name: 'Order Details' }).click();
    const own = order.getByRole('list', { name: 'Entries of this order' }).locator(':scope > [role="listitem"]');
    await expect(own).toHaveCount(1);
    await expect(own.first()).toContainText('Order status changed');
    await expect(own.first()).toContainText('status: Order Placed → Packing');
    // A change made elsewhere while the details are open arrives without a reload.
    await setStatus(page, orderId, 'In Production');
    await expect(own).toHaveCount(2);
    await expect(own.first()).toContainText('status: Packing → In Production');
    expect(await seriousIssues(page, { anyImpact: true })).toEqual([]);

    const product = await addProductThroughApi(page, `Own entries ${unique()}`);
    await page.goto(`/list?edit=${product._id}`);
    const modal = page.getByRole('dialog', { name: 'Modify Product' });
    const entriesOfProduct = modal
      .getByRole('list', { name: 'Entries of this product' })
      .locator(':scope > [role="listitem"]');
    await expect(entriesOfProduct).toHaveCount(1);
    await expect(entriesOfProduct.first()).toContainText('Product created');
    await expect(entriesOfProduct.first()).toContainText(`name: (none) → ${product.name}`);
    // Many fields: the rest opens on demand.
    await entriesOfProduct
      .first()
      .getByRole('button', { name: /^Show all \d+ fields$/ })
      .click();
    await expect(entriesOfProduct.first().getByRole('button', { name: 'Show fewer fields' })).toBeVisible();
    expect(await seriousIssues(page, { anyImpact: true })).toEqual([]);
  });

  test('a refused token ends the session with its message', async ({ page }) => {
    // This browser's copy of the token only: the worker's session stays valid on the server.
    await page.goto('/login');
    await page.evaluate((key) => localStorage.setItem(key, 'garbage-token'), STORAGE_KEYS.token);
    await page.goto('/activity');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  });
});

test('Activity at 375, 768 and 1440 px fits the width; axe finds nothing, in light and dark', async ({
  page,
  shop,
}) => {
  const orderId = await placeOrder(shop);
  await setStatus(page, orderId, 'Packing');
  await page.goto('/activity');
  await expect(entries(page).first()).toBeVisible();
  const fits = async () => {
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
  };
  for (const width of [375, 768, AXE_WIDTH]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await expect(entries(page).first()).toBeVisible();
      await fits();
      for (const name of ['Admin', 'Kind', 'Record id'])
        await expect(page.getByLabel(name, { exact: true })).toBeInViewport();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the entries', { anyImpact: true });

      const dateRange = page.getByRole('button', { name: /Date range/ });
      await dateRange.click();
      await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the date range open', { anyImpact: true });
      // At one width, Esc with the focus still on the field (a quick Esc, before the calendar took
      // it): it closes the calendar all the same.
      if (width === 375) await dateRange.focus();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Next month' })).toBeHidden();
      await fits();
    });
  }
});
