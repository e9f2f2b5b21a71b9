import { readFile } from 'node:fs/promises';
import {
  BULK_PATHS,
  bulkJobPath,
  EXPORT_PATHS,
  exportUrl,
  IMPORT_FILE_FIELD,
  IMPORT_INLINE_LIMIT,
  IMPORT_MESSAGES,
  IMPORT_ROW_LIMIT,
  ORDER_CSV_COLUMNS,
  ORDER_ITEM_CSV_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  productImportPreviewResponseSchema,
  TOKEN_HEADER,
  USER_CSV_COLUMNS,
} from '@backroom/contract';
import type { Download, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { addProductThroughApi, adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';
import type { StorefrontOrder } from './shop-database';

/*
 * CSV export and import on the real app (issue 13; docs/decisions/037-csv-screens.md): each
 * list's 'Export CSV' downloads the list's current filter, counted as it streams, with a BOM and
 * the export's header; the Product List's import previews a file (rows to create, to update, bad
 * rows by line, column and message), changes nothing until confirmed, then reports what it did.
 */

const WIDTHS = [375, 768, AXE_WIDTH] as const;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const today = () => new Date().toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const token = adminToken;

/** The downloaded file: its bytes start with the BOM; answers the records, header first. */
async function readCsv(download: Download): Promise<string[][]> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 3).equals(BOM)).toBe(true);
  expect(bytes.subarray(3).toString('utf8')).toContain('\r\n');
  return parse(bytes, { bom: true }) as string[][];
}

/** Clicks what starts the export and answers the download it gives. */
async function download(page: Page, start: () => Promise<void>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), start()]);
  return file;
}

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

function customer(suffix: string): Pick<StorefrontOrder, 'firstName' | 'lastName' | 'email'> {
  return { firstName: 'Casey', lastName: `Export${suffix}`, email: `casey.${suffix}@csv.example` };
}

/** The products export of this search, through the API: header first. */
async function exportedProducts(page: Page, q: string): Promise<string[][]> {
  const res = await page.request.get(exportUrl(EXPORT_PATHS.productExport, { q }), {
    headers: { [TOKEN_HEADER]: await token(page) },
  });
  expect(res.status()).toBe(200);
  return parse(await res.body(), { bom: true }) as string[][];
}

test.describe('CSV exports', () => {
  test("Orders: the filtered list's orders, one line per order and one line per order item", async ({ page, shop }) => {
    const suffix = unique();
    const who = customer(suffix);
    const first = await shop.placeOrder({
      ...who,
      items: [
        { name: 'Mug, "large"', quantity: 2, unitPriceCents: 1250 },
        { name: 'Poster\nwith a line break', quantity: 1, unitPriceCents: 900 },
      ],
      createdAt: new Date(Date.now() - 60_000),
    });
    const second = await shop.placeOrder({ ...who, items: [{ name: 'Sticker', quantity: 3, unitPriceCents: 100 }] });
    // Another customer's order: outside the filter, never in the file.
    const other = await shop.placeOrder({
      ...customer(unique()),
      items: [{ name: 'Pen', quantity: 1, unitPriceCents: 50 }],
    });

    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await page.getByLabel('Search by').selectOption('email');
    await page.getByRole('textbox', { name: 'Search' }).fill(who.email);
    await expect(page.getByText('2 orders found', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/searchBy=email/);

    const perOrder = await download(page, async () => {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('menuitem', { name: 'One line per order', exact: true }).click();
    });
    expect(perOrder.suggestedFilename()).toBe(`orders-${today()}.csv`);
    const [header, ...rows] = await readCsv(perOrder);
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual([second, first]);
    expect(rows.flat()).not.toContain(other);
    const email = ORDER_CSV_COLUMNS.indexOf('email');
    expect(rows.map((row) => row[email])).toEqual([who.email, who.email]);
    await expect(page.getByText(`Saved orders-${today()}.csv: 2 orders`)).toBeVisible();

    const perItem = await download(page, async () => {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('menuitem', { name: 'One line per order item' }).click();
    });
    expect(perItem.suggestedFilename()).toBe(`order-items-${today()}.csv`);
    const [itemHeader, ...items] = await readCsv(perItem);
    expect(itemHeader).toEqual([...ORDER_ITEM_CSV_COLUMNS]);
    const name = ORDER_ITEM_CSV_COLUMNS.indexOf('name');
    expect(items.map((row) => [row[0], row[name]])).toEqual([
      [second, 'Sticker'],
      [first, 'Mug, "large"'],
      [first, 'Poster\nwith a line break'],
    ]);
    // Three lines, two orders: the progress counted orders, as the server's total does.
    await expect(page.getByText(`Saved order-items-${today()}.csv: 2 orders`)).toBeVisible();
  });

  test('Products and Users: the filtered list only', async ({ page, shop }) => {
    const suffix = unique();
    const product = await addProductThroughApi(page, `Exported figure ${suffix}`);
    await addProductThroughApi(page, `Another figure ${unique()}`);

    await page.goto(`/list?q=${encodeURIComponent(suffix)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
    await expect(page.getByText('1 products found')).toBeVisible();
    const products = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(products.suggestedFilename()).toBe(`products-${today()}.csv`);
    const [productHeader, ...productRows] = await readCsv(products);
    expect(productHeader).toEqual([...PRODUCT_CSV_COLUMNS]);
    expect(productRows).toHaveLength(1);
    expect(productRows[0]?.slice(0, 4)).toEqual([product._id, product.name, product.description, '40.00']);

    const who = customer(suffix);
    await shop.placeOrder({ ...who, items: [{ name: 'Badge', quantity: 1, unitPriceCents: 500 }] });
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search users' }).fill(who.lastName);
    await expect(page).toHaveURL(new RegExp(`q=${who.lastName}`));
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    const users = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(users.suggestedFilename()).toBe(`users-${today()}.csv`);
    const [userHeader, ...userRows] = await readCsv(users);
    expect(userHeader).toEqual([...USER_CSV_COLUMNS]);
    expect(userRows).toHaveLength(1);
    expect(userRows[0]?.[USER_CSV_COLUMNS.indexOf('name')]).toBe(`${who.firstName} ${who.lastName}`);
    await expect(page.getByText(`Saved users-${today()}.csv: 1 users`)).toBeVisible();
  });

  test('a slow export shows its progress and Cancel stops it without saving anything', async ({ page, shop }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    // A slow line: the file (every order of the demo shop) arrives over several seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 3 * 1024,
      uploadThroughput: -1,
    });
    const downloads: Download[] = [];
    page.on('download', (file) => downloads.push(file));

    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByRole('menuitem', { name: 'One line per order', exact: true }).click();
    const panel = page.getByRole('region', { name: 'CSV export' });
    await expect(panel.getByText(/^Exporting [\d,]+ of [\d,]+ orders$/)).toBeVisible();
    await expect(panel.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(await seriousIssues(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Cancel export' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Had the cancelled export saved a file or said anything, it would have come before what a
    // later export does: that one's file is the only one, and its toast the only one.
    const who = customer(unique());
    await shop.placeOrder({ ...who, items: [{ name: 'Afterwards', quantity: 1, unitPriceCents: 100 }] });
    await page.getByLabel('Search by').selectOption('email');
    await page.getByRole('textbox', { name: 'Search' }).fill(who.email);
    await expect(page.getByText('1 order found', { exact: true })).toBeVisible();
    const later = await download(page, async () => {
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await page.getByRole('menuitem', { name: 'One line per order', exact: true }).click();
    });
    await expect(page.getByText(`Saved orders-${today()}.csv: 1 orders`)).toBeVisible();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toBe(later);
    await expect(page.getByRole('alert')).toHaveCount(1);
  });

  test("a refused export is told with the app's error toast, and nothing is saved", async ({ page }) => {
    // A search longer than the API takes (100 characters): the list and the export are both refused.
    const q = 'x'.repeat(101);
    const refusal = await page.request.get(exportUrl(EXPORT_PATHS.productExport, { q }), {
      headers: { [TOKEN_HEADER]: await token(page) },
    });
    expect(refusal.status()).toBe(400);
    const { message } = (await refusal.json()) as { message: string };
    expect(message).toMatch(/^q: /);

    await page.goto(`/list?q=${q}`);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    const said = page.getByRole('alert').filter({ hasText: message });
    const before = await said.count();
    const downloads: Download[] = [];
    page.on('download', (file) => downloads.push(file));
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(said).toHaveCount(before + 1);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(downloads).toHaveLength(0);
  });
});

test.describe('CSV import of products', () => {
  /**
   * A file of the export's columns: the product renamed and repriced (an update), a new product
   * (its row copied without id and images) and a bad row (a price that is no number).
   */
  async function importFile(page: Page, suffix: string) {
    const product = await addProductThroughApi(page, `Imported figure ${suffix}`);
    const [header, row] = await exportedProducts(page, suffix);
    if (!header || !row) throw new Error('the product was not exported');
    const column = (name: string) => header.indexOf(name);
    const updated = [...row];
    updated[column('name')] = `Renamed figure ${suffix}`;
    updated[column('price')] = '45.00';
    const created = [...row];
    created[column('id')] = '';
    created[column('images')] = '';
    created[column('name')] = `New figure ${suffix}`;
    const bad = [...created];
    bad[column('name')] = `Bad figure ${suffix}`;
    bad[column('price')] = 'lots';
    const csv = `\uFEFF${stringify([header, updated, created, bad], { record_delimiter: '\r\n' })}`;
    return { product, buffer: Buffer.from(csv, 'utf8') };
  }

  /** What the preview says about the bad row, asked of the API (nothing is written by a preview). */
  async function previewProblem(page: Page, buffer: Buffer) {
    const res = await page.request.post(EXPORT_PATHS.productImportPreview, {
      headers: { [TOKEN_HEADER]: await token(page) },
      multipart: { [IMPORT_FILE_FIELD]: { name: 'products.csv', mimeType: 'text/csv', buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
    const preview = productImportPreviewResponseSchema.parse(await res.json());
    expect(preview.counts).toMatchObject({ create: 1, update: 1, bad: 1 });
    const problem = preview.errors[0];
    if (!problem) throw new Error('no problem previewed');
    return problem;
  }

  test('previews a new product, an update and a bad row, changes nothing until confirmed, then imports', async ({
    page,
  }) => {
    const suffix = unique();
    const { product, buffer } = await importFile(page, suffix);
    const problem = await previewProblem(page, buffer);
    expect(problem).toMatchObject({ line: 4, column: 'price' });

    await page.goto(`/list?q=${encodeURIComponent(suffix)}`);
    await expect(page.getByText('1 products found')).toBeVisible();
    const dialog = await openImport(page, buffer);
    await expect(dialog.getByRole('table', { name: 'Rows to create' })).toBeVisible();

    const summary = dialog.getByRole('list', { name: 'Import summary' });
    for (const [label, value] of [
      ['To create', '1'],
      ['To update', '1'],
      ['Unchanged', '0'],
      ['Bad rows', '1'],
    ]) {
      await expect(summary.getByRole('listitem').filter({ hasText: label })).toHaveText(`${label}${value}`);
    }
    const created = dialog.getByRole('table', { name: 'Rows to create' });
    await expect(created.getByRole('row', { name: `3 New figure ${suffix}` })).toBeVisible();
    const updates = dialog.getByRole('table', { name: 'Rows to update' });
    const update = updates.getByRole('row').filter({ hasText: product._id });
    await expect(update).toContainText(`Renamed figure ${suffix}`);
    const changes = update.getByRole('listitem');
    await expect(changes.filter({ hasText: 'name:' })).toContainText(`Imported figure ${suffix}`);
    await expect(changes.filter({ hasText: 'name:' })).toContainText(`to Renamed figure ${suffix}`);
    await expect(changes.filter({ hasText: 'price:' })).toContainText('40.00');
    await expect(changes.filter({ hasText: 'price:' })).toContainText('to 45.00');
    const bad = dialog.getByRole('table', { name: 'Bad rows' }).getByRole('row').filter({ hasText: problem.message });
    await expect(bad.getByRole('cell')).toHaveText(['4', 'price', problem.message]);
    await expect(dialog.getByText('1 bad row is skipped.', { exact: false })).toBeVisible();

    // Nothing has changed yet.
    const before = await exportedProducts(page, suffix);
    expect(before).toHaveLength(2);
    expect(before[1]?.[1]).toBe(`Imported figure ${suffix}`);

    await dialog.getByRole('button', { name: 'Confirm import' }).click();
    await expect(dialog.getByText('1 created, 1 updated, 1 skipped (bad rows)')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText('2 products found')).toBeVisible();
    await expect(page.getByText(`New figure ${suffix}`).first()).toBeVisible();
    await expect(page.getByText(`Renamed figure ${suffix}`).first()).toBeVisible();
    const after = await exportedProducts(page, suffix);
    const names = after.slice(1).map((row) => [row[1], row[3]]);
    expect(names).toEqual(
      expect.arrayContaining([
        [`New figure ${suffix}`, '40.00'],
        [`Renamed figure ${suffix}`, '45.00'],
      ]),
    );
    expect(after.flat()).not.toContain(`Bad figure ${suffix}`);
  });

  test('products changed since the preview: the confirm is refused, and a new preview imports', async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const { product, buffer } = await importFile(page, suffix);
    await page.goto(`/list?q=${encodeURIComponent(suffix)}`);
    const dialog = await openImport(page, buffer);
    await expect(dialog.getByRole('table', { name: 'Rows to update' })).toContainText('40.00');

    // Another admin reprices the product after the preview: the plan shown is no longer the one that would run.
    await shop.pool.query('update products set price_cents = 4100 where id = $1', [product._id]);
    await dialog.getByRole('button', { name: 'Confirm import' }).click();
    await expect(dialog.getByText(IMPORT_MESSAGES.changed)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
    expect((await exportedProducts(page, suffix)).slice(1).map((row) => row[1])).toEqual([`Imported figure ${suffix}`]);

    await dialog.getByRole('button', { name: 'Preview again' }).click();
    const price = dialog
      .getByRole('table', { name: 'Rows to update' })
      .getByRole('listitem')
      .filter({ hasText: 'price:' });
    await expect(price).toContainText('41.00');
    await expect(price).toContainText('to 45.00');
    await dialog.getByRole('button', { name: 'Confirm import' }).click();
    await expect(dialog.getByText('1 created, 1 updated, 1 skipped (bad rows)')).toBeVisible();
  });

  test('an import above the inline limit runs as a job and reports what it did', async ({ page }) => {
    const suffix = unique();
    await addProductThroughApi(page, `Job template ${suffix}`);
    const [header, row] = await exportedProducts(page, suffix);
    if (!header || !row) throw new Error('the product was not exported');
    const count = IMPORT_INLINE_LIMIT + 1;
    const rows = Array.from({ length: count }, (_, index) => {
      const created = [...row];
      created[header.indexOf('id')] = '';
      created[header.indexOf('images')] = '';
      created[header.indexOf('name')] = `Job figure ${suffix} ${index + 1}`;
      return created;
    });
    const buffer = Buffer.from(`\uFEFF${stringify([header, ...rows], { record_delimiter: '\r\n' })}`, 'utf8');

    try {
      await page.goto(`/list?q=${encodeURIComponent(suffix)}`);
      const dialog = await openImport(page, buffer);
      const figures = count.toLocaleString('en-US');
      await expect(dialog.getByRole('list', { name: 'Import summary' }).getByRole('listitem').first()).toHaveText(
        `To create${figures}`,
      );
      await expect(dialog.getByText(`Showing the first 1,000 of ${figures}.`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Confirm import' }).click();
      // A job writing 2,001 products (each with its search index and activity entry): inherently
      // longer than a screen's answer, so it gets more than the suite's 20 s for an assertion.
      await expect(dialog.getByText(`${figures} created, 0 updated`)).toBeVisible({ timeout: 90_000 });
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(page.getByText(`${count + 1} products found`)).toBeVisible();
    } finally {
      // The products go again, so that the other specs see the shop they expect.
      const res = await page.request.post(BULK_PATHS.productBulk, {
        headers: { [TOKEN_HEADER]: await token(page) },
        data: { selection: { filter: { q: suffix } }, action: { kind: 'delete' } },
      });
      expect(res.ok(), await res.text()).toBe(true);
      const answer = (await res.json()) as { jobId?: string };
      if (answer.jobId) {
        const jobId = answer.jobId;
        await expect
          .poll(
            async () => {
              const job = await page.request.get(bulkJobPath(jobId), {
                headers: { [TOKEN_HEADER]: await token(page) },
              });
              return ((await job.json()) as { job: { state: string } }).job.state;
            },
            // Deleting those 2,001 products is a job as long as making them.
            { timeout: 90_000 },
          )
          .toBe('completed');
      }
    }
  });

  test("a file that is not UTF-8 is refused with the server's message, and nothing is previewed", async ({ page }) => {
    await page.goto('/list');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    await expect(dialog.getByText(`at most ${IMPORT_ROW_LIMIT.toLocaleString('en-US')} rows`)).toBeVisible();
    // Windows-1252, as a spreadsheet saves plain 'CSV': é is the one byte 0xE9.
    const buffer = Buffer.from('id,name,description,price\r\n,Café,A cup,1\r\n', 'latin1');
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'windows.csv', mimeType: 'text/csv', buffer });
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'The file could not be previewed' });
    await expect(alert).toContainText(IMPORT_MESSAGES.notUtf8);
    await expect(dialog.getByRole('list', { name: 'Import summary' })).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Confirm import' })).toBeHidden();
  });

  test('a file that would change nothing cannot be confirmed', async ({ page }) => {
    const suffix = unique();
    await addProductThroughApi(page, `Unchanged figure ${suffix}`);
    const rows = await exportedProducts(page, suffix);
    const buffer = Buffer.from(`\uFEFF${stringify(rows, { record_delimiter: '\r\n' })}`, 'utf8');
    await page.goto('/list');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'same.csv', mimeType: 'text/csv', buffer });
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(dialog.getByText('nothing would change')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
  });
});

// The Users screen's Export CSV is among its actions in responsive.spec.ts.
test('CSV screens at 375, 768 and 1440 px: the controls are on screen; axe finds nothing serious, in light and dark', async ({
  page,
}) => {
  const widths = async (check: (width: number) => Promise<void>) => {
    for (const width of WIDTHS) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await check(width);
      });
    }
  };

  // Each state opened once, at 375 px; the window then takes the wider widths (a resize: the page
  // keeps its state and lays itself out again).
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await widths(async (width) => {
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
    await expect(page.getByRole('menuitem', { name: 'One line per order item' })).toBeInViewport();
    await noSidewaysScroll(page);
    if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the export menu');
  });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'One line per order item' })).toBeHidden();

  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto('/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
  await widths(async () => {
    await expect(page.getByRole('button', { name: /^Modify / }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Import CSV' })).toBeInViewport();
    await noSidewaysScroll(page);
  });
  const bad = Buffer.from(
    '\uFEFFid,name,description,price\r\n,A new one,Text,12.00\r\n,No price,Text,\r\nnot-an-id,Wrong,Text,1.00\r\n',
  );
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  const dialog = await openImport(page, bad);
  await widths(async (width) => {
    await expect(dialog.getByRole('table', { name: 'Bad rows' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm import' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('button', { name: 'Confirm import' })).toBeInViewport();
    if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the import preview');
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

async function openImport(page: Page, buffer: Buffer) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer });
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByRole('list', { name: 'Import summary' })).toBeVisible();
  return dialog;
}
