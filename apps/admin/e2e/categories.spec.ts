import { MESSAGES, STORAGE_KEYS } from '@backroom/contract';
import { seriousIssues as serious } from './axe';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
});

test('a category is added with ordered sub-categories, viewed, renamed and deleted', async ({ page }) => {
  const name = `Robots ${Date.now()}`;
  const renamed = `${name} Renamed`;
  const table = page.getByRole('table', { name: 'Categories' });

  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Category name').fill(`  ${name}  `);
  await dialog.getByRole('button', { name: 'Add sub-category' }).click();
  await dialog.getByLabel('Sub-category 1', { exact: true }).fill('Small');
  await dialog.getByRole('button', { name: 'Add sub-category' }).click();
  await dialog.getByLabel('Sub-category 2', { exact: true }).fill('Large');
  await dialog.getByRole('button', { name: 'Add sub-category' }).click(); // left blank: dropped
  await dialog.getByRole('button', { name: 'Move sub-category 2 up' }).click();
  await expect(dialog.getByLabel('Sub-category 1', { exact: true })).toHaveValue('Large');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoriesSaved)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Large, Small');
  await expect(row.getByRole('cell').nth(2)).toHaveText('None');

  await page.getByRole('button', { name: `View ${name}`, exact: true }).click();
  const view = page.getByRole('dialog', { name: `Category: ${name}` });
  await expect(view.getByRole('listitem')).toHaveText(['Large', 'Small']);
  await expect(view.getByRole('region', { name: 'Sub-Sub-Categories' })).toContainText('None');
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();

  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(edit.getByLabel('Category name')).toHaveValue(name);
  await edit.getByLabel('Category name').fill(renamed);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.categoryRenamed)).toBeVisible();
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Category' });
  await expect(confirm).toContainText('Are you sure you want to delete this category?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.categoryDeleted)).toBeVisible();
  await expect(table.getByRole('cell', { name: renamed, exact: true })).toHaveCount(0);

  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: 'Figures', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: renamed, exact: true }),
  ).toHaveCount(0);
});

test('an empty category name saves nothing and says so under the field, until it is filled', async ({ page }) => {
  const table = page.getByRole('table', { name: 'Categories' });
  await expect(table.getByRole('cell', { name: 'Figures', exact: true })).toBeVisible();
  const rowsBefore = await table.getByRole('row').count();
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  const field = dialog.getByLabel('Category name');
  await field.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(field).toHaveAccessibleDescription('Category name is required');
  await expect(dialog.getByText('Category name is required')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  // An entry longer than the contract allows is named under that entry.
  await dialog.getByRole('button', { name: 'Add sub-category' }).click();
  await dialog.getByLabel('Sub-category 1', { exact: true }).fill('x'.repeat(101));
  await expect(dialog.getByText('Sub-category 1 must be at most 100 characters')).toBeVisible();
  await dialog.getByLabel('Sub-category 1', { exact: true }).fill('Small');
  await field.fill('Robots');
  await expect(dialog.getByText('Category name is required')).toHaveCount(0);
  await expect(dialog.getByText(/must be at most/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // What was typed goes only once the admin says so (decision 047).
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(rowsBefore);
});

test('an empty option name saves nothing and says so under the field', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Option' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Option' });
  const field = dialog.getByLabel('Option name');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(field).toHaveAccessibleDescription('Option name is required');
  await expect(field).toBeFocused();
  expect(await serious(page)).toEqual([]);
  await field.fill('Finish');
  await expect(dialog.getByText('Option name is required')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Variant options' }).getByRole('cell', { name: 'Finish' })).toHaveCount(
    0,
  );
});

test('an option set is added with ordered values and deleted', async ({ page }) => {
  const name = `Finish ${Date.now()}`;
  const table = page.getByRole('table', { name: 'Variant options' });

  await page.getByRole('button', { name: 'Add Option' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Option' });
  await dialog.getByLabel('Option name').fill(name);
  await dialog.getByRole('button', { name: 'Add value' }).click();
  await dialog.getByLabel('Value 1', { exact: true }).fill('Matte');
  await dialog.getByRole('button', { name: 'Add value' }).click();
  await dialog.getByLabel('Value 2', { exact: true }).fill('Gloss');
  await dialog.getByRole('button', { name: 'Move value 1 down' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(MESSAGES.optionsSaved)).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Gloss, Matte');

  await page.getByRole('button', { name: `Delete option ${name}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Option Set' });
  await expect(confirm).toContainText('Delete this option set?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Colors', exact: true })).toBeVisible();
});

test('the screen and the category modal have no serious accessibility violations; the lists are cached', async ({
  page,
}) => {
  await expect(
    page.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: 'Figures', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Variant options' }).getByRole('cell', { name: 'Colors', exact: true }),
  ).toBeVisible();
  // The screen as it loads is measured in responsive.spec.ts (1440 px in light and dark, 375 px).
  const cached = await page.evaluate(
    (keys) => [localStorage.getItem(keys.categories), localStorage.getItem(keys.options)],
    STORAGE_KEYS,
  );
  expect(cached[0]).toContain('Figures');
  expect(cached[1]).toContain('Colors');

  await page.getByRole('button', { name: 'Edit Figures', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(dialog.getByLabel('Sub-category 1', { exact: true })).toHaveValue('DC');
  expect(await serious(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
