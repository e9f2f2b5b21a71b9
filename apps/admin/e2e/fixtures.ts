import path from 'node:path';
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
import { e2eEnv, type RunningServer, startServer } from './server';
import { ShopDatabase } from './shop-database';
import { type StorageState, seedStorage } from './storage-seed';

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
  /** Opens a screen of the app (the Dashboard by default) as the signed-in admin, and waits for the shell. */
  openApp: (page: Page, path?: string) => Promise<void>;
  /** Signs in through the login form and waits for the shell: for a page that starts signed out. */
  login: (page: Page) => Promise<void>;
  /** Makes a customer message arrive over the socket, as the storefront would. */
  sendCustomerMessage: (text: string) => Promise<void>;
  /** A new storefront customer with this name, registered through the customer API. */
  newCustomer: (name: string) => Promise<StorefrontCustomer>;
}

export interface WorkerFixtures {
  /** This worker's own Backroom server, on a copy of the run's demo shop. */
  server: RunningServer;
  /** The side door into that server's database. */
  shop: ShopDatabase;
  adminCredentials: { email: string; password: string };
  /** The browser storage of an admin who signed in through the form: once per worker. */
  adminState: StorageState;
}

/** A browser that never signed in: `test.use({ storageState: signedOut })`, or a context's option. */
export const signedOut: StorageState = { cookies: [], origins: [] };

/** The contexts' options for the worker's admin: its cookies; the rest is seedStorage's. */
const adminOptions = new WeakSet<StorageState>();

async function signIn(page: Page, credentials: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(MESSAGES.loggedIn)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/*
 * Every test starts signed in as the run's admin (the worker signed in once through the form);
 * tests of signing in and out start signed out with `test.use({ storageState: signedOut })`.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use, workerInfo) => {
      const dataDir = path.join(e2eEnv().root, `worker-${workerInfo.parallelIndex}-${workerInfo.workerIndex}`);
      const server = await startServer(dataDir, { copyOf: e2eEnv().template });
      await use(server);
      await server.stop();
    },
    // A first start makes the demo shop's search indexes warm: well within this, on any machine.
    { scope: 'worker', timeout: 300_000 },
  ],
  shop: [
    async ({ server }, use) => {
      const shop = new ShopDatabase(server.dataDir, server.pgPort);
      await use(shop);
      await shop.close();
    },
    { scope: 'worker' },
  ],
  adminCredentials: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      await use({ email: e2eEnv().adminEmail, password: e2eEnv().adminPassword });
    },
    { scope: 'worker' },
  ],
  adminState: [
    async ({ browser, server, adminCredentials }, use) => {
      const context = await browser.newContext({ baseURL: server.url, storageState: signedOut });
      await signIn(await context.newPage(), adminCredentials);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // Every test's context starts as the worker's admin: its cookies as the option, its localStorage
  // by seedStorage (below); `test.use({ storageState: signedOut })` replaces both.
  storageState: async ({ adminState }, use) => {
    const options: StorageState = { cookies: adminState.cookies, origins: [] };
    adminOptions.add(options);
    await use(options);
  },
  context: async ({ context, storageState, adminState }, use) => {
    if (typeof storageState === 'object' && adminOptions.has(storageState)) await seedStorage(context, adminState);
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
  openApp: async ({}, use) => {
    await use(async (page, path = '/') => {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  },
  login: async ({ adminCredentials }, use) => {
    await use((page) => signIn(page, adminCredentials));
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

export { expect, seedStorage };
