import {
  API_PATHS,
  EVENTS,
  NARROW_WIDTH_PX,
  SIDEBAR_ENTRIES,
  STORAGE_KEYS,
  unreadResponseSchema,
} from '@backroom/contract';
import type { Page } from '@playwright/test';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { joinedAdminRoom } from './realtime';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sidebar' });

/** The sidebar's link names, top to bottom. */
const sidebarLinks = (page: Page) =>
  sidebar(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? link.textContent?.trim() ?? ''));

test('the shell has a greeting, a bell, an account menu and all ten sidebar entries', async ({ page, openApp }) => {
  await openApp(page);
  await expect(page.getByText(/^Welcome, /)).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Mark all as read' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  expect(await sidebarLinks(page)).toEqual(SIDEBAR_ENTRIES.map((entry) => entry.label));
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Admin Management' }).click();
  await expect(page).toHaveURL(/\/admin-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Management' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Admin Management' })).toHaveAttribute('aria-current', 'page');
});

test('each sidebar entry opens its screen', async ({ page, openApp }) => {
  await openApp(page);
  const titles: Record<string, string> = {
    '/add': 'Add New Product',
    '/list': 'Product List',
    '/orders': 'Orders',
    '/users': 'Users',
    '/discounts': 'Discount Codes',
    '/categories': 'Categories',
    '/bundle-sale': 'Bundle Sales',
    '/messages': 'Messages',
    '/': 'Dashboard Overview',
  };
  const BUILT_SCREENS: string[] = [
    '/',
    '/add',
    '/list',
    '/orders',
    '/users',
    '/discounts',
    '/categories',
    '/bundle-sale',
    '/messages',
  ];
  for (const entry of SIDEBAR_ENTRIES.filter((e) => titles[e.path])) {
    await sidebar(page).getByRole('link', { name: entry.label }).click();
    await expect(page.getByRole('heading', { level: 1, name: titles[entry.path] })).toBeVisible();
    // Screens still to be built show an empty state, never a blank page.
    if (!BUILT_SCREENS.includes(entry.path)) await expect(page.getByText('Nothing here yet')).toBeVisible();
  }
});

test('an unknown path shows the dashboard', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a screen that fails to load shows an error in its place, inside a working shell', async ({ page, openApp }) => {
  await openApp(page);
  await page.route('**/orders-screen-*.js', (route) => route.abort());
  await sidebar(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

test('the sidebar collapses below 768 px and expands above it, following resizes', async ({ page, openApp }) => {
  await openApp(page);
  const orders = sidebar(page).getByRole('link', { name: 'Orders' });
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect(orders).toHaveText('Orders');

  await page.setViewportSize({ width: NARROW_WIDTH_PX - 68, height: 800 });
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reorder Sidebar' })).toBeHidden();
  await expect(orders).toHaveText('');
  await orders.hover();
  await expect(page.getByRole('tooltip', { name: 'Orders' })).toBeVisible();

  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  await expect(orders).toHaveText('Orders');

  // The toggle works by hand too, and a narrow window starts collapsed.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await page.setViewportSize({ width: 600, height: 800 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
});

test('reorder mode moves Orders up, and the order survives a reload', async ({ page, openApp }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Reorder Sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Move Dashboard up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Messages down' })).toBeDisabled();

  await page.getByRole('button', { name: 'Move Orders up' }).click();
  const expected = ['Dashboard', 'Add Product', 'Orders', 'Products', 'Users'];
  expect((await sidebarLinks(page)).slice(0, 5)).toEqual(expected);
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.sidebarOrder);
  expect(JSON.parse(stored ?? '[]').slice(0, 4)).toEqual(['/', '/add', '/orders', '/list']);

  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: 'Orders' })).toBeVisible();
  expect((await sidebarLinks(page)).slice(0, 5)).toEqual(expected);
  await expect(page.getByRole('button', { name: 'Move Orders up' })).toBeHidden();
});

/** What another screen does when it has read conversations: a window event carrying the new count. */
const broadcastUnread = (page: Page, count: number) =>
  page.evaluate(([name, detail]) => window.dispatchEvent(new CustomEvent(name, { detail })), [
    EVENTS.adminUnreadUpdated,
    { count },
  ] as const);

test('a customer message makes the Messages unread dot appear; a broadcast count replaces it', async ({
  page,
  sendCustomerMessage,
}) => {
  const dot = sidebar(page).getByRole('img', { name: 'unread messages' });
  const joined = joinedAdminRoom(page);
  const unread = page.waitForResponse((response) => response.url().endsWith(API_PATHS.unread));
  await page.goto('/');
  const { unread: count } = unreadResponseSchema.parse(await (await unread).json());
  await joined;
  // The dot shows the fetched count (the demo shop may start with unread conversations)...
  await expect(dot).toHaveCount(count > 0 ? 1 : 0);
  // ...until a broadcast replaces it.
  await broadcastUnread(page, 0);
  await expect(dot).toHaveCount(0);

  await sendCustomerMessage('Hello, is the Batman figure back in stock?');
  await expect(dot).toBeVisible();

  await broadcastUnread(page, 0);
  await expect(dot).toHaveCount(0);
  await broadcastUnread(page, 2);
  await expect(dot).toBeVisible();
});

test('the shell has no serious accessibility problems, expanded or collapsed', async ({ page, openApp }) => {
  await openApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // The Dashboard's figures on screen first.
  await expect(page.getByRole('group', { name: 'Total Orders', exact: true })).toBeVisible();
  // The shell as it loads is measured with the Dashboard in responsive.spec.ts (1440 px, light and dark).
  const serious = () => seriousIssues(page);
  await page.getByRole('button', { name: 'Reorder Sidebar' }).click();
  expect(await serious()).toEqual([]);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  expect(await serious()).toEqual([]);
});
