import {
  API_PATHS,
  addMonths,
  type CreateDiscountRequest,
  DISCOUNT_MESSAGES,
  DISCOUNT_SCREEN_TEXT,
  type Discount,
  discountResponseSchema,
  MESSAGES,
  newObjectId,
  STORAGE_KEYS,
  TOKEN_HEADER,
  validityLabel,
} from '@backroom/contract';
import type { Page } from '@playwright/test';
import { adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, signedOut, test } from './fixtures';
import type { ShopDatabase } from './shop-database';
import { shopToday, todayShown } from './shop-day';

/*
 * The Discount Codes screen (spec 2 section 2, issue 11) against the real app. Every code a test
 * edits or deletes is one it made; its title carries a unique suffix so it is found among the rest.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The e2e server runs without SHOP_TIMEZONE: the shop's days are UTC days. */

async function openDiscounts(page: Page, search = '') {
  await page.goto(`/discounts${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Discount Codes' })).toBeVisible();
  await expect(page.getByLabel('Loading discount codes')).toBeHidden();
}

/** The row (table) of a code, found by its title. */
const row = (page: Page, text: string) =>
  page.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: text });

/** Makes a code through the API, as another admin would; answers it. */
async function createByApi(page: Page, body: CreateDiscountRequest): Promise<Discount> {
  const answer = await page.request.post(API_PATHS.discountCreate, {
    headers: { [TOKEN_HEADER]: await adminToken(page) },
    data: body,
  });
  expect(answer.ok()).toBe(true);
  return discountResponseSchema.parse(await answer.json()).discount;
}

/** A customer straight in the database, as the storefront makes them. */
async function makeCustomer(shop: ShopDatabase) {
  const id = newObjectId();
  const suffix = unique();
  const name = `Dora Quill${suffix}`;
  const email = `dora.${suffix}@discounts.example`;
  await shop.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
    id,
    name,
    email,
    'not-a-login',
  ]);
  return { id, name, email };
}

test.describe('Discount Codes', () => {
  test('Create New Discount with its defaults: percentage required, nulls sent, the new code listed and copied', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const dayBefore = shopToday();
    await openDiscounts(page);
    let creates = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(API_PATHS.discountCreate)) creates += 1;
    });

    await page.getByRole('button', { name: 'Add New Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Discount' });
    // The server's today, as the list answered it (the next day if midnight passed since dayBefore).
    const today = await todayShown(dialog.getByRole('button', { name: /^Start Date/ }), dayBefore);
    await expect(dialog.getByRole('button', { name: /^End Date/ })).toHaveText(addMonths(today, 1));
    await expect(dialog.getByRole('combobox', { name: 'Max Usage' })).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Max Usage' }).locator('option:checked')).toHaveText('Unlimited');
    await expect(dialog.getByLabel('Assigned To')).toHaveValue('All users');
    // The 20 percentages, 5 to 100, after the prompt.
    const percentage = dialog.getByRole('combobox', { name: /^Percentage/ });
    await expect(percentage.locator('option:not([disabled])')).toHaveCount(20);

    // Nothing is sent without a percentage.
    await dialog.getByRole('button', { name: 'Create Discount' }).click();
    await expect(dialog.getByText('Percentage is required')).toBeVisible();
    expect(creates).toBe(0);

    const title = `Welcome ${unique()}`;
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await percentage.selectOption('15');
    await expect(dialog.getByText('Percentage is required')).toBeHidden();
    expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);

    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(API_PATHS.discountCreate)),
      page.waitForResponse((r) => r.url().endsWith(API_PATHS.discountCreate)),
      dialog.getByRole('button', { name: 'Create Discount' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      description: title,
      percentage: '15',
      startDate: today,
      endDate: addMonths(today, 1),
      maxUsage: '',
      assignedTo: '',
    });
    const created = discountResponseSchema.parse(await response.json()).discount;
    expect(created).toMatchObject({ maxUsage: null, assignedTo: null, percentage: 15, isActive: true });
    await expect(page.getByText(MESSAGES.discountCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    // Listed first (newest first), with every column.
    const listed = row(page, title);
    await expect(listed).toHaveCount(1);
    const cells = listed.getByRole('cell');
    await expect(cells.nth(0)).toHaveText(created.code);
    await expect(cells.nth(1)).toHaveText(title);
    await expect(cells.nth(2)).toHaveText('15%');
    await expect(cells.nth(3)).toHaveText(validityLabel(created.startDate, created.endDate, 'en-US'));
    await expect(cells.nth(4)).toHaveText('0 / ∞');
    await expect(cells.nth(5)).toHaveText('All users');
    await expect(cells.nth(6)).toHaveText('Active');
    expect(await seriousIssues(page)).toEqual([]);

    // Copy the code.
    await listed.getByRole('button', { name: `Copy code ${created.code}` }).click();
    await expect(page.getByText(MESSAGES.codeCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(created.code);
  });

  test('Edit Discount to Inactive, filter by status, then delete it', async ({ page }) => {
    await openDiscounts(page);
    const title = `Autumn ${unique()}`;
    const made = await createByApi(page, {
      description: title,
      percentage: 20,
      startDate: shopToday(),
      endDate: addMonths(shopToday(), 2),
      maxUsage: 5,
      assignedTo: null,
    });
    const listed = row(page, title);
    // Arrives over the socket (another admin's change), no reload.
    await expect(listed).toHaveCount(1);
    await expect(listed.getByRole('cell').nth(4)).toHaveText('0 / 5');

    await listed.getByRole('button', { name: `Edit ${made.code}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Discount' });
    await expect(dialog.getByText(made.code)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await expect(dialog.getByRole('combobox', { name: /^Percentage/ })).toHaveValue('20');
    await expect(dialog.getByRole('combobox', { name: 'Max Usage' })).toHaveValue('5');
    await expect(dialog.getByRole('button', { name: /^End Date/ })).toHaveText(made.endDate);
    await dialog.getByRole('combobox', { name: 'Status' }).selectOption('Inactive');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/discounts/${made.code}`)),
      dialog.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      code: made.code,
      description: title,
      percentage: '20',
      maxUsage: '5',
      assignedTo: '',
      isActive: false,
    });
    await expect(page.getByText(MESSAGES.discountUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(listed.getByRole('cell').nth(6)).toHaveText('Inactive');

    // The filter: Inactive lists it, Active does not; the URL keeps the filter.
    const filter = page.getByRole('combobox', { name: 'Filter by status' });
    await expect(filter.locator('option')).toHaveText([
      'All Status',
      'Active',
      'Inactive',
      'Scheduled',
      'Expired',
      'Used up',
    ]);
    await filter.selectOption('Inactive');
    await expect(page).toHaveURL(/status=inactive/);
    await expect(listed).toHaveCount(1);
    await filter.selectOption('Active');
    await expect(page).toHaveURL(/status=active/);
    await expect(page.getByLabel('Loading discount codes')).toBeHidden();
    await expect(listed).toHaveCount(0);
    for (const status of await page
      .getByRole('table', { name: 'Discount codes' })
      .locator('tbody tr td:nth-child(7)')
      .allTextContents())
      expect(status).toBe('Active');
    await filter.selectOption('All Status');
    await expect(listed).toHaveCount(1);

    // Details, then delete.
    await listed.getByRole('button', { name: `View details of ${made.code}` }).click();
    const details = page.getByRole('dialog', { name: 'Discount Details' });
    for (const text of [made.code, title, '20%', '0 / 5', 'All users', 'Inactive']) {
      await expect(details.getByText(text, { exact: true }).first()).toBeVisible();
    }
    expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);
    await details.getByRole('button', { name: 'Close' }).click();

    await listed.getByRole('button', { name: `Delete ${made.code}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Discount' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MESSAGES.discountDeleted)).toBeVisible();
    await expect(listed).toHaveCount(0);
  });

  test('Assigned To: a customer searched on the server, shown by name', async ({ page, shop }) => {
    const customer = await makeCustomer(shop);
    await openDiscounts(page);
    await page.getByRole('button', { name: 'Add New Discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Discount' });
    const title = `Reserved ${unique()}`;
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await dialog.getByRole('combobox', { name: /^Percentage/ }).selectOption('50');
    await dialog.getByRole('combobox', { name: 'Max Usage' }).selectOption('1');

    const picker = dialog.getByLabel('Assigned To');
    await picker.click();
    const searched = page.waitForRequest(
      (r) => r.url().includes(API_PATHS.userAll) && new URL(r.url()).searchParams.get('q') === customer.name,
    );
    await picker.fill(customer.name);
    const url = new URL((await searched).url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      role: 'user',
      q: customer.name,
      page: '1',
      pageSize: '20',
    });
    // Each customer shown with name and e-mail.
    const option = page.getByRole('option', { name: `${customer.name} ${customer.email}` });
    await expect(option).toHaveCount(1);
    await option.click();
    await expect(picker).toHaveValue(`${customer.name} (${customer.email})`);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(API_PATHS.discountCreate)),
      dialog.getByRole('button', { name: 'Create Discount' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ maxUsage: '1', percentage: '50', assignedTo: customer.id });
    await expect(page.getByText(MESSAGES.discountCreated)).toBeVisible();
    const listed = row(page, title);
    await expect(listed.getByRole('cell').nth(5)).toHaveText(customer.name);
    await expect(listed.getByRole('cell').nth(4)).toHaveText('0 / 1');
  });

  test('a deleted assignee shows Unknown User, and editing the code asks for a choice before opening it to everyone', async ({
    page,
    shop,
  }) => {
    const customer = await makeCustomer(shop);
    await openDiscounts(page);
    const title = `Orphan ${unique()}`;
    const made = await createByApi(page, {
      description: title,
      percentage: 30,
      startDate: shopToday(),
      endDate: addMonths(shopToday(), 1),
      maxUsage: null,
      assignedTo: customer.id,
    });
    const listed = row(page, title);
    await expect(listed.getByRole('cell').nth(5)).toHaveText(customer.name);

    // The account goes (as the storefront or another admin would delete it).
    await shop.pool.query('delete from users where id = $1', [customer.id]);
    await page.reload();
    await expect(listed.getByRole('cell').nth(5)).toHaveText('Unknown User');
    await expect(listed.getByRole('cell').nth(6)).toHaveText('Inactive');

    await listed.getByRole('button', { name: `Edit ${made.code}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Discount' });
    const picker = dialog.getByLabel('Assigned To');
    await expect(picker).toHaveValue('Unknown User');
    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT') puts += 1;
    });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText(DISCOUNT_SCREEN_TEXT.unknownAssignee)).toBeVisible();
    expect(puts).toBe(0);

    await picker.click();
    await page.getByRole('option', { name: 'All users' }).click();
    await expect(dialog.getByText(DISCOUNT_SCREEN_TEXT.unknownAssignee)).toBeHidden();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/discounts/${made.code}`)),
      dialog.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ assignedTo: '', isActive: false });
    await expect(page.getByText(MESSAGES.discountUpdated)).toBeVisible();
    await expect(listed.getByRole('cell').nth(5)).toHaveText('All users');
  });

  test('a code another admin deleted meanwhile: the server says so and the list follows', async ({ page }) => {
    await openDiscounts(page);
    const title = `Gone ${unique()}`;
    const made = await createByApi(page, {
      description: title,
      percentage: 5,
      startDate: shopToday(),
      endDate: shopToday(),
      maxUsage: null,
      assignedTo: null,
    });
    const listed = row(page, title);
    await listed.getByRole('button', { name: `Edit ${made.code}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Discount' });
    await expect(dialog.getByRole('combobox', { name: /^Percentage/ })).toHaveValue('5');

    const gone = await page.request.delete(`/api/discounts/${made.code}`, {
      headers: { [TOKEN_HEADER]: await adminToken(page) },
    });
    expect(gone.ok()).toBe(true);
    // Over the socket, while the dialog is open.
    await expect(listed).toHaveCount(0);

    await dialog.getByRole('combobox', { name: /^Percentage/ }).selectOption('10');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(DISCOUNT_MESSAGES.notFound)).toBeVisible();
    // The dialog stays, with what was typed.
    await expect(dialog.getByRole('combobox', { name: /^Percentage/ })).toHaveValue('10');
  });
});

test.describe('Discount Codes: paging', () => {
  test('a long list comes a page of 20 at a time, the page kept in the URL', async ({ page }) => {
    await openDiscounts(page);
    const pageSize = 20;
    // At least two pages, whatever the other tests left.
    const total = Number((await page.getByText(/^\d+ discount codes?$/).textContent())?.split(' ')[0] ?? 0);
    const batch = `Batch ${unique()}`;
    for (let i = total; i <= pageSize; i += 1) {
      await createByApi(page, {
        description: `${batch} ${i}`,
        percentage: 5,
        startDate: shopToday(),
        endDate: shopToday(),
        maxUsage: null,
        assignedTo: null,
      });
    }
    const pages = page.getByRole('navigation', { name: 'Discount code pages' });
    await expect(pages).toBeVisible();
    const rows = page.getByRole('table', { name: 'Discount codes' }).locator('tbody tr');
    await expect(rows).toHaveCount(pageSize);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(API_PATHS.discountList) && r.url().includes('page=2')),
      pages.getByRole('button', { name: 'Page 2' }).click(),
    ]);
    expect(Object.fromEntries(new URL(request.url()).searchParams)).toEqual({ page: '2', pageSize: '20' });
    await expect(page).toHaveURL(/[?&]page=2/);
    await page.reload();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('Discount Codes: a refused token', () => {
  // A browser that never signed in, holding a token the server never gave.
  test.use({ storageState: signedOut });

  test('a refused token ends the session with its message', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((key) => localStorage.setItem(key, 'garbage-token'), STORAGE_KEYS.token);
    await page.goto('/discounts');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
    // Said once, not followed by the list's own failure toast.
    await expect(page.getByText(MESSAGES.fetchDiscountsFailed)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  });
});

test.describe('Discount Codes on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('cards instead of the table, each with its copy button and actions', async ({ page }) => {
    await openDiscounts(page);
    const title = `Phone ${unique()}`;
    const made = await createByApi(page, {
      description: title,
      percentage: 10,
      startDate: shopToday(),
      endDate: addMonths(shopToday(), 1),
      maxUsage: null,
      assignedTo: null,
    });
    await expect(page.getByRole('table', { name: 'Discount codes' })).toBeHidden();
    const card = page.getByRole('list', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    for (const name of [
      `Copy code ${made.code}`,
      `View details of ${made.code}`,
      `Edit ${made.code}`,
      `Delete ${made.code}`,
    ])
      await expect(card.getByRole('button', { name })).toBeInViewport();
    await expect(card).toContainText('0 / ∞');
    await expect(card).toContainText('Active');
    // axe on the cards: responsive.spec.ts, at 375 px.
  });
});
