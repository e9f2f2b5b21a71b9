import { MESSAGES, newObjectId, REMOVED_ADDRESSES_KEY, STORAGE_KEYS, TOKEN_HEADER } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';
import type { ShopDatabase } from './shop-database';

/*
 * The Users screen (spec 2 section 2) against the real app. The shop also holds the demo
 * customers, so every test makes its own users (names no one else has) and searches for them; the
 * destructive ones (role, delete) only ever touch those.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

interface Made {
  id: string;
  name: string;
  email: string;
}

/** A customer straight in the database, as the storefront makes them. */
async function makeUser(shop: ShopDatabase, label = 'Customer'): Promise<Made> {
  const id = newObjectId();
  const suffix = unique();
  const name = `${label} Zed${suffix}`;
  const email = `zed.${suffix}@users.example`;
  await shop.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
    id,
    name,
    email,
    'not-a-login',
  ]);
  return { id, name, email };
}

/** An order of that user, at a street of the test's choosing. */
async function addOrder(
  shop: ShopDatabase,
  user: Made,
  values: { item: string; amountCents: number; street: string; status?: string; daysAgo?: number },
) {
  const created = new Date(Date.now() - (values.daysAgo ?? 0) * 86_400_000);
  await shop.pool.query(
    `insert into orders (id, user_id, items, amount_cents, status, first_name, last_name, email, phone, street, city,
       state, zipcode, country, created_at)
     values ($1, $2, $3, $4, $5, 'Zed', 'Tester', $6, '555-0100', $7, 'Portsmouth', 'NH', '03801', 'US', $8)`,
    [
      newObjectId(created),
      user.id,
      JSON.stringify([
        {
          productId: null,
          name: values.item,
          image: null,
          quantity: 1,
          unitPriceCents: values.amountCents,
          color: null,
        },
      ]),
      values.amountCents,
      values.status ?? 'Order Placed',
      user.email,
      values.street,
      created,
    ],
  );
}

async function openUsers(page: Page, search?: string) {
  await page.goto(search ? `/users?q=${encodeURIComponent(search)}` : '/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByText('Manage registered users')).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

// The last files of the run (their names come last): each test on its own, so that both workers
// share out the end of the run instead of one finishing a whole file alone
// (docs/decisions/042-browser-suite.md). Each test makes its own records.
test.describe.configure({ mode: 'parallel' });

test.describe('Users', () => {
  test('shows the tiles, searches as the admin types and filters by role', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Searchable');
    await openUsers(page);
    for (const tile of ['Total Users', 'Active Users', 'Total Orders', 'Total Revenue']) {
      await expect(page.getByRole('listitem').filter({ hasText: tile })).toBeVisible();
    }
    await expect(page.getByRole('listitem').filter({ hasText: 'Total Revenue' })).toContainText('$');
    // Admins first: the first row is an admin's.
    await expect(page.getByRole('row').nth(1).getByRole('combobox')).toHaveValue('admin');

    await page.getByRole('textbox', { name: 'Search users' }).fill(user.name.split(' ')[1]?.toUpperCase() ?? '');
    await expect(row(page, user.name)).toHaveCount(1);
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    await expect(page).toHaveURL(/q=/);
    await expect(row(page, user.name)).toContainText(user.email);

    await page.getByRole('combobox', { name: 'Filter by role' }).selectOption({ label: 'Admins' });
    await expect(page.getByText(MESSAGES.noUsers)).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by role' }).selectOption({ label: 'Users' });
    await expect(row(page, user.name)).toHaveCount(1);
    await page.getByRole('textbox', { name: 'Search users' }).fill(`nobody-${unique()}`);
    await expect(page.getByText(MESSAGES.noUsers)).toBeVisible();
  });

  test('changes a role with its toast, highlights the admin, and back', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Promoted');
    await openUsers(page, user.name);
    const role = page.getByRole('combobox', { name: `Role of ${user.name}` });
    await role.selectOption('admin');
    await expect(page.getByText('User role updated to admin')).toBeVisible();
    await expect(role).toHaveValue('admin');
    await expect(row(page, user.name).locator('.mantine-Badge-root')).toHaveText('Admin');
    const role2 = await shop.pool.query('select role from users where id = $1', [user.id]);
    expect(role2.rows[0].role).toBe('admin');
    await role.selectOption('user');
    await expect(page.getByText('User role updated to user')).toBeVisible();
    await expect(role).toHaveValue('user');
    await expect(row(page, user.name).locator('.mantine-Badge-root')).toHaveText('User');
  });

  test('opens User details from the name', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Detailed');
    await addOrder(shop, user, {
      item: 'Golden Robot',
      amountCents: 4550,
      street: '1 Elm Street',
      status: 'Delivered',
    });
    await openUsers(page, user.name);
    await page.getByRole('button', { name: user.name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'User Details' });
    await expect(dialog).toContainText(user.email);
    await expect(dialog).toContainText('Active');
    await expect(dialog.getByText('Total Spent:')).toBeVisible();
    await expect(dialog).toContainText('$45.50');
    await expect(dialog).toContainText('Golden Robot');
  });

  test('Order History: count, total spent, search, nothing found', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Historic');
    await addOrder(shop, user, { item: 'Golden Robot', amountCents: 4550, street: '1 Elm Street', daysAgo: 3 });
    await addOrder(shop, user, { item: 'Cube', amountCents: 1999, street: '1 Elm Street', status: 'Delivered' });
    await addOrder(shop, user, { item: 'Lamp', amountCents: 1000, street: '9 Oak Road', daysAgo: 1 });
    await openUsers(page, user.name);
    await page.getByRole('button', { name: `History of ${user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order History: ${user.name}` });
    await expect(dialog.getByText('3 orders · Total spent: $75.49')).toBeVisible();
    // Undelivered first, then newest.
    await expect(dialog.getByRole('listitem').nth(0)).toContainText('Lamp');
    await expect(dialog.getByRole('listitem').nth(2)).toContainText('Cube');
    await dialog.getByRole('textbox', { name: 'Search orders' }).fill('golden');
    await expect(dialog.getByText('1 order · Total spent: $45.50')).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('textbox', { name: 'Search orders' }).fill('19.99');
    await expect(dialog.getByRole('listitem')).toContainText('Cube');
    await dialog.getByRole('textbox', { name: 'Search orders' }).fill('no-such-order');
    await expect(dialog.getByText(MESSAGES.noUserOrders)).toBeVisible();
  });

  test('Contact Information: remove an address, kept after reopening, then Restore', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Contact');
    await addOrder(shop, user, { item: 'A', amountCents: 100, street: '1 Elm Street', daysAgo: 2 });
    await addOrder(shop, user, { item: 'B', amountCents: 100, street: '1 Elm Street', daysAgo: 1 });
    await addOrder(shop, user, { item: 'C', amountCents: 100, street: '9 Oak Road' });
    await openUsers(page, user.name);
    await page.getByRole('button', { name: `Contact ${user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Contact Information: ${user.name}` });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('listitem').first()).toContainText('9 Oak Road');
    await expect(dialog.getByRole('listitem').nth(1)).toContainText('Used in 2 order(s)');

    await dialog.getByRole('button', { name: /^Remove address 9 Oak Road/ }).click();
    await expect(page.getByText(MESSAGES.addressRemoved)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    const stored = await page.evaluate((key) => localStorage.getItem(key), REMOVED_ADDRESSES_KEY);
    expect(JSON.parse(stored ?? '{}')[user.id]).toHaveLength(1);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('button', { name: `Contact ${user.name}` }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText(MESSAGES.addressesRestored)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
  });

  test('Wishlist: cards with the price after discount, Clear after a confirmation', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Wishful');
    const products = await shop.pool.query(
      'select id, name, price_cents, discount from products where discount > 0 order by id limit 1',
    );
    const plain = await shop.pool.query('select id from products where discount = 0 order by id limit 1');
    const discounted = products.rows[0];
    await shop.pool.query('insert into wishlist_items (user_id, product_id) values ($1, $2), ($1, $3)', [
      user.id,
      discounted.id,
      plain.rows[0].id,
    ]);
    await openUsers(page, user.name);
    await page.getByRole('button', { name: `Wishlist of ${user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Wishlist: ${user.name}` });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    const after = Math.round(discounted.price_cents * (1 - Number(discounted.discount) / 100));
    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(after / 100);
    await expect(dialog.getByRole('listitem').filter({ hasText: discounted.name })).toContainText(money);

    await dialog.getByRole('button', { name: 'Clear' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear Wishlist' });
    await confirm.getByRole('button', { name: 'Clear Wishlist' }).click();
    await expect(page.getByText(MESSAGES.wishlistCleared)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.noWishlistItems)).toBeVisible();
    const left = await shop.pool.query('select count(*)::int as n from wishlist_items where user_id = $1', [user.id]);
    expect(left.rows[0].n).toBe(0);
  });

  test('Delete User: a warning, then the user is gone and the orders stay', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Leaving');
    await addOrder(shop, user, { item: 'Kept', amountCents: 2500, street: '1 Elm Street' });
    await openUsers(page, user.name);
    await page.getByRole('button', { name: `Delete ${user.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await expect(dialog).toContainText('cannot be undone');
    await expect(dialog).toContainText('permanently deleted');
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText(MESSAGES.userDeleted)).toBeVisible();
    await expect(page.getByText(MESSAGES.noUsers)).toBeVisible();
    const orders = await shop.pool.query('select user_id from orders where email = $1', [user.email]);
    expect(orders.rows).toEqual([{ user_id: null }]);
  });

  test('Delete User when the server cannot be reached: the spec message, the user stays', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Unreachable');
    await openUsers(page, user.name);
    await page.route('**/api/user/*', (route) =>
      route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('button', { name: `Delete ${user.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText(MESSAGES.cannotConnect)).toBeVisible();
    await expect(page).toHaveURL(/\/users/);
    const still = await shop.pool.query('select count(*)::int as n from users where id = $1', [user.id]);
    expect(still.rows[0].n).toBe(1);
  });

  test('Delete User: a 403 shows the server’s message and keeps the session, a 401 ends it', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Guarded');
    await openUsers(page, user.name);
    let status = 403;
    await page.route('**/api/user/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: `Refused with ${status}` }),
          })
        : route.continue(),
    );
    const confirm = async () => {
      await page.getByRole('button', { name: `Delete ${user.name}` }).click();
      await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete User' }).click();
    };
    await confirm();
    await expect(page.getByText('Refused with 403')).toBeVisible();
    await expect(page).toHaveURL(/\/users/);
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Cancel' }).click();
    status = 401;
    await confirm();
    await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('follows another admin’s change over the socket', async ({ page, shop }) => {
    const user = await makeUser(shop, 'Followed');
    await openUsers(page, user.name);
    await expect(page.getByRole('combobox', { name: `Role of ${user.name}` })).toHaveValue('user');
    // Another admin (here: the same account from another tab) makes the user an admin.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    const res = await page.request.post('/api/user/role', {
      headers: { [TOKEN_HEADER]: token ?? '' },
      data: { userId: user.id, role: 'admin' },
    });
    expect(res.status()).toBe(200);
    await expect(page.getByRole('combobox', { name: `Role of ${user.name}` })).toHaveValue('admin');
    await shop.pool.query("update users set role = 'user' where id = $1", [user.id]);
  });

  // Its widths, actions and labels are checked in responsive.spec.ts, axe on the list there too.
  test('the Order History dialog passes axe in both schemes; at 1366 px each Role badge shows its whole word', async ({
    page,
    shop,
  }) => {
    const user = await makeUser(shop, 'Narrow');
    await page.setViewportSize({ width: AXE_WIDTH, height: 900 });
    await openUsers(page, user.name);
    await page.getByRole('button', { name: `History of ${user.name}` }).click();
    await expect(page.getByRole('dialog', { name: /^Order History: / })).toBeVisible();
    await expect(page.getByText(MESSAGES.noUserOrders)).toBeVisible();
    await accessibleInBothSchemes(page, 'Order History');

    // At 1366 px, a common laptop's width, each Role badge shows its whole word (it was cut to 'Ad…').
    await page.setViewportSize({ width: 1366, height: 900 });
    await openUsers(page);
    const badges = page
      .getByRole('table')
      .locator('.mantine-Badge-label')
      .filter({ hasText: /^(Admin|User)$/ });
    await expect(badges.first()).toBeVisible();
    const cut = await badges.evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
  });
});
