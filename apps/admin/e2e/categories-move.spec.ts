import { API_PATHS, type CategoryNode, FALLBACK_CATEGORY, MESSAGES, STORAGE_KEYS } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The signed-in admin's token, as the app keeps it. */
const tokenOf = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.token);

/** The product table's row for a product name. */
const productRow = (page: Page, name: string) =>
  page
    .getByRole('table')
    .locator('tbody tr')
    .filter({ has: page.getByText(name, { exact: true }) });

test('renaming and deleting a main category moves its products with it', async ({ page }) => {
  await page.goto('/');
  const token = await tokenOf(page);
  const category = `Robots ${Date.now()}`;
  const renamed = `${category} Mk2`;
  const productName = `Tin Robot ${Date.now()}`;

  // The shop already has a category with a product in it.
  const tree = (await (await page.request.get(API_PATHS.categoryTree, { headers: { token } })).json())
    .categories as CategoryNode[];
  const saved = await page.request.put(API_PATHS.categoryTree, {
    headers: { token },
    data: { categories: [...tree, { name: category, subCategories: ['Small'], subSubCategories: [] }] },
  });
  expect(saved.ok()).toBe(true);
  const added = await page.request.post(API_PATHS.productAdd, {
    headers: { token },
    multipart: {
      name: productName,
      description: 'A wind-up robot',
      price: '24.50',
      mainCategory: category,
      subCategory: 'Small',
    },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/categories');
  await page.getByRole('button', { name: `Edit ${category}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByLabel('Category name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryRenamed)).toBeVisible();

  await page.goto(`/list?mainCategory=${encodeURIComponent(renamed)}`);
  await expect(productRow(page, productName)).toBeVisible();
  await expect(productRow(page, productName).getByRole('cell', { name: renamed, exact: true })).toBeVisible();

  await page.goto('/categories');
  await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete Category' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.categoryDeleted)).toBeVisible();
  // The products' new home joins the tree, so they stay reachable.
  await expect(
    page.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: FALLBACK_CATEGORY, exact: true }),
  ).toBeVisible();

  await page.goto('/list');
  await page.getByLabel('Main category').selectOption(FALLBACK_CATEGORY);
  await expect(productRow(page, productName)).toBeVisible();
  await expect(productRow(page, productName).getByRole('cell', { name: FALLBACK_CATEGORY, exact: true })).toBeVisible();
});
