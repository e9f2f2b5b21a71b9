import { API_PATHS, type CategoryNode, MESSAGES, type Product, TOKEN_HEADER } from '@backroom/contract';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken } from './admin-api';
import { seriousIssues as serious } from './axe';
import { expect, test } from './fixtures';
import { joinedAdminRoom } from './realtime';
import { logToasts, toastsSaid } from './toast-log';

/** A real picture made by sharp: a solid colour, as PNG or JPEG. */
async function picture(name: string, color: string, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({ create: { width: 48, height: 48, channels: 3, background: color } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

type Picture = Awaited<ReturnType<typeof picture>>;

/** Clicks a button that opens the file picker and picks these files, as a person would. */
async function pickFiles(page: Page, button: Locator, files: Picture[]) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(files);
}

const token = adminToken;

/** Adds a main category through the API, as another admin on /categories would. */
async function addCategory(request: APIRequestContext, auth: string, category: CategoryNode) {
  const headers = { [TOKEN_HEADER]: auth };
  const tree = (await (await request.get(API_PATHS.categoryTree, { headers })).json()).categories as CategoryNode[];
  const res = await request.put(API_PATHS.categoryTree, { headers, data: { categories: [...tree, category] } });
  expect(res.status()).toBe(200);
}

/** Adds a product through the API: 3 images (blue, red, no colour) and two accessories. */
async function addProductByApi(request: APIRequestContext, auth: string, name: string): Promise<Product> {
  const res = await request.post(API_PATHS.productAdd, {
    headers: { [TOKEN_HEADER]: auth },
    multipart: {
      name,
      description: 'Made for the browser tests',
      price: '40.00',
      mainCategory: 'Figures',
      subCategory: 'DC',
      subSubCategory: 'Male',
      bestseller: 'true',
      colorVariants: JSON.stringify(['blue', 'red']),
      clothingSizes: JSON.stringify(['M']),
      canvasSizes: JSON.stringify([]),
      hasAccessory: 'true',
      accessories: JSON.stringify([
        { name: 'Cape', price: 3 },
        { name: 'Display Base', price: 5 },
      ]),
      image1: await picture('one.png', '#1971c2'),
      image2: await picture('two.jpg', '#e03131', 'jpeg'),
      image3: await picture('three.png', '#f59f00'),
      accessory2_image1: await picture('base.png', '#495057'),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).product as Product;
}

/** The Name field of the modify modal's Basic Information (accessories have a Name too). */
const nameField = (modal: Locator) =>
  modal.getByRole('region', { name: 'Basic Information' }).getByRole('textbox', { name: 'Name', exact: true });

/** The colour picker of the n-th image in the modify modal. */
const colorOf = (modal: Locator, n: number) =>
  modal.getByRole('combobox', { name: `Color of image ${n}`, exact: true });

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** The product table's row showing this name. */
const row = (page: Page, name: string) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** The cell of the product's row under a column heading (the row starts with its selection box). */
async function cellUnder(page: Page, name: string, heading: string) {
  const headings = (await page.getByRole('table').getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const index = headings.indexOf(heading);
  expect(index, `the column '${heading}' among ${headings.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row(page, name).getByRole('cell').nth(index);
}

async function search(page: Page, text: string) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search products' }).fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
}

test('adds a product with images, colours, sizes and an accessory, then finds and views it', async ({ page }) => {
  const name = unique('Chrome Robot');
  const category = unique('Robots');

  const joined = joinedAdminRoom(page);
  await page.goto('/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await expect(page.getByLabel('Main Category')).toHaveValue('Figures');
  await joined;

  // A category added elsewhere reaches the open form over the socket.
  await addCategory(page.request, await token(page), {
    name: category,
    subCategories: ['Large', 'Small'],
    subSubCategories: ['Chrome', 'Matte'],
  });
  await expect(page.getByLabel('Main Category').locator('option', { hasText: category })).toHaveCount(1);

  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').first().fill('A shiny robot with a stand');
  await page.getByRole('textbox', { name: 'Price' }).first().fill('24.99');

  // Changing the main category resets sub and sub-sub to the first of the new one, in its order.
  await page.getByLabel('Main Category').selectOption(category);
  await expect(page.getByLabel('Sub Category', { exact: true })).toHaveValue('Large');
  await expect(page.getByLabel('Sub Sub Category')).toHaveValue('Chrome');
  await expect(page.getByLabel('Sub Category', { exact: true }).locator('option')).toHaveText(['Large', 'Small']);
  await page.getByLabel('Sub Category', { exact: true }).selectOption('Small');

  const status = page.getByRole('group', { name: 'Status flags' });
  await status.getByRole('checkbox', { name: 'Bestseller' }).check();
  await status.getByRole('checkbox', { name: 'New', exact: true }).check();

  await page.getByRole('button', { name: 'Show Color Selection' }).click();
  await expect(page.getByRole('button', { name: 'Hide Color Selection' })).toBeVisible();
  const colors = page.getByRole('group', { name: 'Colors' });
  await colors.getByText('blue', { exact: true }).click();
  await colors.getByText('red', { exact: true }).click();
  await expect(colors.getByRole('checkbox', { name: 'blue' })).toBeChecked();
  await page.getByRole('group', { name: 'Clothing Sizes' }).getByText('M', { exact: true }).click();

  await expect(page.getByText('0/10 images')).toBeVisible();
  await pickFiles(page, page.getByRole('button', { name: 'Upload image 1', exact: true }), [
    await picture('a.png', '#1971c2'),
  ]);
  await pickFiles(page, page.getByRole('button', { name: 'Upload image 2' }), [
    await picture('b.jpg', '#e03131', 'jpeg'),
  ]);
  await pickFiles(page, page.getByRole('button', { name: 'Upload image 3' }), [await picture('c.png', '#2f9e44')]);
  await expect(page.getByText('3/10 images')).toBeVisible();
  // The first colour picked goes to the first image, the second to the second.
  await expect(page.getByRole('img', { name: 'Image 1, blue' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image 2, red' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Image 3', exact: true })).toBeVisible();

  // The accessory count grows and shrinks the list; unchecking Has Accessory clears it.
  await page.getByRole('checkbox', { name: 'Has Accessory' }).check();
  const first = page.getByRole('group', { name: 'Accessory 1', exact: true });
  await first.getByLabel('Name').fill('Throwaway');
  await page.getByLabel('Number of Accessories').selectOption('3');
  await expect(page.getByRole('group', { name: /^Accessory \d$/ })).toHaveCount(3);
  await page.getByLabel('Number of Accessories').selectOption('1');
  await expect(page.getByRole('group', { name: /^Accessory \d$/ })).toHaveCount(1);
  await expect(first.getByLabel('Name')).toHaveValue('Throwaway');
  await page.getByRole('checkbox', { name: 'Has Accessory' }).uncheck();
  await expect(first).toBeHidden();
  await page.getByRole('checkbox', { name: 'Has Accessory' }).check();
  await expect(first.getByLabel('Name')).toHaveValue('');

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(first.getByText('Accessory name is required')).toBeVisible();
  await first.getByLabel('Name').fill('Display Stand');
  await first.getByRole('textbox', { name: 'Price' }).fill('4.5');
  await first.getByRole('checkbox', { name: 'Limited Edition' }).check();
  await pickFiles(page, first.getByRole('button', { name: 'Upload image for Accessory 1' }), [
    await picture('stand.png', '#495057'),
  ]);
  await expect(first.getByRole('img', { name: 'Accessory 1 image 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText(MESSAGES.productAdded)).toBeVisible();
  await expect(page).toHaveURL(/\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();

  // Found by search...
  await search(page, name.split(' ').at(-1) as string);
  await expect(page.getByText('1 products found')).toBeVisible();
  await expect(row(page, name)).toBeVisible();
  await expect(row(page, name)).toContainText('$24.99');
  await page.getByRole('button', { name: 'Close search' }).click();

  // ...and by the filters, with the new category's sub category.
  await page.getByLabel('Main category').selectOption(category);
  await page.getByLabel('Sub category', { exact: true }).selectOption('Small');
  await page.getByLabel('Status').selectOption('Bestseller');
  await expect(page.getByText('1 products found')).toBeVisible();
  await expect(await cellUnder(page, name, 'Sub Category')).toHaveText('Small');
  await expect(await cellUnder(page, name, 'Sub Sub Category')).toHaveText('Chrome');

  // The view modal shows the images with their colours, and the accessory's image.
  await row(page, name)
    .getByRole('button', { name: `View images of ${name}` })
    .click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByRole('img', { name: `${name} image 1, blue` })).toBeVisible();
  await expect(view.getByRole('img', { name: `${name} image 2, red` })).toBeVisible();
  await expect(view.getByRole('img', { name: `${name} image 3`, exact: true })).toBeVisible();
  await expect(view.getByText('blue', { exact: true })).toBeVisible();
  await expect(view.getByText('red', { exact: true })).toBeVisible();
  await expect(view.getByRole('heading', { name: 'Display Stand' })).toBeVisible();
  await expect(view.getByRole('img', { name: 'Display Stand image 1' })).toBeVisible();
  for (const img of await view.locator('img').all()) {
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await view.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(view).toBeHidden();
});

test('modifies a product: discount, statuses, images with colours, and an accessory removed', async ({ page }) => {
  const name = unique('Modify Me');
  const joined = joinedAdminRoom(page);
  await page.goto('/list');
  await joined;
  const product = await addProductByApi(page.request, await token(page), name);
  // The list refreshes by itself when a product is added elsewhere (productsUpdated).
  await expect(row(page, name)).toBeVisible();

  await row(page, name)
    .getByRole('button', { name: `Modify ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]edit=${product._id}`));
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  await expect(nameField(modal)).toHaveValue(name);
  await expect(modal.getByText('3/10 images')).toBeVisible();
  await expect(modal.getByText('7 slot(s) remaining')).toBeVisible();
  await expect(colorOf(modal, 1)).toHaveValue('blue');
  await expect(colorOf(modal, 2)).toHaveValue('red');
  await expect(colorOf(modal, 3)).toHaveValue('');

  // Discount through the quick select (0% to 100% in steps of 5).
  const quick = modal.getByLabel('Quick Select');
  await expect(quick.locator('option:not([disabled])')).toHaveCount(21);
  await quick.selectOption('15%');
  await expect(modal.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('15');
  // Values outside 0-100 are ignored.
  await modal.getByRole('textbox', { name: 'Discount (%)' }).pressSequentially('5');
  await expect(modal.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('15');

  // Statuses: the dropdown reads the single label, then 'N Statuses Selected'.
  const statuses = modal.getByRole('button', { name: 'Status' });
  await expect(statuses).toHaveText('Bestseller');
  await statuses.click();
  await page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Pre-order' }).click();
  await expect(statuses).toHaveText('2 Statuses Selected');
  await statuses.click();
  await expect(page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Pre-order' })).toBeHidden();
  await expect(modal.getByRole('button', { name: 'Colors' })).toHaveText('2 Colors Selected');

  // Remove the red image; add a new one and give it a colour.
  await modal.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(modal.getByText('2/10 images')).toBeVisible();
  await expect(modal.getByText('8 slot(s) remaining')).toBeVisible();
  await expect(colorOf(modal, 2)).toHaveValue('');
  // Its colour slot went with it.
  await expect(modal.getByRole('button', { name: 'Colors' })).toHaveText('blue');
  await pickFiles(page, modal.getByRole('button', { name: 'Upload images' }), [await picture('new.png', '#2f9e44')]);
  await expect(modal.getByText('3/10 images')).toBeVisible();
  await colorOf(modal, 3).selectOption('green');
  await expect(modal.getByRole('button', { name: 'Colors' })).toHaveText('2 Colors Selected');
  await expect(modal.getByRole('button', { name: 'Clear color of image 2' })).toBeDisabled();

  // More than 10 in all is refused.
  const many = await Promise.all(Array.from({ length: 8 }, (_, i) => picture(`m${i}.png`, '#868e96')));
  await pickFiles(page, modal.getByRole('button', { name: 'Upload images' }), many);
  await expect(page.getByText(MESSAGES.maxImages)).toBeVisible();
  await expect(modal.getByText('3/10 images')).toBeVisible();

  // Delete the first accessory (Cape): the second becomes accessory 1.
  await modal.getByRole('button', { name: 'Delete accessory 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Accessory' });
  await expect(confirm).toContainText('Are you sure you want to delete accessory 1?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(modal.getByRole('group', { name: /^Accessory \d$/ })).toHaveCount(1);
  await expect(modal.getByRole('group', { name: 'Accessory 1', exact: true }).getByLabel('Name')).toHaveValue(
    'Display Base',
  );

  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);

  // The list shows price × 0.85 with the original struck through and (-15%).
  const price = await cellUnder(page, name, 'Price');
  await expect(price.getByText('$34.00', { exact: true })).toBeVisible();
  await expect(price.getByText('$40.00', { exact: true })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(price.getByText('(-15%)', { exact: true })).toBeVisible();
  await expect(row(page, name)).toContainText('Pre-order');

  await row(page, name)
    .getByRole('button', { name: `View images of ${name}` })
    .click();
  const view = page.getByRole('dialog', { name });
  await expect(view.getByRole('img', { name: new RegExp(`^${name} image \\d`) })).toHaveCount(3);
  await expect(view.getByRole('img', { name: `${name} image 1, blue` })).toBeVisible();
  await expect(view.getByRole('img', { name: `${name} image 2`, exact: true })).toBeVisible();
  await expect(view.getByRole('img', { name: `${name} image 3, green` })).toBeVisible();
  await expect(view.getByRole('heading', { name: 'Display Base' })).toBeVisible();
  await expect(view.getByRole('heading', { name: 'Cape' })).toHaveCount(0);

  const answer = await page.request.get(`/api/product/${product._id}`, {
    headers: { [TOKEN_HEADER]: await token(page) },
  });
  const saved = (await answer.json()).product as Product;
  expect(saved.image).toHaveLength(3);
  expect(saved.image).not.toContain(product.image[1]);
  expect(saved.discount).toBe(15);
  expect(saved.preOrder).toBe(true);
  expect(saved.colorVariants).toEqual([
    { color: 'blue', image: product.image[0], stock: 0, outOfStock: false },
    { color: 'green', image: saved.image[2], stock: 0, outOfStock: false },
  ]);
});

test('/list?edit={id} opens the product in the modify modal; closing removes the parameter', async ({ page }) => {
  const name = unique('Deep Link');
  const product = await addProductByApi(page.request, await token(page), name);

  await page.goto(`/list?page=3&edit=${product._id}`);
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  await expect(nameField(modal)).toHaveValue(name);
  await expect(modal.getByRole('textbox', { name: 'Price' }).first()).toHaveValue('40');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/list\?page=3$/);

  await page.goBack();
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close dialog' }).click();
  await expect(page).not.toHaveURL(/edit=/);
});

test('a bad /list?edit= id says Product not found, opens no modal and leaves the list without it', async ({ page }) => {
  const product = await addProductByApi(page.request, await token(page), unique('Gone Soon'));
  const answer = await page.request.post(API_PATHS.productRemove, {
    headers: { [TOKEN_HEADER]: await token(page) },
    data: { id: product._id },
  });
  expect(answer.status()).toBe(200);

  // Not an id at all, and a well-formed id of a product that is no more.
  // The toast shows while the list loads: read from the log.
  await logToasts(page);
  for (const id of ['zzz', product._id]) {
    await page.goto(`/list?page=2&edit=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
    await expect.poll(() => toastsSaid(page)).toEqual([MESSAGES.productNotFound]);
    await expect(page).toHaveURL(/\/list\?page=2$/);
    await expect(page.getByRole('dialog', { name: 'Modify Product' })).toHaveCount(0);
    await expect(page.getByText(/must be a 24-character hex id/)).toHaveCount(0);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(10);
  }
});

test('removing the last accessory unticks Has Accessory, and the product saves without one', async ({ page }) => {
  const name = unique('Last Accessory');
  const product = await addProductByApi(page.request, await token(page), name);
  await page.goto(`/list?edit=${product._id}`);
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  await expect(nameField(modal)).toHaveValue(name);
  const hasAccessory = modal.getByRole('checkbox', { name: 'Has Accessory' });
  await expect(hasAccessory).toBeChecked();

  for (const n of [2, 1]) {
    await modal.getByRole('button', { name: `Delete accessory ${n}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Accessory' });
    await expect(confirm).toContainText(`Are you sure you want to delete accessory ${n}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
  await expect(hasAccessory).not.toBeChecked();
  await expect(modal.getByRole('group', { name: /^Accessory \d$/ })).toHaveCount(0);
  await expect(modal.getByLabel('Number of Accessories')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();
  await expect(modal).toBeHidden();
  const saved = (
    await (
      await page.request.get(`/api/product/${product._id}`, { headers: { [TOKEN_HEADER]: await token(page) } })
    ).json()
  ).product as Product;
  expect(saved.hasAccessory).toBe(false);
  expect(saved.accessories).toEqual([]);
});

test('deletes a product after Confirm Deletion', async ({ page }) => {
  await page.goto('/list');
  const name = unique('Delete Me');
  await addProductByApi(page.request, await token(page), name);
  await search(page, name);
  await expect(row(page, name)).toBeVisible();

  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this product?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, name)).toBeVisible();

  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.productRemoved)).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await expect(page.getByText('0 products found')).toBeVisible();
});

test('the add screen and the modify modal have no serious accessibility violations', async ({ page }) => {
  await page.goto('/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Product' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await page.getByRole('button', { name: 'Show Color Selection' }).click();
  await page.getByRole('checkbox', { name: 'Has Accessory' }).check();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Name is required')).toBeVisible();
  expect(await serious(page)).toEqual([]);

  const name = unique('Accessible');
  const product = await addProductByApi(page.request, await token(page), name);
  await page.goto(`/list?edit=${product._id}`);
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  await expect(modal.getByText('3/10 images')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await serious(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Status' }).click();
  await expect(page.getByRole('listbox', { name: 'Status' }).getByRole('option', { name: 'Bestseller' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
});
