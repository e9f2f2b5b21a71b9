import { API_PATHS, MESSAGES, TOKEN_HEADER } from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import { adminToken } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import type { StorefrontOrder, StorefrontOrderItem } from './shop-database';

/*
 * The Orders screen (spec 2 section 2) against the real app. The shop also holds the demo orders,
 * so every test places its own orders with names, e-mails and phones no other order has, and
 * searches for them.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const item = (name: string, extra: Partial<StorefrontOrderItem> = {}): StorefrontOrderItem => ({
  name,
  quantity: 1,
  unitPriceCents: 1000,
  ...extra,
});

/** A customer no other order has: last name, e-mail and phone all carry the suffix. */
function customer(suffix: string): Pick<StorefrontOrder, 'firstName' | 'lastName' | 'email' | 'phone'> {
  return {
    firstName: 'Robin',
    lastName: `Tester${suffix}`,
    email: `robin.${suffix}@orders.example`,
    phone: `+1 555 ${suffix}`,
  };
}

const card = (page: Page, id: string) => page.getByRole('article', { name: `Order ${id}` });
const cards = (page: Page) => page.getByRole('region', { name: 'Orders' }).getByRole('article');
const found = (page: Page, count: number) =>
  expect(page.getByText(`${count} ${count === 1 ? 'order' : 'orders'} found`, { exact: true })).toBeVisible();

/** The background colour of the status badge holding this text. */
const badgeColor = (status: Locator) =>
  status.evaluate((element) => getComputedStyle(element.closest('.mantine-Badge-root') ?? element).backgroundColor);

/** The status selector of an order's card: a listbox (combobox), not a native select. */
const statusSelect = (page: Page, id: string) =>
  card(page, id).getByRole('combobox', { name: `Status of order ${id}` });

/** Chooses a status with the mouse: open the selector, click the option. */
async function chooseStatus(page: Page, id: string, status: string) {
  await statusSelect(page, id).click();
  await page.getByRole('listbox').getByRole('option', { name: status, exact: true }).click();
}

async function search(page: Page, by: string, text: string) {
  await page.getByLabel('Search by').selectOption(by);
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
}

async function openOrders(page: Page) {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

test('searches by e-mail and order id; a card shows image, names, status and the totals row', async ({
  page,
  shop,
}) => {
  const suffix = unique();
  const id = await shop.placeOrder({
    ...customer(suffix),
    items: [
      item('Nebula Figure', { quantity: 2, unitPriceCents: 1250 }),
      item('Spinner Pro', { image: 'https://images.example/spinner.png' }),
      item('Desk Lamp'),
      item('Keyring'),
      item('Poster'),
    ],
    amountCents: 6500,
    payment: true,
    paymentMethod: 'Stripe',
  });
  await openOrders(page);
  await expect(page.getByLabel('Orders per page')).toHaveValue('5');
  await expect(page.getByLabel('Orders per page').locator('option:not([disabled])')).toHaveText([
    '10',
    '15',
    '20',
    '50',
  ]);
  await expect(page.getByLabel('Delivery').locator('option')).toHaveText(['All Orders', 'Delivered', 'Not Delivered']);
  await expect(page.getByLabel('Search by').locator('option')).toHaveText([
    'Order ID',
    'User Name',
    'Email',
    'Phone',
    'Date Range',
  ]);

  await search(page, 'Email', `ROBIN.${suffix}@`);
  await expect(page).toHaveURL(/searchBy=email/);
  await found(page, 1);
  const order = card(page, id);
  await expect(cards(page)).toHaveCount(1);
  await expect(order.getByText('Nebula Figure, Spinner Pro, Desk Lamp +2 more')).toBeVisible();
  await expect(order.getByText('Status: Order Placed')).toBeVisible();
  await expect(order.getByText('Total items: 6')).toBeVisible();
  await expect(order.getByText('Total paid: $65.00')).toBeVisible();
  await expect(order.getByText('Method: Stripe')).toBeVisible();
  await expect(order.getByText('Payment: Done')).toBeVisible();
  await expect(order.getByText('Tracking number: None')).toBeVisible();
  // The first item has no image: the default one stands in.
  await expect(order.getByRole('img', { name: 'Nebula Figure' })).toHaveAttribute(
    'src',
    /default-order-image|^data:image\/svg\+xml/,
  );

  await search(page, 'Order ID', id.slice(-10).toUpperCase());
  await expect(page).toHaveURL(new RegExp(`search=${id.slice(-10).toUpperCase()}`));
  await expect(cards(page)).toHaveCount(1);
  await expect(order).toBeVisible();

  await search(page, 'Phone', `nobody-${suffix}`);
  await expect(page.getByText(MESSAGES.noOrders)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Order pages' })).toBeHidden();
});

test('searches by a date range, both days included, newest first', async ({ page, shop }) => {
  const suffix = unique();
  // A year long before the demo shop's orders, different on each run.
  const year = 1990 + Math.floor(Math.random() * 20);
  const day = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
  const place = (d: number, hour: number) =>
    shop.placeOrder({
      ...customer(`${suffix}${d}`),
      items: [item(`Dated ${d}`)],
      createdAt: new Date(`${day(d)}T${String(hour).padStart(2, '0')}:00:00Z`),
    });
  const before = await place(9, 23);
  const first = await place(10, 0);
  const last = await place(12, 23);
  const after = await place(13, 0);

  await openOrders(page);
  await page.getByLabel('Search by').selectOption('Date Range');
  const start = page.getByRole('textbox', { name: 'Start date' });
  const end = page.getByRole('textbox', { name: 'End date' });
  await start.fill(day(10));
  await start.press('Escape');
  await end.fill(day(12));
  await end.press('Escape');
  await expect(page).toHaveURL(new RegExp(`startDate=${day(10)}.*endDate=${day(12)}`));
  await found(page, 2);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).nth(0)).toHaveAccessibleName(`Order ${last}`);
  await expect(cards(page).nth(1)).toHaveAccessibleName(`Order ${first}`);
  await expect(card(page, before)).toBeHidden();
  await expect(card(page, after)).toBeHidden();

  // The view is in the URL: a reload shows the same orders.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Start date' })).toHaveValue(day(10));
  await found(page, 2);
});

test('filters by delivery, changes orders per page and pages with page-number buttons', async ({ page, shop }) => {
  const suffix = unique();
  const lastName = `Pager${suffix}`;
  const base = Date.now() - 60_000;
  for (let i = 0; i < 12; i++) {
    await shop.placeOrder({
      ...customer(`${suffix}${i}`),
      lastName,
      items: [item(`Paged ${i}`)],
      status: i % 3 === 0 ? 'Delivered' : 'Packing',
      createdAt: new Date(base + i * 1000),
    });
  }
  await openOrders(page);
  await search(page, 'User Name', lastName.toLowerCase());
  await found(page, 12);
  await expect(cards(page)).toHaveCount(5);
  const pages = page.getByRole('navigation', { name: 'Order pages' });
  await expect(pages.getByRole('button', { name: 'Page 3' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Page 4' })).toHaveCount(0);

  await pages.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/[?&]page=3\b/);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).getByText('Paged 0', { exact: true })).toBeVisible();

  // Any filter change goes back to page 1.
  await page.getByLabel('Delivery').selectOption('Delivered');
  await expect(page).not.toHaveURL(/[?&]page=/);
  await found(page, 4);
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).getByText('Status: Delivered')).toHaveCount(4);
  await expect(pages).toBeHidden();

  await page.getByLabel('Delivery').selectOption('Not Delivered');
  await found(page, 8);
  await expect(cards(page).getByText('Status: Delivered')).toHaveCount(0);
  await expect(cards(page).getByText('Status: Packing')).toHaveCount(5);

  await page.getByLabel('Orders per page').selectOption('10');
  await expect(page).toHaveURL(/pageSize=10/);
  await expect(cards(page)).toHaveCount(8);
  await expect(pages).toBeHidden();

  await page.getByLabel('Delivery').selectOption('All Orders');
  await found(page, 12);
  await expect(cards(page)).toHaveCount(10);
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(page).not.toHaveURL(/search=|page=/);
  await expect(cards(page)).toHaveCount(10);
});

test('opens one order at a time, with customer, address, items and summary', async ({ page, shop }) => {
  const suffix = unique();
  const lastName = `Details${suffix}`;
  const older = await shop.placeOrder({
    ...customer(`${suffix}a`),
    lastName,
    phone: '',
    items: [
      item('Red Medium Tee', { quantity: 2, unitPriceCents: 1250, color: 'red|M' }),
      item('Large Poster', { color: 'null|L' }),
      item('Blue Mug', { unitPriceCents: 799, color: 'blue|null' }),
    ],
    paymentMethod: 'COD',
    street: '1 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    country: 'US',
    createdAt: new Date(Date.now() - 60_000),
  });
  const newer = await shop.placeOrder({ ...customer(`${suffix}b`), lastName, items: [item('Only Item')] });

  await openOrders(page);
  await search(page, 'User Name', lastName);
  await expect(cards(page)).toHaveCount(2);

  const a = card(page, older);
  const b = card(page, newer);
  await a.getByRole('button', { name: 'Order Details' }).click();
  await expect(a.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  const customerInfo = a.getByRole('region', { name: 'Customer Information' });
  await expect(customerInfo.getByText(`Name: Robin ${lastName}`)).toBeVisible();
  await expect(customerInfo.getByText(`Email: robin.${suffix}a@orders.example`)).toBeVisible();
  await expect(customerInfo.getByText('Phone: N/A')).toBeVisible();
  const address = a.getByRole('region', { name: 'Shipping Address' });
  for (const line of ['Street: 1 Elm Street', 'City: Springfield', 'State: IL', 'Country: US', 'ZIP: 62701']) {
    await expect(address.getByText(line)).toBeVisible();
  }
  const items = a.getByRole('region', { name: 'Order Items' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Red Medium Tee');
  await expect(items.nth(0)).toContainText('2 × $12.50');
  await expect(items.nth(0)).toContainText('Color: red');
  await expect(items.nth(0)).toContainText('Size: M');
  await expect(items.nth(0)).toContainText('$25.00');
  await expect(items.nth(1)).toContainText('Size: L');
  await expect(items.nth(1)).not.toContainText('Color');
  await expect(items.nth(2)).toContainText('Color: blue');
  await expect(items.nth(2)).not.toContainText('Size');
  await expect(items.nth(0).getByRole('img', { name: 'Red Medium Tee' })).toBeVisible();
  const summary = a.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Payment Method: COD')).toBeVisible();
  await expect(summary.getByText('Payment Status: Pending')).toBeVisible();
  await expect(summary.getByText('Total: $42.99')).toBeVisible();
  await expect(summary.getByText(/^Date: \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/)).toBeVisible();
  await expect(a.getByText('Payment: Pending')).toBeVisible();

  // Opening another order closes the first.
  await b.getByRole('button', { name: 'Order Details' }).click();
  await expect(b.getByRole('region', { name: 'Customer Information' })).toBeVisible();
  await expect(customerInfo).toBeHidden();
  await expect(a.getByRole('button', { name: 'Order Details' })).toHaveAttribute('aria-expanded', 'false');

  await b.getByRole('button', { name: 'Close Details' }).click();
  await expect(b.getByRole('region', { name: 'Customer Information' })).toBeHidden();
  await expect(b.getByRole('button', { name: 'Order Details' })).toBeVisible();

  // The grid view shows the same cards; details open across the row.
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');
  await a.getByRole('button', { name: 'Order Details' }).click();
  await expect(customerInfo).toBeVisible();
});

test('changes a status to Shipped with a tracking number through both dialogs, and Back keeps it', async ({
  page,
  shop,
}) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Shippable')] });
  await openOrders(page);
  await search(page, 'Email', `robin.${suffix}@`);
  const order = card(page, id);
  const status = statusSelect(page, id);
  await expect(status).toHaveValue('Order Placed');

  // Cancel discards.
  await chooseStatus(page, id, 'Packing');
  const change = page.getByRole('dialog', { name: 'Confirm Status Change' });
  await expect(change).toBeVisible();
  await expect(change.getByRole('textbox')).toHaveCount(0);
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
  await expect(status).toHaveValue('Order Placed');

  await chooseStatus(page, id, 'Shipped');
  await expect(change).toBeVisible();
  const tracking = change.getByRole('textbox', { name: 'Tracking number (optional)' });
  await expect(tracking).toHaveValue('');
  await tracking.fill(`  TRK-${suffix}  `);
  await change.getByRole('button', { name: 'Continue' }).click();

  const update = page.getByRole('dialog', { name: 'Confirm Status Update' });
  await expect(update).toBeVisible();
  await expect(change).toBeHidden();
  await expect(update.getByText(`Tracking number: TRK-${suffix}`)).toBeVisible();

  // Back returns to the first dialog with the number kept.
  await update.getByRole('button', { name: 'Back' }).click();
  await expect(change).toBeVisible();
  await expect(update).toBeHidden();
  await expect(change.getByRole('textbox', { name: 'Tracking number (optional)' })).toHaveValue(`  TRK-${suffix}  `);
  await change.getByRole('button', { name: 'Continue' }).click();
  await update.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText(MESSAGES.orderStatusUpdated)).toBeVisible();
  await expect(update).toBeHidden();
  await expect(change).toBeHidden();
  await expect(order.getByText('Status: Shipped')).toBeVisible();
  await expect(order.getByText(`Tracking number: TRK-${suffix}`)).toBeVisible();
  await expect(status).toHaveValue('Shipped');

  // Editing the tracking number opens the dialog with Shipped and the number prefilled.
  await order.getByRole('button', { name: `Edit tracking number for order ${id}` }).click();
  await expect(change).toBeVisible();
  // Worded as a tracking number change, not as 'from Shipped to Shipped'.
  await expect(change).toContainText(`Change the tracking number of order ${id}?`);
  await expect(change).not.toContainText('from Shipped to Shipped');
  await expect(change.getByRole('textbox', { name: 'Tracking number (optional)' })).toHaveValue(`TRK-${suffix}`);
  await change.getByRole('textbox', { name: 'Tracking number (optional)' }).fill('');
  await change.getByRole('button', { name: 'Continue' }).click();
  await expect(update).toContainText(`Update the tracking number of order ${id}.`);
  await expect(update.getByText(MESSAGES.noTrackingNumber)).toBeVisible();
  await update.getByRole('button', { name: 'Close' }).click();
  await expect(update).toBeHidden();

  // Closing discards what was typed: the next edit starts again from the order's number.
  await order.getByRole('button', { name: `Edit tracking number for order ${id}` }).click();
  await expect(change.getByRole('textbox', { name: 'Tracking number (optional)' })).toHaveValue(`TRK-${suffix}`);
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();

  // The details fetch the history from its own call.
  const historyCall = page.waitForResponse((r) => r.url().includes(`/api/order/${id}/history`));
  await order.getByRole('button', { name: 'Order Details' }).click();
  expect((await historyCall).status()).toBe(200);
  await expect(order.getByRole('region', { name: 'Status History' })).toContainText('Shipped');
  await expect(order.getByRole('region', { name: 'Status History' })).toContainText(`Tracking number: TRK-${suffix}`);
});

test('steps through statuses with the keyboard: only a choice opens the dialog, and the focus comes back', async ({
  page,
  shop,
}) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Keyed')], status: 'Packing' });
  await openOrders(page);
  await search(page, 'Email', `robin.${suffix}@`);
  const status = statusSelect(page, id);
  const listbox = page.getByRole('listbox');
  const change = page.getByRole('dialog', { name: 'Confirm Status Change' });
  const update = page.getByRole('dialog', { name: 'Confirm Status Update' });

  // Arrow keys open the list and move through it; no dialog until Enter.
  await status.focus();
  await status.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await status.press('ArrowDown');
  await status.press('ArrowDown');
  await status.press('ArrowUp');
  await status.press('ArrowDown');
  await expect(change).toBeHidden();
  await expect(status).toHaveValue('Packing');
  await status.press('Enter');
  await expect(change).toBeVisible();
  await expect(change).toContainText(`Change the status of order ${id} from Packing to Shipped?`);

  // Escape closes it and the focus is back on the selector, the status unchanged.
  await page.keyboard.press('Escape');
  await expect(change).toBeHidden();
  await expect(status).toBeFocused();
  await expect(status).toHaveValue('Packing');

  // Cancel too.
  await status.press('ArrowDown');
  await status.press('ArrowUp');
  await status.press('Enter');
  await expect(change).toContainText('from Packing to In Production?');
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toBeHidden();
  await expect(status).toBeFocused();

  // Through the second dialog and Back: the focus stays in the dialogs, then returns to the selector.
  await status.press('ArrowDown');
  for (let i = 0; i < 4; i++) await status.press('ArrowDown');
  await status.press('Enter');
  await expect(change).toContainText('from Packing to Delivered?');
  await expect(change.getByRole('textbox', { name: 'Discount code (optional)' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(update).toBeVisible();
  await update.getByRole('button', { name: 'Back' }).click();
  await expect(change).toBeVisible();
  await expect(change.getByRole('textbox', { name: 'Discount code (optional)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(change).toBeHidden();
  await expect(status).toBeFocused();

  // A change sent from the keyboard: the focus is back on the selector, showing the new status.
  await status.press('ArrowDown');
  for (let i = 0; i < 5; i++) await status.press('ArrowDown');
  await status.press('Enter');
  await expect(change).toContainText('from Packing to Exchanged?');
  await change.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(MESSAGES.orderStatusUpdated)).toBeVisible();
  await expect(change).toBeHidden();
  await expect(status).toHaveValue('Exchanged');
  await expect(status).toBeFocused();

  // The tracking number's edit button has the focus back after its dialog.
  const edit = card(page, id).getByRole('button', { name: `Edit tracking number for order ${id}` });
  await edit.click();
  await expect(change).toContainText(
    `Change the tracking number of order ${id}? Its status changes from Exchanged to Shipped.`,
  );
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeFocused();
});

test('the details fetch the status history from its own call, 100 at a time with Load more', async ({ page, shop }) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Historic')], status: 'Shipped' });
  // 150 changes an hour apart, the newest a Shipped one with a tracking number.
  await shop.pool.query(
    `insert into order_status_changes (id, order_id, status, tracking_number, admin_name, created_at)
     select substr(md5($1 || g), 1, 24), $1, case when g % 2 = 1 then 'Shipped' else 'Packing' end,
            case when g % 2 = 1 then 'TRK-' || g end, 'Olga Admin', now() - make_interval(hours => g)
       from generate_series(1, 150) g`,
    [id],
  );
  await openOrders(page);
  const listCall = page.waitForResponse(
    (r) => r.url().endsWith(API_PATHS.orderList) && (r.request().postData() ?? '').includes(suffix),
  );
  await search(page, 'Email', `robin.${suffix}@`);
  // The list carries the latest change only.
  const listed = (await (await listCall).json()).orders.find((o: { _id: string }) => o._id === id);
  expect(listed.statusHistory).toBeUndefined();
  expect(listed.lastStatusChange).toMatchObject({ status: 'Shipped', trackingNumber: 'TRK-1' });
  const order = card(page, id);
  await expect(order).toBeVisible();

  const firstPage = page.waitForResponse((r) => r.url().includes(`/api/order/${id}/history`));
  await order.getByRole('button', { name: 'Order Details' }).click();
  const first = await firstPage;
  expect(first.status()).toBe(200);
  expect(new URL(first.url()).search).toBe('');
  const history = order.getByRole('region', { name: 'Status History' });
  const changes = history.getByRole('group', { name: 'Status changes' }).getByRole('listitem');
  await expect(changes).toHaveCount(100);
  await expect(changes.first()).toContainText('Shipped');
  await expect(changes.first()).toContainText('by Olga Admin');
  await expect(changes.first()).toContainText('Tracking number: TRK-1');
  await expect(history.getByText('Showing 100 of 150 changes')).toBeVisible();

  const nextPage = page.waitForResponse((r) => r.url().includes(`/api/order/${id}/history?before=`));
  await history.getByRole('button', { name: 'Load more' }).click();
  expect((await nextPage).status()).toBe(200);
  await expect(changes).toHaveCount(150);
  await expect(changes.last()).toContainText('Packing');
  await expect(history.getByText('150 changes', { exact: true })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('the status history says when it cannot be loaded, and Try again loads it', async ({ page, shop }) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Unlucky')] });
  await openOrders(page);
  await search(page, 'Email', `robin.${suffix}@`);
  const order = card(page, id);
  const historyUrl = `**/api/order/${id}/history*`;
  await page.route(historyUrl, (route) => route.fulfill({ status: 500, body: '' }));
  await order.getByRole('button', { name: 'Order Details' }).click();
  const history = order.getByRole('region', { name: 'Status History' });
  await expect(history.getByText('Failed to load the status history')).toBeVisible();
  // The rest of the details are there all the same.
  await expect(order.getByRole('region', { name: 'Order Items' })).toBeVisible();

  await page.unroute(historyUrl);
  await history.getByRole('button', { name: 'Try again' }).click();
  await expect(history.getByText('No status changes yet.')).toBeVisible();
  await expect(history.getByText('Failed to load the status history')).toBeHidden();
});

test('changes to Delivered with a discount code, then to another status at once', async ({ page, shop }) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Deliverable')], status: 'Shipped' });
  await openOrders(page);
  await search(page, 'Phone', suffix);
  const order = card(page, id);

  await chooseStatus(page, id, 'Delivered');
  const change = page.getByRole('dialog', { name: 'Confirm Status Change' });
  const update = page.getByRole('dialog', { name: 'Confirm Status Update' });
  await change.getByRole('button', { name: 'Continue' }).click();
  await expect(update.getByText(MESSAGES.noDiscountCode)).toBeVisible();
  await update.getByRole('button', { name: 'Back' }).click();
  await change.getByRole('textbox', { name: 'Discount code (optional)' }).fill(`THANKS-${suffix}`);
  await change.getByRole('button', { name: 'Continue' }).click();
  await expect(update.getByText(`Discount code: THANKS-${suffix}`)).toBeVisible();
  await update.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText(MESSAGES.orderStatusUpdated)).toBeVisible();
  const delivered = order.getByText('Status: Delivered');
  await expect(delivered).toBeVisible();
  // The contract's green (domain/order-badge.ts), as on the Dashboard.
  expect(await badgeColor(delivered)).toBe('rgb(204, 226, 216)');
  await order.getByRole('button', { name: 'Order Details' }).click();
  await expect(order.getByRole('region', { name: 'Status History' })).toContainText(`Discount code: THANKS-${suffix}`);

  // Any other status: Continue sends at once, without the second dialog.
  await chooseStatus(page, id, 'Refunded');
  await expect(change.getByRole('textbox')).toHaveCount(0);
  await change.getByRole('button', { name: 'Continue' }).click();
  await expect(change).toBeHidden();
  await expect(update).toBeHidden();
  const refunded = order.getByText('Status: Refunded');
  await expect(refunded).toBeVisible();
  expect(await badgeColor(refunded)).toBe('rgb(255, 247, 191)');
});

test('deletes an order after the confirmation; Cancel keeps it', async ({ page, shop }) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Doomed')] });
  await openOrders(page);
  await search(page, 'Email', `robin.${suffix}@`);
  const order = card(page, id);

  await order.getByRole('button', { name: `Delete order ${id}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Order' });
  await expect(confirm.getByText(MESSAGES.deleteOrderConfirm)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(order).toBeVisible();

  await order.getByRole('button', { name: 'Order Details' }).click();
  // The status history and the activity load above the details' buttons: once they are in, the
  // buttons stay where they are (a click aimed at one before could land on what arrived).
  await expect(order.getByRole('region', { name: 'Status History' })).toContainText('No status changes yet.');
  await expect(order.getByLabel(MESSAGES.loading)).toHaveCount(0);
  await order.getByRole('button', { name: 'Delete Order', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(MESSAGES.orderDeleted)).toBeVisible();
  await expect(order).toBeHidden();
  await expect(page.getByText(MESSAGES.noOrders)).toBeVisible();
});

test('the orders screen has no serious accessibility problems, with details, dialogs and date pickers', async ({
  page,
  shop,
}) => {
  const suffix = unique();
  const id = await shop.placeOrder({
    ...customer(suffix),
    items: [item('Accessible', { color: 'green|S' })],
    status: 'Delivered',
  });
  const serious = () => seriousIssues(page);

  await openOrders(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  // The list with a card's details open is measured in responsive.spec.ts (1440 px, light and dark).
  await search(page, 'Email', `robin.${suffix}@`);
  const order = card(page, id);
  await order.getByRole('button', { name: 'Order Details' }).click();
  await expect(order.getByRole('region', { name: 'Order Items' })).toBeVisible();

  await statusSelect(page, id).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('listbox').getByRole('option', { name: 'Shipped', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Status Change' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Status Update' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Grid view' }).click();
  await page.getByLabel('Search by').selectOption('Date Range');
  await page.getByRole('textbox', { name: 'Start date' }).click();
  await expect(page.getByRole('textbox', { name: 'End date' })).toBeVisible();
  expect(await serious()).toEqual([]);
});

test('a change made elsewhere shows without a reload', async ({ page, shop }) => {
  const suffix = unique();
  const id = await shop.placeOrder({ ...customer(suffix), items: [item('Watched')] });
  await openOrders(page);
  await search(page, 'Email', `robin.${suffix}@`);
  const order = card(page, id);
  await expect(order.getByText('Status: Order Placed')).toBeVisible();

  // Another admin (here: the same account, outside this page) changes the status.
  const answer = await page.request.post(API_PATHS.orderStatus, {
    headers: { [TOKEN_HEADER]: await adminToken(page) },
    data: { orderId: id, status: 'Packing' },
  });
  expect(answer.ok()).toBe(true);
  await expect(order.getByText('Status: Packing')).toBeVisible();
});
