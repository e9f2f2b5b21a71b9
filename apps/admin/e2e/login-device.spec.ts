import { API_PATHS, MESSAGES, TOKEN_HEADER } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { tokenIn } from './admin-api';
import { expect, signedOut, test } from './fixtures';

// Signing in and out: the test starts in a browser that never signed in.
test.use({ storageState: signedOut });

// A second admin of its own, so the e-mail's wait below never holds up the other specs.
const owner = { email: 'device.owner@example.com', password: 'device-owner-password-1' };

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a browser that signed in before still gets in while strangers have locked the e-mail', async ({
  page,
  browser,
  shop,
  adminState,
}) => {
  // Made as another admin would on Admin Management: POST /api/user/register.
  const made = await page.request.post(API_PATHS.userRegister, {
    headers: { [TOKEN_HEADER]: tokenIn(adminState) },
    data: { name: 'device owner', email: owner.email, password: owner.password, role: 'admin' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  try {
    await signIn(page);
    await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'backroom_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user/admin' });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Strangers have used up the e-mail's attempts: it waits 15 minutes (as after their guesses).
    await shop.pool.query(
      `insert into login_attempts (key, count, last_attempt_at, blocked_until)
       values ($1, 1000, now(), now() + interval '15 minutes')
       on conflict (key) do update set count = 1000, blocked_until = now() + interval '15 minutes'`,
      [`email:${owner.email}`],
    );

    // The admin's own browser sends its device cookie with the login call and signs in.
    await signIn(page);
    await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    // A browser that never signed in waits like the strangers.
    const fresh = await browser.newContext({ storageState: signedOut });
    try {
      const other = await fresh.newPage();
      await signIn(other);
      await expect(
        other.getByText(/^Too many login attempts\. Please try again in \d+ (seconds?|minutes?)\.$/),
      ).toBeVisible();
      await expect(other).toHaveURL(/\/login$/);
    } finally {
      await fresh.close();
    }
  } finally {
    await shop.pool.query(`delete from login_attempts where key = $1 or key like 'device:%'`, [`email:${owner.email}`]);
    await shop.pool.query('delete from users where email = $1', [owner.email]);
  }
});
