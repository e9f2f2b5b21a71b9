import type { Page } from '@playwright/test';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';

const table = (page: Page) => page.getByRole('table');
/** The body rows of the product table. */
const rows = (page: Page) => table(page).locator('tbody tr');
/**
 * The text of one column (0-based, after the row's selection box) for every row shown, as rendered
 * (a part hidden at this width is left out).
 */
const column = (page: Page, index: number) =>
  rows(page).evaluateAll(
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, without the parts the width hides.
    (trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i + 1]?.innerText.trim() ?? ''),
    index,
  );

const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ products$/);

async function totalShown(page: Page): Promise<number> {
  const text = (await page.getByText(/^\d+ products found$/).textContent()) ?? '';
  return Number(text.split(' ')[0]);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
});

test('lists the demo shop ten at a time, newest first, with Previous and Next', async ({ page }) => {
  const total = await totalShown(page);
  expect(total).toBeGreaterThan(100);
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total} products`);
  await expect(page.getByRole('link', { name: 'Add New Product' })).toHaveAttribute('href', '/add');
  for (const name of [
    'Image',
    'Name',
    'Main Category',
    'Sub Category',
    'Sub Sub Category',
    'Price',
    'Status',
    'Actions',
  ]) {
    await expect(table(page).getByRole('columnheader', { name, exact: true })).toBeVisible();
  }

  const previous = page.getByRole('button', { name: 'Previous' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(previous).toBeDisabled();
  const firstPage = await column(page, 1);

  await next.click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(showing(page)).toHaveText(`Showing 11 to 20 of ${total} products`);
  await expect(previous).toBeEnabled();
  await expect.poll(() => column(page, 1)).not.toEqual(firstPage);

  await previous.click();
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total} products`);
  await expect.poll(() => column(page, 1)).toEqual(firstPage);
  await expect(previous).toBeDisabled();

  const lastPage = Math.ceil(total / 10);
  await page.goto(`/list?page=${lastPage}`);
  await expect(showing(page)).toHaveText(`Showing ${(lastPage - 1) * 10 + 1} to ${total} of ${total} products`);
  await expect(next).toBeDisabled();
});

test('searches by part of a name; closing the search clears it', async ({ page }) => {
  const total = await totalShown(page);
  const [firstName = ''] = await column(page, 1);
  const part = (firstName.split(' ')[0] ?? '').slice(0, 5).toLowerCase();
  expect(part.length).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search products' }).fill(part);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${part}`));
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(() => totalShown(page)).toBeLessThan(total);
  const names = await column(page, 1);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain(part);

  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page.getByRole('textbox', { name: 'Search products' })).toBeHidden();
  await expect(page).not.toHaveURL(/q=/);
  await expect.poll(() => totalShown(page)).toBe(total);
});

test('filters by main category, hides sub sub for figures, and Clear Filters resets', async ({ page }) => {
  const total = await totalShown(page);
  const main = page.getByLabel('Main category');
  const subSub = page.getByLabel('Sub sub category');
  await expect(main.locator('option').first()).toHaveText('All Main Categories');
  await expect(page.getByLabel('Sub category').locator('option').first()).toHaveText('All Sub Categories');
  await expect(page.getByLabel('Status').locator('option').first()).toHaveText('All Statuses');
  await expect(subSub.locator('option', { hasText: 'None' })).toHaveCount(1);

  await main.selectOption('Fidgets');
  await expect(page).toHaveURL(/mainCategory=Fidgets/);
  await expect.poll(() => totalShown(page)).toBeLessThan(total);
  await expect.poll(() => column(page, 2)).toEqual(expect.arrayContaining(['Fidgets']));
  expect(new Set(await column(page, 2))).toEqual(new Set(['Fidgets']));
  await expect(subSub).toBeVisible();

  await main.selectOption('Figures');
  await expect(subSub).toBeHidden();
  await expect.poll(async () => new Set(await column(page, 2))).toEqual(new Set(['Figures']));

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(main).toHaveValue('');
  await expect.poll(() => totalShown(page)).toBe(total);
});

test('two filters changed before the screen renders the first both stay', async ({ page }) => {
  // Both changes in one task of the page, as a quick second choice on a busy machine lands before
  // React renders the first: the second must start from the address bar, not from the last render.
  const main = await page.getByLabel('Main category').elementHandle();
  const status = await page.getByLabel('Status').elementHandle();
  await page.evaluate(
    ([selects, labels]) => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
      selects.forEach((select, i) => {
        const option = [...(select as HTMLSelectElement).options].find((o) => o.text === labels[i]);
        setValue?.call(select, option?.value ?? '');
        select?.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    [
      [main, status],
      ['Fidgets', 'Bestseller'],
    ] as const,
  );
  await expect(page).toHaveURL(/[?&]mainCategory=Fidgets\b/);
  await expect(page).toHaveURL(/[?&]status=bestseller\b/);
  await expect(page.getByLabel('Main category')).toHaveValue('Fidgets');
  await expect(page.getByLabel('Status')).toHaveValue('bestseller');
  await expect.poll(async () => new Set(await column(page, 2))).toEqual(new Set(['Fidgets']));
});

test('the grid view shows cards, and the view modal shows the images', async ({ page }) => {
  const [firstName = ''] = await column(page, 1);
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(table(page)).toBeHidden();
  const card = page.getByRole('listitem', { name: firstName }).first();
  await expect(card).toBeVisible();
  await expect(card.getByText(/ \/ /)).toBeVisible();

  await card.getByRole('button', { name: `View images of ${firstName}` }).click();
  const dialog = page.getByRole('dialog', { name: firstName });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('the view defaults to a grid below 768 px and switches on resize', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(table(page)).toBeHidden();
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table(page)).toBeVisible();
});

test('a discounted price is price x (1 - d/100) with the original struck through and (-N%)', async ({ page }) => {
  const discounted = page.getByText(/^\(-\d+(\.\d+)?%\)$/).first();
  for (let i = 0; i < 12 && !(await discounted.isVisible()); i++) {
    // The last page's rows stay up until the next page's arrive: wait for them to change, or the
    // cell read below could be the old page's (seen once in a loaded run).
    const before = (await rows(page).first().textContent()) ?? '';
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${i + 2}\\b`));
    await expect(rows(page).first()).not.toHaveText(before);
  }
  const cell = page.getByRole('cell').filter({ has: discounted }).first();
  const [current = '', original = '', label = ''] = await cell.locator('p').allTextContents();
  const percent = Number(label.replace(/[^\d.]/g, ''));
  const price = Number(original.replace('$', ''));
  expect(current).toBe(`$${(Math.round(price * (100 - percent)) / 100).toFixed(2)}`);
  await expect(cell.getByText(original, { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
});

test('the list has no serious accessibility problems, with the search and the modal open', async ({ page }) => {
  // The list as it loads is measured in responsive.spec.ts (1440 px in light and dark, 768 px).
  const serious = () => seriousIssues(page);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  expect(await serious()).toEqual([]);
  await page
    .getByRole('button', { name: /^View images of / })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await serious()).toEqual([]);
});
