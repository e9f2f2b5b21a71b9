import {
  CUSTOMER_PATHS,
  customerConversationResponseSchema,
  customerSessionResponseSchema,
  MESSAGES,
  type Message,
  sentMessageResponseSchema,
  TOKEN_HEADER,
} from '@backroom/contract';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { ShopDatabase } from './shop-database';

/** A storefront's customer, signed in through the customer API (docs/customer-api.md). */
export interface StorefrontCustomer {
  name: string;
  email: string;
  token: string;
  /** POST /api/customer/messages: a message to the shop, as the storefront sends it. */
  say: (text: string) => Promise<Message>;
  /** GET /api/customer/conversation: my conversation (started on first use) and its newest messages. */
  conversation: () => Promise<{ id: string; messages: Message[] }>;
}

/** Registers a customer through POST /api/customer/register and answers their calls. */
async function registerCustomer(request: APIRequestContext, name: string): Promise<StorefrontCustomer> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${Date.now().toString(36)}${Math.random()
    .toString(36)
    .slice(2, 6)}@storefront.example`;
  const registered = await request.post(CUSTOMER_PATHS.register, {
    data: { name, email, password: 'storefront-password-1234' },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { token } = customerSessionResponseSchema.parse(await registered.json());
  const headers = { [TOKEN_HEADER]: token };
  return {
    name,
    email,
    token,
    say: async (text) => {
      const sent = await request.post(CUSTOMER_PATHS.messages, { headers, data: { body: text } });
      expect(sent.ok(), await sent.text()).toBe(true);
      const { success: _success, ...message } = sentMessageResponseSchema.parse(await sent.json());
      return message;
    },
    conversation: async () => {
      const answer = await request.get(CUSTOMER_PATHS.conversation, { headers });
      expect(answer.ok(), await answer.text()).toBe(true);
      const { conversation, messages } = customerConversationResponseSchema.parse(await answer.json());
      return { id: conversation._id, messages };
    },
  };
}

export interface Fixtures {
  adminCredentials: { email: string; password: string };
  /** Signs in through the login form and waits for the shell. */
  login: (page: Page) => Promise<void>;
  /** Makes a customer message arrive over the socket, as the storefront would. */
  sendCustomerMessage: (text: string) => Promise<void>;
  /** A new storefront customer with this name, registered through the customer API. */
  newCustomer: (name: string) => Promise<StorefrontCustomer>;
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
  newCustomer: async ({ request }, use) => {
    await use((name) => registerCustomer(request, name));
  },
});

export { expect };
