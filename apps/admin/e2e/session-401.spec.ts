import { API_PATHS, MESSAGES } from '@backroom/contract';
import { expect, test } from './fixtures';

/*
 * One rule for a refused token, in lib/api-client (issue 21): a 401 ends the session on every
 * screen, as a 403 does: 'Session expired. Please log in again.' and /login. The products,
 * categories, dashboard and settings calls used to leave the admin on a broken screen instead.
 */

const SCREENS = [
  { name: 'Product List', path: '/list', call: API_PATHS.productList },
  { name: 'Categories', path: '/categories', call: API_PATHS.categoryTree },
  { name: 'Dashboard', path: '/', call: API_PATHS.dashboardSummary },
  { name: 'Admin Management (the settings)', path: '/admin-management', call: API_PATHS.settings },
] as const;

for (const screen of SCREENS) {
  test(`${screen.name}: a 401 from its call ends the session`, async ({ page }) => {
    await page.route(`**${screen.call}**`, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: MESSAGES.notAuthenticated }),
      }),
    );
    await page.goto(screen.path);
    await expect(page.getByText(MESSAGES.sessionExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
