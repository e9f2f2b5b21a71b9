import { MESSAGES, STORAGE_KEYS } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { expect, signedOut, test } from './fixtures';

// Signing in and out: every test starts in a browser that never signed in.
test.use({ storageState: signedOut });

const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

// axe on this screen, in light and in dark: dark-theme.spec.ts (docs/decisions/042-browser-suite.md).
test('the login page has one heading and labelled fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
});

// index.html's inline script, under the API's real Content-Security-Policy (decision 058): the link
// it writes comes before the entry's tag, where the app's own preloads (written later) cannot be.
test("the login screen's code is asked for beside the entry", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  const before = await page.evaluate(() =>
    ['login-screen', 'shell-screen'].map((start) => {
      const link = document.querySelector(`link[rel="modulepreload"][href^="/assets/${start}-"]`);
      const entry = document.querySelector('script[type="module"]');
      return !!link && !!entry && (link.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    }),
  );
  expect(before).toEqual([true, false]);
});

test('empty fields are refused under each field before any call', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email must be a valid email address')).toBeVisible();
});

test('the password toggle shows and hides the password', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('a wrong password shows the server message and stays on /login', async ({ page, adminCredentials }) => {
  await page.goto('/login');
  await fillLogin(page, adminCredentials.email, `${adminCredentials.password}-wrong`);
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});

test('the right password signs in and greets the admin by first name', async ({ page, adminCredentials, shop }) => {
  const email = adminCredentials.email.toLowerCase();
  const { rows } = await shop.pool.query<{ name: string }>('select name from users where email = $1', [email]);
  const originalName = rows[0]?.name ?? 'Admin';
  await shop.pool.query('update users set name = $1 where email = $2', ['jane doe', email]);
  try {
    await page.goto('/login');
    await fillLogin(page, adminCredentials.email, adminCredentials.password);
    await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, Jane')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  } finally {
    await shop.pool.query('update users set name = $1 where email = $2', [originalName, email]);
  }
});

test('logout goes back to /login and forgets the token', async ({ page, login }) => {
  await login(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  // The old token no longer opens the shell.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
});

test('without a token every screen sends the visitor to /login', async ({ page }) => {
  for (const path of ['/', '/orders', '/messages', '/no-such-screen']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  }
});

test('an expired or unknown token ends the session with a message', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate((key) => localStorage.setItem(key, 'garbage-token'), STORAGE_KEYS.token);
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
