import {
  API_PATHS,
  MESSAGES,
  TOKEN_HEADER,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
} from '@backroom/contract';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { adminToken, tokenIn } from './admin-api';
import { seriousIssues } from './axe';
import { expect, signedOut, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';

/*
 * Two-factor sign-in (issue 14; docs/decisions/038-two-factor-sign-in.md) against the real app: an
 * admin sets it up from the account menu, reading the secret from the page and computing the code
 * with otplib as an authenticator app would, then signs out and in again with a code. Each test
 * signs in as an admin it made, so the shared e2e admin never has two-factor sign-in on.
 */

const WIDTHS = [375, 768, AXE_WIDTH] as const;
const PASSWORD = 'Two-Factor-Harbour-42';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The code an authenticator app shows `steps` steps from now (a step already used is refused). */
const codeOf = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * TWO_FACTOR.periodSeconds });

/** A new admin made through the API with the signed-in admin's token. */
async function newAdmin(page: Page, token: string) {
  const suffix = unique();
  const email = `two.factor.${suffix}@admins.example`;
  const name = `Tess Factor${suffix}`;
  const res = await page.request.post(API_PATHS.userRegister, {
    headers: { [TOKEN_HEADER]: token },
    data: { name, email, password: PASSWORD, role: 'admin' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, name };
}

async function fillLogin(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The page does not scroll sideways. */
async function fits(page: Page, what: string) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    innerWidth: window.innerWidth,
  }));
  expect(overflow.scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.innerWidth);
}

/** The page does not scroll sideways and axe finds nothing serious. */
async function fitsAndAccessible(page: Page, what: string) {
  await fits(page, what);
  expect(await seriousIssues(page), what).toEqual([]);
}

/**
 * The state on screen at each width in turn (the window resized: the page keeps its state and lays
 * itself out again), from the widest to the narrowest: the page fits the window, and at 1440 px axe
 * finds nothing serious in light, then in dark (each state once per scheme: the narrower widths
 * show the same elements). The flow goes on at 375 px, where its controls have the least room.
 */
async function fitsAndAccessibleInBothSchemes(page: Page, what: string) {
  for (const width of [...WIDTHS].reverse()) {
    await test.step(`${what}, ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await fits(page, `${what}, ${width} px`);
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, what);
    });
  }
}

/** From the shell: account menu, Two-factor sign-in, set it up with the page's secret. Answers the secret. */
async function enrolFromAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await fitsAndAccessibleInBothSchemes(page, 'two-factor sign-in, off');

  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await fitsAndAccessibleInBothSchemes(page, 'two-factor set-up');

  await page.getByLabel('6-digit code').fill(await codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.enabled)).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(TWO_FACTOR.recoveryCodeCount);
  await expect(codes.first()).toHaveText(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  await fitsAndAccessibleInBothSchemes(page, 'recovery codes');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(codes).toHaveCount(0);
  return secret;
}

// The last files of the run (their names come last): each test on its own, so that both workers
// share out the end of the run instead of one finishing a whole file alone
// (docs/decisions/042-browser-suite.md). Each test makes its own records.
test.describe.configure({ mode: 'parallel' });

test.describe('signing in with a code', () => {
  // The admin signs in and out through the form: a browser that never signed in. The shared
  // admin's token (from the worker's sign-in) only makes that admin.
  test.use({ storageState: signedOut });

  test('at 375, 768 and 1440 px an admin turns two-factor sign-in on from the account menu, then signs out and in with a code', async ({
    page,
    adminState,
  }) => {
    const ownerToken = tokenIn(adminState);
    // The flow at 375 px; each of its states at 375, 768 and 1440 px (fitsAndAccessibleInBothSchemes).
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    const { email } = await newAdmin(page, ownerToken);
    await fillLogin(page, email);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    const secret = await enrolFromAccountMenu(page);
    await logout(page);

    // The password alone no longer opens the shell: the code is asked for.
    await fillLogin(page, email);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.codeNeeded)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await fitsAndAccessibleInBothSchemes(page, 'the login code step');

    // A wrong code is refused with the server's message; the next step's code signs in (the
    // current step's was used to turn it on, and is not taken twice).
    const right = await codeOf(secret, 1);
    await code.fill(right === '999999' ? '999998' : '999999');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
    await code.fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('with two-factor sign-in required, an admin without it sets it up right after the password', async ({
  page,
  browser,
}) => {
  // The shared admin's session stays open: it turns the setting off again whatever happens.
  const ownerToken = await adminToken(page);
  const { email, name } = await newAdmin(page, ownerToken);
  try {
    await page.goto('/admin-management');
    const section = page.getByRole('region', { name: 'Sign-in Security' });
    const toggle = section.getByRole('switch', { name: 'Require two-factor sign-in for every admin' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.requiredOn)).toBeVisible();
    await expect(toggle).toBeChecked();
    await fitsAndAccessible(page, 'Admin Management with the requirement');

    // Another browser, one that never signed in: the new admin signs in.
    const other = await browser.newContext({ storageState: signedOut });
    const them = await other.newPage();
    try {
      await fillLogin(them, email);
      await expect(them.getByText(TWO_FACTOR_MESSAGES.setupNeeded)).toBeVisible();
      await them.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const secret = await them.getByLabel('Secret key').inputValue();
      await fitsAndAccessible(them, 'the required set-up at login');
      await them.getByLabel('6-digit code').fill(await codeOf(secret));
      await them.getByRole('button', { name: 'Turn on and sign in' }).click();
      await expect(them.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await them.getByRole('button', { name: 'Continue' }).click();
      await expect(them.getByRole('button', { name: 'Logout' })).toBeVisible();
      // Their own screen says it is on, and cannot be turned off while required.
      await them.goto('/two-factor');
      await expect(them.getByText('On', { exact: true })).toBeVisible();
      await expect(them.getByText(/cannot be turned off/)).toBeVisible();
    } finally {
      await other.close();
    }

    // The owner sees it on, and turns it off for them (as for an admin who lost the phone).
    await page.reload();
    await page.getByRole('button', { name: `Turn off for ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await expect(dialog.getByText(TWO_FACTOR_MESSAGES.resetConfirm(name))).toBeVisible();
    await fitsAndAccessible(page, 'the turn-off dialog');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText(TWO_FACTOR_MESSAGES.resetDone(name))).toBeVisible();
    await expect(page.getByRole('button', { name: `Turn off for ${name}` })).toHaveCount(0);
  } finally {
    const res = await page.request.put(TWO_FACTOR_PATHS.requirement, {
      headers: { [TOKEN_HEADER]: ownerToken },
      data: { required: false },
    });
    expect(res.status()).toBe(200);
  }
});
