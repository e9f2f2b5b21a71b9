import {
  API_PATHS,
  addMonths,
  BUNDLE_MESSAGES,
  BUNDLE_SCREEN_TEXT,
  type Bundle,
  bundleListResponseSchema,
  bundleResponseSchema,
  formatDiscountDay,
  MESSAGES,
  newObjectId,
  STORAGE_KEYS,
  TOKEN_HEADER,
} from '@backroom/contract';
import type { Locator, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { joinedAdminRoom } from './realtime';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';
import type { ShopDatabase } from './shop-database';
import { shopToday, todayShown } from './shop-day';

/*
 * The Bundle Sales screen (spec 2 section 2, issue 11) against the real app. Every bundle a test
 * changes is one it made, from products it made; names carry a unique suffix so they are found
 * among the rest of the shop.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The e2e server runs without SHOP_TIMEZONE: the shop's days are UTC days. */
/** The pickers show yyyy/MM/dd (spec 2 section 9). */
const shown = (day: string) => day.replaceAll('-', '/');

/** A real picture made by sharp: a solid colour PNG. */
async function picture(name: string, color: string) {
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

type Picture = Awaited<ReturnType<typeof picture>>;

/** Clicks a button that opens the file picker and picks the file, as a person would. */
async function pickFile(page: Page, button: Locator, file: Picture) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** Two products of the catalogue, straight in the database, with names no other product has. */
async function makeProducts(shop: ShopDatabase, suffix: string) {
  const made = [
    { id: newObjectId(), name: `Bundle Dragon ${suffix}`, priceCents: 1999 },
    { id: newObjectId(), name: `Bundle Cube ${suffix}`, priceCents: 2999 },
  ];
  for (const p of made) {
    await shop.pool.query('insert into products (id, name, price_cents) values ($1, $2, $3)', [
      p.id,
      p.name,
      p.priceCents,
    ]);
  }
  return made;
}

const token = adminToken;

/** Makes a bundle through the API (multipart), as another admin would; answers it. */
async function createByApi(page: Page, fields: { title: string; price: string; products: string[] }): Promise<Bundle> {
  const today = shopToday();
  const form = new FormData();
  form.append('title', fields.title);
  form.append('description', 'Made by the test');
  form.append('price', fields.price);
  form.append('startDate', today);
  form.append('endDate', addMonths(today, 1));
  form.append('products', JSON.stringify(fields.products));
  const image = await picture('api.png', '#2f9e44');
  form.append('images', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
  const answer = await page.request.post(API_PATHS.bundleCreate, {
    headers: { [TOKEN_HEADER]: await token(page) },
    multipart: form,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return bundleResponseSchema.parse(await answer.json()).bundle;
}

async function openBundles(page: Page) {
  await page.goto('/bundle-sale');
  await expect(page.getByRole('heading', { level: 1, name: BUNDLE_SCREEN_TEXT.title })).toBeVisible();
  await expect(page.getByLabel('Loading bundles')).toBeHidden();
}

/** The row of a bundle, found by its title. */
const row = (page: Page, title: string) =>
  page.getByRole('table', { name: 'Bundles' }).getByRole('row').filter({ hasText: title });

/** The bundles as the server now has them (GET /api/bundle/list). */
async function storedBundle(page: Page, id: string): Promise<Bundle | undefined> {
  const answer = await page.request.get(API_PATHS.bundleList, { headers: { [TOKEN_HEADER]: await token(page) } });
  expect(answer.ok()).toBe(true);
  return bundleListResponseSchema.parse(await answer.json()).bundles.find((b) => b._id === id);
}

/** A sent form is multipart (spec 2 section 7). */
const isMultipart = (request: Request) => request.headers()['content-type']?.startsWith('multipart/form-data;');

/** Picks a product in the form's picker by searching the server for it. */
async function pickProduct(dialog: Locator, page: Page, name: string, price: string) {
  const input = dialog.getByRole('combobox', { name: 'Products' });
  const searched = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === API_PATHS.productList && url.searchParams.get('q') === name;
  });
  await input.fill(name);
  const url = new URL((await searched).url());
  // The server searches the catalogue, 20 at most.
  expect([url.searchParams.get('page'), url.searchParams.get('pageSize')]).toEqual(['1', '20']);
  await page.getByRole('option', { name: `${name} (${price})` }).click();
}

test.describe('Bundle Sales', () => {
  test('Create New Bundle: the rules before sending, 2 products searched on the server, 2 images, the savings; listed and viewed', async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const [dragon, cube] = await makeProducts(shop, suffix);
    if (!dragon || !cube) throw new Error('no products made');
    const dayBefore = shopToday();
    await openBundles(page);
    let creates = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(API_PATHS.bundleCreate)) creates += 1;
    });

    await page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }).click();
    const dialog = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
    // The server's today, as the list answered it (the next day if midnight passed since dayBefore).
    const today = await todayShown(dialog.getByRole('button', { name: /^Start Date/ }), dayBefore, shown);
    await expect(dialog.getByRole('button', { name: /^End Date/ })).toHaveText(shown(addMonths(today, 1)));
    await expect(dialog.getByText(BUNDLE_MESSAGES.imagesHelp)).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Products' })).toHaveAttribute(
      'placeholder',
      BUNDLE_SCREEN_TEXT.searchProducts,
    );

    // Nothing is sent while a rule is broken; each says so.
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    for (const message of [
      BUNDLE_MESSAGES.titleRequired,
      BUNDLE_MESSAGES.priceRequired,
      BUNDLE_MESSAGES.selectProduct,
      BUNDLE_MESSAGES.imageRequired,
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    expect(creates).toBe(0);

    const title = `Starter pack ${suffix}`;
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('A dragon and a cube');
    await expect(dialog.getByText(BUNDLE_MESSAGES.titleRequired)).toBeHidden();

    await pickProduct(dialog, page, dragon.name, '$19.99');
    await pickProduct(dialog, page, cube.name, '$29.99');
    const selected = dialog.getByRole('list', { name: 'Selected products' });
    await expect(selected.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByText('Combined regular price: $49.98')).toBeVisible();
    await expect(dialog.getByText('Original total if bought individually: $49.98')).toBeVisible();
    await expect(dialog.getByText(/^Savings/)).toBeHidden();

    await dialog.getByRole('textbox', { name: /^Bundle Price/ }).fill('39.99');
    await expect(dialog.getByText('Savings: $9.99')).toBeVisible();

    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 1' }), await picture('one.png', '#e03131'));
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 2' }), await picture('two.png', '#1971c2'));
    await expect(dialog.getByRole('img', { name: 'Image 1 (new)' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Image 2 (new)' })).toBeVisible();
    await expect(dialog.getByText(BUNDLE_MESSAGES.imageRequired)).toBeHidden();
    // A file that is not an image is refused before anything is sent.
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 3' }), {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(page.getByText('Only image files can be uploaded')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload image 3' })).toBeVisible();

    // Checked at rest, not under the pointer's hover.
    await page.mouse.move(0, 0);
    expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(API_PATHS.bundleCreate)),
      dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click(),
    ]);
    expect(response.request().method()).toBe('POST');
    expect(isMultipart(response.request())).toBe(true);
    const created = bundleResponseSchema.parse(await response.json()).bundle;
    // What the server stored: the form's fields, both products in order, both images.
    expect(await storedBundle(page, created._id)).toMatchObject({
      title,
      description: 'A dragon and a cube',
      price: 39.99,
      startDate: today,
      endDate: addMonths(today, 1),
      products: [
        { _id: dragon.id, name: dragon.name, price: 19.99, removed: false },
        { _id: cube.id, name: cube.name, price: 29.99, removed: false },
      ],
      cancelled: false,
    });
    expect((await storedBundle(page, created._id))?.images).toHaveLength(2);

    await expect(page.getByText(MESSAGES.bundleCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    const line = row(page, title);
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('cell').nth(1)).toHaveText('$39.99');
    await expect(line.getByRole('cell').nth(2)).toHaveText(formatDiscountDay(today, 'en-US'));
    await expect(line.getByRole('cell').nth(4)).toHaveText('2');
    await expect(line.getByRole('cell').nth(5)).toHaveText('0');

    // View: the gallery with its thumbnails, title, description, price, dates.
    await line.getByRole('button', { name: `View ${title}` }).click();
    const view = page.getByRole('dialog', { name: 'Bundle Details' });
    const large = view.getByRole('img', { name: `${title}, image 1 of 2` });
    await expect(large).toBeVisible();
    await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await view.getByRole('button', { name: 'Show image 2 of 2' }).click();
    await expect(view.getByRole('img', { name: `${title}, image 2 of 2` })).toBeVisible();
    await expect(view.getByRole('button', { name: 'Show image 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
    await expect(view.getByRole('heading', { name: title })).toBeVisible();
    await expect(view.getByText('A dragon and a cube')).toBeVisible();
    await expect(view.getByText('$39.99', { exact: true })).toBeVisible();
    await expect(view.getByText(`${formatDiscountDay(today, 'en-US')} – `)).toBeVisible();
    expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);
    await view.getByRole('button', { name: 'Close' }).click();
    await expect(view).toBeHidden();
  });

  test("Modify: opens with the bundle's data, keeps or removes its images, adds one, changes the price", async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const [dragon, cube] = await makeProducts(shop, suffix);
    if (!dragon || !cube) throw new Error('no products made');
    const made = await createByApi(page, { title: `Duo ${suffix}`, price: '45', products: [dragon.id] });
    await openBundles(page);

    await row(page, made.title)
      .getByRole('button', { name: `Modify ${made.title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Modify Bundle' });
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue(made.title);
    await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Made by the test');
    await expect(dialog.getByRole('textbox', { name: /^Bundle Price/ })).toHaveValue('45.00');
    await expect(dialog.getByRole('button', { name: /^Start Date/ })).toHaveText(shown(made.startDate));
    await expect(dialog.getByRole('list', { name: 'Selected products' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByRole('img', { name: 'Image 1' })).toBeVisible();
    // $19.99 bought alone is less than $45: the form says the bundle costs more.
    await expect(dialog.getByText('Costs $25.01 more than the products bought individually')).toBeVisible();

    const title = `Duo renamed ${suffix}`;
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await pickProduct(dialog, page, cube.name, '$29.99');
    await dialog.getByRole('textbox', { name: /^Bundle Price/ }).fill('40');
    await expect(dialog.getByText('Savings: $9.98')).toBeVisible();
    // The kept image removed leaves no image: the form says so before sending.
    await dialog.getByRole('button', { name: 'Remove image 1' }).click();
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    await expect(dialog.getByText(BUNDLE_MESSAGES.imageRequired)).toBeVisible();
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 2' }), await picture('new.png', '#f59f00'));
    await expect(dialog.getByText(BUNDLE_MESSAGES.imageRequired)).toBeHidden();

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes(`/api/bundle/update/${made._id}`)),
      dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click(),
    ]);
    expect(request.method()).toBe('PUT');
    expect(isMultipart(request)).toBe(true);
    await expect(page.getByText(MESSAGES.bundleUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    const line = row(page, title);
    await expect(line.getByRole('cell').nth(1)).toHaveText('$40.00');
    await expect(line.getByRole('cell').nth(4)).toHaveText('2');
    await expect(row(page, made.title)).toHaveCount(0);
    const changed = await storedBundle(page, made._id);
    expect(changed).toMatchObject({ title, price: 40, products: [{ _id: dragon.id }, { _id: cube.id }] });
    // The old image was dropped, the new one is the only one.
    expect(changed?.images).toHaveLength(1);
    expect(changed?.images).not.toContain(made.images[0]);

    // Kept images travel as existingImages: a second Modify keeping the image sends it back.
    await line.getByRole('button', { name: `Modify ${title}` }).click();
    await expect(dialog.getByRole('img', { name: 'Image 1' })).toBeVisible();
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 2' }), await picture('b.png', '#7048e8'));
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    await expect(dialog).toBeHidden();
    const again = await storedBundle(page, made._id);
    expect(again?.images).toHaveLength(2);
    expect(again?.images[0]).toBe(changed?.images[0]);
    await line.getByRole('button', { name: `View ${title}` }).click();
    await expect(
      page.getByRole('dialog', { name: 'Bundle Details' }).getByRole('button', { name: /^Show image/ }),
    ).toHaveCount(2);
  });

  test('the server refuses what the form cannot catch: its message in the toast, the form kept open', async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const [dragon] = await makeProducts(shop, suffix);
    if (!dragon) throw new Error('no products made');
    await openBundles(page);
    await page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }).click();
    const dialog = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(`Vanishing ${suffix}`);
    await pickProduct(dialog, page, dragon.name, '$19.99');
    await dialog.getByRole('textbox', { name: /^Bundle Price/ }).fill('10');
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 1' }), await picture('v.png', '#e03131'));
    // Another admin deletes the product meanwhile.
    await shop.pool.query('delete from products where id = $1', [dragon.id]);
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    await expect(page.getByText(BUNDLE_MESSAGES.productUnknown(dragon.id))).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // What was typed goes only once the admin says so (decision 047).
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, `Vanishing ${suffix}`)).toHaveCount(0);
  });

  test('saving without a stored token says so and goes to /login, sending nothing', async ({ page, shop }) => {
    const suffix = unique();
    const [dragon] = await makeProducts(shop, suffix);
    if (!dragon) throw new Error('no products made');
    await openBundles(page);
    let saves = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(API_PATHS.bundleCreate)) saves += 1;
    });
    await page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }).click();
    const dialog = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(`No token ${suffix}`);
    await pickProduct(dialog, page, dragon.name, '$19.99');
    await dialog.getByRole('textbox', { name: /^Bundle Price/ }).fill('10');
    await pickFile(page, dialog.getByRole('button', { name: 'Upload image 1' }), await picture('t.png', '#e03131'));
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.token);
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    await expect(page.getByText(MESSAGES.noToken)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(saves).toBe(0);
  });

  test('Cancel and Undo Cancel: the row greyed and struck through, said to screen readers, then back', async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const [dragon] = await makeProducts(shop, suffix);
    if (!dragon) throw new Error('no products made');
    const made = await createByApi(page, { title: `Cancel me ${suffix}`, price: '15', products: [dragon.id] });
    await openBundles(page);
    const line = row(page, made.title);
    const title = line.getByText(made.title, { exact: true });
    await expect(title).toHaveCSS('text-decoration-line', 'none');

    await line.getByRole('button', { name: `Cancel ${made.title}` }).click();
    await expect(page.getByText(BUNDLE_MESSAGES.cancelled)).toBeVisible();
    await expect(line.getByText(BUNDLE_SCREEN_TEXT.cancelled, { exact: true })).toBeVisible();
    await expect(title).toHaveCSS('text-decoration-line', 'line-through');
    await expect(line.getByRole('cell').nth(1)).toHaveCSS('text-decoration-line', 'line-through');
    await expect(line.getByRole('button', { name: `Undo Cancel ${made.title}` })).toBeVisible();
    expect(await seriousIssues(page, { include: 'main' })).toEqual([]);

    await line.getByRole('button', { name: `Undo Cancel ${made.title}` }).click();
    await expect(page.getByText(BUNDLE_MESSAGES.restored)).toBeVisible();
    await expect(line.getByRole('button', { name: `Cancel ${made.title}` })).toBeVisible();
    await expect(line.getByText(BUNDLE_SCREEN_TEXT.cancelled, { exact: true })).toBeHidden();
    await expect(title).toHaveCSS('text-decoration-line', 'none');
  });

  test("Delete: 'Delete bundle?', Cancel keeps it, Delete removes it", async ({ page, shop }) => {
    const suffix = unique();
    const [dragon] = await makeProducts(shop, suffix);
    if (!dragon) throw new Error('no products made');
    const made = await createByApi(page, { title: `Delete me ${suffix}`, price: '12.50', products: [dragon.id] });
    await openBundles(page);

    await row(page, made.title)
      .getByRole('button', { name: `Delete ${made.title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.deleteTitle });
    await expect(dialog.getByText(BUNDLE_SCREEN_TEXT.deleteBody, { exact: false })).toBeVisible();
    expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, made.title)).toHaveCount(1);

    await row(page, made.title)
      .getByRole('button', { name: `Delete ${made.title}` })
      .click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(`/api/bundle/${made._id}`)),
      dialog.getByRole('button', { name: 'Delete', exact: true }).click(),
    ]);
    expect(request.method()).toBe('DELETE');
    await expect(page.getByText(MESSAGES.bundleDeleted)).toBeVisible();
    await expect(row(page, made.title)).toHaveCount(0);
  });

  test("follows another admin's changes over the socket, and warns on a bundle whose product was deleted", async ({
    page,
    shop,
  }) => {
    const suffix = unique();
    const [dragon, cube] = await makeProducts(shop, suffix);
    if (!dragon || !cube) throw new Error('no products made');
    const joined = joinedAdminRoom(page);
    await openBundles(page);
    await joined;

    // Another admin creates a bundle: it appears without a reload.
    const made = await createByApi(page, { title: `Live ${suffix}`, price: '30', products: [dragon.id, cube.id] });
    const line = row(page, made.title);
    await expect(line).toHaveCount(1);
    await expect(line.getByText(BUNDLE_SCREEN_TEXT.productRemoved)).toHaveCount(0);

    // A product deleted from the catalogue through the API (productsUpdated): the row warns.
    const answer = await page.request.post(API_PATHS.productRemove, {
      headers: { [TOKEN_HEADER]: await token(page) },
      data: { id: cube.id },
    });
    expect(answer.ok()).toBe(true);
    await expect(line.getByText(BUNDLE_SCREEN_TEXT.productRemoved)).toBeVisible();

    // Modify says which product is left out, and saving without it fixes the bundle.
    await line.getByRole('button', { name: `Modify ${made.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modify Bundle' });
    await expect(dialog.getByText(cube.name, { exact: false })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Selected products' }).getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).click();
    await expect(page.getByText(MESSAGES.bundleUpdated)).toBeVisible();
    await expect(line.getByText(BUNDLE_SCREEN_TEXT.productRemoved)).toHaveCount(0);
    await expect(line.getByRole('cell').nth(4)).toHaveText('1');

    // Another admin deletes it: the row goes.
    const removed = await page.request.delete(`/api/bundle/${made._id}`, {
      headers: { [TOKEN_HEADER]: await token(page) },
    });
    expect(removed.ok()).toBe(true);
    await expect(line).toHaveCount(0);
  });

  test("a failed load says 'Failed to load bundles'; a refused token ends the session", async ({ page }) => {
    await page.route(`**${API_PATHS.bundleList}`, (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/bundle-sale');
    // After its retries the screen says so, with Try again.
    const failed = page.getByRole('alert').filter({ hasText: MESSAGES.fetchBundlesFailed });
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByText(MESSAGES.fetchBundlesFailed).first()).toBeVisible();
    await page.unroute(`**${API_PATHS.bundleList}`);
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect(failed.getByRole('button', { name: 'Try again' })).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Bundles' }).or(page.getByText(BUNDLE_SCREEN_TEXT.empty)),
    ).toBeVisible();

    await page.route(`**${API_PATHS.bundleList}`, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"success":false,"message":"Not authorized"}',
      }),
    );
    await page.reload();
    await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

/** The dialogs at a phone, a tablet and a desktop width: nothing sideways, the actions on screen, axe clean. */
test('Bundle dialogs at 375, 768 and 1440 px: the form and the view fit, with their actions on screen; axe in light and dark', async ({
  page,
  shop,
}) => {
  const suffix = unique();
  const [dragon] = await makeProducts(shop, suffix);
  if (!dragon) throw new Error('no products made');
  const made = await createByApi(page, { title: `Fits ${suffix}`, price: '9.99', products: [dragon.id] });
  await openBundles(page);

  for (const width of [375, 768, AXE_WIDTH]) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      /** Each of these shown wholly inside the window. */
      const inView = async (locators: Locator[]) => {
        for (const locator of locators) {
          await expect(locator).toBeVisible();
          const box = await locator.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width, `${locator} is off screen`).toBe(true);
        }
      };
      const noSidewaysScroll = async () =>
        expect(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0)).toBeLessThanOrEqual(width);

      await page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew }).click();
      const form = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
      await inView([
        form.getByRole('combobox', { name: 'Products' }),
        form.getByRole('button', { name: /^End Date/ }),
        ...[1, 2, 3, 4, 5].map((n) => form.getByRole('button', { name: `Upload image ${n}` })),
      ]);
      await form.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }).scrollIntoViewIfNeeded();
      await inView([
        form.getByRole('button', { name: BUNDLE_SCREEN_TEXT.save }),
        form.getByRole('button', { name: 'Cancel' }),
      ]);
      await noSidewaysScroll();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the form', { include: '[role=dialog]' });
      await form.getByRole('button', { name: 'Cancel' }).click();
      await expect(form).toBeHidden();

      await row(page, made.title)
        .getByRole('button', { name: `View ${made.title}` })
        .click();
      const view = page.getByRole('dialog', { name: 'Bundle Details' });
      await inView([
        view.getByRole('img', { name: `${made.title}, image 1 of 1` }),
        view.getByRole('button', { name: 'Close' }),
      ]);
      await noSidewaysScroll();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the view', { include: '[role=dialog]' });
      await view.getByRole('button', { name: 'Close' }).click();
      await expect(view).toBeHidden();
    });
  }
});
