import {
  API_PATHS,
  BULK_INLINE_LIMIT,
  BULK_PATHS,
  newObjectId,
  type Product,
  productListResponseSchema,
  TOKEN_HEADER,
} from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import { addProductThroughApi, adminToken } from './admin-api';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';
import type { ShopDatabase } from './shop-database';

/*
 * Bulk actions (issue 13) on the Orders and Product List screens against the real app: rows picked
 * by their boxes, or every row matching the filter (the server applies the filter); the two-step
 * status confirmation worded for N orders; a selection above BULK_INLINE_LIMIT runs as a job whose
 * progress shows, then its result line; each fits 375, 768 and 1440 px, and axe finds nothing
 * serious at 1440 px in either scheme.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const token = adminToken;

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });
const result = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

// Orders ----------------------------------------------------------------------------------------

/** `count` orders whose e-mails all hold `tag` (one search finds them all), newest last. */
async function placeOrders(shop: ShopDatabase, tag: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(
      await shop.placeOrder({
        items: [{ name: `Bulk item ${i}`, quantity: 1, unitPriceCents: 1000 }],
        firstName: 'Robin',
        lastName: `Bulk${tag}`,
        email: `bulk.${tag}.${i}@orders.example`,
        createdAt: new Date(Date.now() - (count - i) * 1000),
      }),
    );
  }
  return ids;
}

/** Many orders at once, in one statement (a job needs more than BULK_INLINE_LIMIT). */
async function placeManyOrders(shop: ShopDatabase, tag: string, count: number): Promise<void> {
  const userId = newObjectId();
  await shop.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
    userId,
    `Robin Bulk${tag}`,
    `robin.${userId}@customer.example`,
    'not-a-login',
  ]);
  const start = Date.now() - count * 1000;
  const ids = Array.from({ length: count }, (_, i) => newObjectId(new Date(start + i * 1000)));
  await shop.pool.query(
    `insert into orders (id, user_id, items, amount_cents, status, payment, payment_method, first_name, last_name,
       email, phone, street, city, state, zipcode, country, created_at)
     select id, $2, $3, 1000, 'Order Placed', false, 'COD', 'Robin', $4, $5 || ord || '@orders.example', '',
       '12 Harbour Road', 'Portsmouth', 'NH', '03801', 'US', now() - (($6 - ord) || ' seconds')::interval
       from unnest($1::text[]) with ordinality as t(id, ord)`,
    [
      ids,
      userId,
      JSON.stringify([
        { productId: null, name: 'Bulk item', image: null, quantity: 1, unitPriceCents: 1000, color: null },
      ]),
      `Bulk${tag}`,
      `bulk.${tag}.`,
      count,
    ],
  );
}

interface ProgressLog {
  progressSeen: string[];
}

/** Records each text the bulk progress display shows (and whether its bar is there), however briefly. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const log = window as unknown as ProgressLog;
    log.progressSeen = [];
    new MutationObserver(() => {
      const region = document.querySelector('[role="region"][aria-label="Bulk action progress"]');
      if (!region) return;
      const bar = region.querySelector('[role="progressbar"]') ? 'progressbar' : 'no bar';
      const text = `${region.querySelector('p')?.textContent ?? ''}|${bar}`;
      if (log.progressSeen.at(-1) !== text) log.progressSeen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

const orderCard = (page: Page, id: string) => page.getByRole('article', { name: `Order ${id}` });
const orderCards = (page: Page) => page.getByRole('region', { name: 'Orders' }).getByRole('article');

async function openOrders(page: Page, tag: string) {
  await page.goto(`/orders?searchBy=email&search=${encodeURIComponent(`bulk.${tag}.`)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

const ordersText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`;

async function confirmStatus(page: Page, status: 'Shipped' | 'Packing', count: number) {
  await bar(page).getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: status, exact: true }).click();
  const change = dialog(page, 'Confirm Status Change');
  await expect(change).toContainText(`Change the status of ${ordersText(count)} to ${status}?`);
  await change.getByRole('button', { name: 'Continue' }).click();
  if (status === 'Shipped') {
    const update = dialog(page, 'Confirm Status Update');
    await expect(update).toContainText(`Set the status of ${ordersText(count)} to Shipped.`);
    await expect(update).toContainText('No tracking number provided.');
    await update.getByRole('button', { name: 'Confirm' }).click();
  }
}

test.describe('orders', () => {
  test('two picked orders change status through the two-step confirmation', async ({ page, shop }) => {
    const tag = unique();
    const [oldest, middle, newest] = await placeOrders(shop, tag, 3);
    await openOrders(page, tag);
    await expect(orderCards(page)).toHaveCount(3);
    await expect(bar(page)).toBeHidden();

    await page.getByRole('checkbox', { name: `Select order ${newest}` }).check();
    await page.getByRole('checkbox', { name: `Select order ${oldest}` }).check();
    await expect(bar(page)).toContainText('2 selected');
    await expect(page.getByRole('checkbox', { name: 'Select all orders on this page' })).not.toBeChecked();

    await confirmStatus(page, 'Shipped', 2);
    await expect(result(page, '2 updated')).toBeVisible();
    for (const id of [newest, oldest] as string[])
      await expect(orderCard(page, id).getByRole('combobox', { name: `Status of order ${id}` })).toHaveValue('Shipped');
    await expect(
      orderCard(page, middle as string).getByRole('combobox', { name: `Status of order ${middle}` }),
    ).toHaveValue('Order Placed');
    // The selection is cleared; the tracking numbers were left empty.
    await expect(bar(page)).toBeHidden();
    await expect(orderCard(page, newest as string)).toContainText('Tracking number');
    const { rows } = await shop.pool.query<{ tracking_number: string | null }>(
      'select tracking_number from orders where id = any($1)',
      [[newest, oldest]],
    );
    expect(rows.map((row) => row.tracking_number)).toEqual([null, null]);

    // Changing them again to the same status skips them, and says why.
    await page.getByRole('checkbox', { name: `Select order ${newest}` }).check();
    await confirmStatus(page, 'Shipped', 1);
    await expect(result(page, '0 updated, 1 skipped: 1 already Shipped')).toBeVisible();
  });

  test('every order matching the filter is deleted; the list is then empty for it', async ({ page, shop }) => {
    const tag = unique();
    await placeOrders(shop, tag, 7);
    await openOrders(page, tag);
    await expect(page.getByText('7 orders found', { exact: true })).toBeVisible();
    await expect(orderCards(page)).toHaveCount(5);

    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await expect(bar(page)).toContainText('5 selected');
    await bar(page).getByRole('button', { name: 'Select all 7 orders matching this filter' }).click();
    await expect(bar(page)).toContainText('All 7 orders matching this filter selected');

    await bar(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = dialog(page, 'Delete Orders');
    await expect(confirm).toContainText('Delete 7 orders? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(result(page, '7 deleted')).toBeVisible();
    await expect(page.getByText('0 orders found', { exact: true })).toBeVisible();
    await expect(orderCards(page)).toHaveCount(0);
    const { rows } = await shop.pool.query('select 1 from orders where email like $1', [`bulk.${tag}.%`]);
    expect(rows).toHaveLength(0);
  });

  test('a selection above the inline limit runs as a job: progress, then its result', async ({ page, shop }) => {
    const tag = unique();
    const count = BULK_INLINE_LIMIT + 20;
    await placeManyOrders(shop, tag, count);
    await openOrders(page, tag);
    await expect(page.getByText(`${count} orders found`, { exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await bar(page)
      .getByRole('button', { name: `Select all ${count} orders matching this filter` })
      .click();
    // The job may be quick: every state the progress display passes through is recorded.
    await recordProgress(page);
    await confirmStatus(page, 'Packing', count);

    const progress = page.getByRole('region', { name: 'Bulk action progress' });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as ProgressLog).progressSeen))
      .toContainEqual(
        expect.stringMatching(new RegExp(`^(Waiting to start|Working): [0-9,]+ of ${count}\\|progressbar$`)),
      );
    await expect(result(page, `${count} updated`)).toBeVisible();
    await expect(progress).toBeHidden();
    // The list was refreshed at the end.
    const first = orderCards(page).first();
    await expect(first.getByRole('combobox', { name: /^Status of order / })).toHaveValue('Packing');
    const { rows } = await shop.pool.query<{ n: string }>(
      "select count(*) as n from orders where email like $1 and status = 'Packing'",
      [`bulk.${tag}.%`],
    );
    expect(Number(rows[0]?.n)).toBe(count);
  });

  test('with the socket down, the job is followed by polling and the list refreshed at its end', async ({
    page,
    shop,
  }) => {
    const tag = unique();
    const count = BULK_INLINE_LIMIT + 30;
    await placeManyOrders(shop, tag, count);
    // No realtime connection at all: neither bulkProgress nor ordersUpdated can arrive.
    await page.route('**/socket.io/**', (route) => route.abort());
    await openOrders(page, tag);
    await expect(page.getByText(`${count} orders found`, { exact: true })).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
    await bar(page)
      .getByRole('button', { name: `Select all ${count} orders matching this filter` })
      .click();
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    // A job (202), followed by GET /api/bulk/{jobId} alone.
    const started = page.waitForResponse((res) => res.url().endsWith(BULK_PATHS.orderBulk));
    const polled = page.waitForResponse((res) => res.url().includes('/api/bulk/') && res.status() === 200);
    await dialog(page, 'Delete Orders').getByRole('button', { name: 'Delete' }).click();
    expect((await started).status()).toBe(202);
    await polled;
    await expect(result(page, `${count} deleted`)).toBeVisible();
    await expect(page.getByText('0 orders found', { exact: true })).toBeVisible();
    await expect(orderCards(page)).toHaveCount(0);
  });
});

// Products --------------------------------------------------------------------------------------

/** Products named '{prefix} 1'… added through the API, as another admin on Add Product would. */
async function addProducts(page: Page, prefix: string, count: number): Promise<Product[]> {
  const added: Product[] = [];
  for (let i = 1; i <= count; i += 1) added.push(await addProductThroughApi(page, `${prefix} ${i}`));
  return added;
}

/** The products whose names hold `prefix`, as the API has them now. */
async function productsNamed(page: Page, prefix: string): Promise<Product[]> {
  const res = await page.request.get(`${API_PATHS.productList}?q=${encodeURIComponent(prefix)}&pageSize=100`, {
    headers: { [TOKEN_HEADER]: await token(page) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return productListResponseSchema.parse(await res.json()).products;
}

async function openProducts(page: Page, prefix: string) {
  await page.goto(`/list?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
}

/** Opens an action's dialog from the bar, fills it, confirms it. */
async function productAction(
  page: Page,
  action: string,
  title: string,
  fill?: (open: Locator) => Promise<unknown>,
  confirm = action,
) {
  await bar(page).getByRole('button', { name: action, exact: true }).click();
  const open = dialog(page, title);
  await expect(open).toBeVisible();
  await fill?.(open);
  await open.getByRole('button', { name: confirm, exact: true }).click();
  await expect(open).toBeHidden();
}

test.describe('products', () => {
  test('picked rows: set and clear a flag, a discount, another category, delete', async ({ page }) => {
    const prefix = `Bulkpick ${unique()}`;
    const [one, two, three] = (await addProducts(page, prefix, 3)) as [Product, Product, Product];
    await openProducts(page, prefix);
    await expect(page.getByText('3 products found')).toBeVisible();

    const pick = async () => {
      await page.getByRole('checkbox', { name: `Select product ${one.name}` }).check();
      await page.getByRole('checkbox', { name: `Select product ${two.name}` }).check();
      await expect(bar(page)).toContainText('2 selected');
    };
    const byId = async () => new Map((await productsNamed(page, prefix)).map((p) => [p._id, p]));

    await pick();
    await productAction(page, 'Set flag', 'Set Flag', (d) =>
      d.getByLabel('Flag').selectOption({ label: 'Bestseller' }),
    );
    await expect(result(page, '2 updated')).toBeVisible();
    await expect(bar(page)).toBeHidden();
    let now = await byId();
    expect([now.get(one._id)?.bestseller, now.get(two._id)?.bestseller, now.get(three._id)?.bestseller]).toEqual([
      true,
      true,
      false,
    ]);

    await pick();
    await productAction(page, 'Clear flag', 'Clear Flag', (d) =>
      d.getByLabel('Flag').selectOption({ label: 'Bestseller' }),
    );
    await expect(result(page, '2 updated')).toBeVisible();
    now = await byId();
    expect(now.get(one._id)?.bestseller).toBe(false);

    await pick();
    await productAction(page, 'Set discount', 'Set Discount', (d) => d.getByLabel('Discount (%)').fill('25'));
    await expect(result(page, '2 updated')).toBeVisible();
    now = await byId();
    expect([now.get(one._id)?.discount, now.get(two._id)?.discount, now.get(three._id)?.discount]).toEqual([25, 25, 0]);

    await pick();
    await productAction(
      page,
      'Move to category',
      'Move to Category',
      (d) => d.getByLabel('Main Category').selectOption('Fidgets'),
      'Move',
    );
    await expect(result(page, '2 updated')).toBeVisible();
    now = await byId();
    expect([now.get(one._id)?.mainCategory, now.get(three._id)?.mainCategory]).toEqual(['Fidgets', 'Figures']);
    await expect(page.getByRole('row', { name: new RegExp(`${one.name}`) })).toContainText('Fidgets');

    await pick();
    await productAction(page, 'Delete', 'Delete Products', async (d) => {
      await expect(d).toContainText('Delete 2 products? This action cannot be undone.');
    });
    await expect(result(page, '2 deleted')).toBeVisible();
    await expect(page.getByText('1 products found')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: `Select product ${three.name}` })).toBeVisible();
  });

  test('the whole filter: flag, discount and category on every match, then delete them all', async ({ page }) => {
    const prefix = `Bulkall ${unique()}`;
    await addProducts(page, prefix, 12);
    await openProducts(page, prefix);
    await expect(page.getByText('12 products found')).toBeVisible();

    const selectAll = async () => {
      await page.getByRole('checkbox', { name: 'Select all products on this page' }).check();
      await bar(page).getByRole('button', { name: 'Select all 12 products matching this filter' }).click();
      await expect(bar(page)).toContainText('All 12 products matching this filter selected');
    };

    await selectAll();
    await productAction(page, 'Set flag', 'Set Flag', async (d) => {
      await expect(d).toContainText('Set a flag on 12 products.');
      await d.getByLabel('Flag').selectOption({ label: 'Limited Edition' });
    });
    await expect(result(page, '12 updated')).toBeVisible();

    await selectAll();
    await productAction(page, 'Set discount', 'Set Discount', (d) => d.getByLabel('Discount (%)').fill('10'));
    await expect(result(page, '12 updated')).toBeVisible();

    await selectAll();
    await productAction(
      page,
      'Move to category',
      'Move to Category',
      (d) => d.getByLabel('Main Category').selectOption('Fidgets'),
      'Move',
    );
    await expect(result(page, '12 updated')).toBeVisible();
    const all = await productsNamed(page, prefix);
    expect(all).toHaveLength(12);
    for (const product of all) {
      expect(product).toMatchObject({ limitedEdition: true, discount: 10, mainCategory: 'Fidgets' });
    }

    await selectAll();
    await productAction(page, 'Delete', 'Delete Products', async (d) => {
      await expect(d).toContainText('Delete 12 products? This action cannot be undone.');
    });
    await expect(result(page, '12 deleted')).toBeVisible();
    await expect(page.getByText('No products found')).toBeVisible();
    expect(await productsNamed(page, prefix)).toHaveLength(0);
  });
});

// Widths and axe --------------------------------------------------------------------------------

const fits = async (page: Page) => {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
};

/**
 * The state on screen at 375, 768 and 1440 px in turn (the window resized: the page keeps its
 * state and lays itself out again): `check` at each, and axe in both schemes at 1440 px. The flow
 * goes on at 375 px, where the bar has the least room.
 */
async function atEachWidth(page: Page, what: string, check: () => Promise<void>) {
  for (const width of [375, 768, AXE_WIDTH]) {
    await test.step(`${what}, ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await check();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, what);
    });
  }
  await page.setViewportSize({ width: 375, height: 900 });
}

test('bulk actions at 375, 768 and 1440 px: the bar, a confirmation and the result fit; axe finds nothing serious in light and dark', async ({
  page,
  shop,
}) => {
  // The flow once, at 375 px; each of its states at each width (atEachWidth).
  await page.setViewportSize({ width: 375, height: 900 });
  const tag = unique();
  // The newest order is on the first page (5 a page).
  const id = (await placeOrders(shop, tag, 6)).at(-1);
  await openOrders(page, tag);
  await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
  await atEachWidth(page, 'the bar on Orders', async () => {
    await expect(bar(page).getByRole('button', { name: 'Select all 6 orders matching this filter' })).toBeVisible();
    await expect(bar(page).getByRole('button', { name: 'Change status' })).toBeInViewport();
    await fits(page);
  });
  await page.getByRole('checkbox', { name: `Select order ${id}` }).click();
  await expect(bar(page)).toContainText('4 selected');
  await bar(page).getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'Packing', exact: true }).click();
  await expect(page.getByRole('menu')).toBeHidden();
  await atEachWidth(page, 'Confirm Status Change', async () => {
    await expect(dialog(page, 'Confirm Status Change')).toBeVisible();
    await expect(dialog(page, 'Confirm Status Change').getByRole('button', { name: 'Continue' })).toBeInViewport();
  });
  await dialog(page, 'Confirm Status Change').getByRole('button', { name: 'Continue' }).click();
  await atEachWidth(page, 'the result on Orders', async () => {
    await expect(result(page, '4 updated')).toBeVisible();
    await fits(page);
  });

  const prefix = `Bulkwide ${unique()}`;
  const [product] = (await addProducts(page, prefix, 2)) as [Product];
  await openProducts(page, prefix);
  await page.getByRole('checkbox', { name: `Select product ${product.name}` }).check();
  await expect(bar(page)).toContainText('1 selected');
  await atEachWidth(page, 'the bar on Product List', async () => {
    for (const name of ['Set flag', 'Clear flag', 'Set discount', 'Move to category', 'Delete'])
      await expect(bar(page).getByRole('button', { name, exact: true })).toBeVisible();
    await fits(page);
  });
  await bar(page).getByRole('button', { name: 'Move to category' }).click();
  await expect(dialog(page, 'Move to Category')).toBeVisible();
  await dialog(page, 'Move to Category').getByLabel('Main Category').selectOption('Fidgets');
  await atEachWidth(page, 'Move to Category', async () => {
    await expect(dialog(page, 'Move to Category').getByRole('button', { name: 'Move', exact: true })).toBeInViewport();
  });
  await dialog(page, 'Move to Category').getByRole('button', { name: 'Move', exact: true }).click();
  await atEachWidth(page, 'the result on Product List', async () => {
    await expect(result(page, '1 updated')).toBeVisible();
    await fits(page);
  });
});
