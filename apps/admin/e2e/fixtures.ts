import { MESSAGES } from '@backroom/contract';
import { test as base, expect, type Page } from '@playwright/test';
import { ShopDatabase } from './shop-database';

export interface Fixtures {
  adminCredentials: { email: string; password: string };
  /** Signs in through the login form and waits for the shell. */
  login: (page: Page) => Promise<void>;
  /** Makes a customer message arrive over the socket, as the storefront would. */
  sendCustomerMessage: (text: string) => Promise<void>;
}

export const test = base.extend<Fixtures, { shop: ShopDatabase }>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const shop = new ShopDatabase();
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
  adminCredentials: async ({}, use) => {
    await use({
      email: process.env.BACKROOM_E2E_ADMIN_EMAIL as string,
      password: process.env.BACKROOM_E2E_ADMIN_PASSWORD as string,
    });
  },
  login: async ({ adminCredentials }, use) => {
    await use(async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(adminCredentials.email);
      await page.getByLabel('Password', { exact: true }).fill(adminCredentials.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  },
  sendCustomerMessage: async ({ shop }, use) => {
    await use(async (text) => {
      await shop.sendCustomerMessage(text);
    });
  },
});

export { expect };
