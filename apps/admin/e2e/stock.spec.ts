import { API_PATHS, CUSTOMER_PATHS, MESSAGES, TOKEN_HEADER } from '@backroom/contract';
import { addProductThroughApi, adminToken } from './admin-api';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';

/*
 * Stock that counts (issue 24, docs/decisions/055-stock.md): an admin turns on Track stock in
 * Modify Product and sets the units; the Product List shows them, and a storefront order lowers
 * them on the open list, live, and a cancel puts them back (the list refetches on productsUpdated,
 * which the database's stock triggers announce whoever wrote the order). At a phone, a tablet and a desktop width; axe on the Stock section
 * at 1440 px in both schemes.
 */

const WIDTHS = [375, 768, AXE_WIDTH] as const;

const address = {
  firstName: 'Stock',
  lastName: 'Buyer',
  email: 'stock.buyer@example.com',
  phone: '555-0100',
  street: '1 Shelf Street',
  city: 'Springfield',
  state: '',
  zipcode: '62701',
  country: 'US',
};

test('stock set in Modify Product is lowered live on the Product List by a storefront order', async ({
  page,
  openApp,
  newCustomer,
}) => {
  const buyer = await newCustomer('Stock Buyer');
  // A product for each width, all found by one search: the list is loaded once, at the narrowest
  // width, and each width resizes the window on it (the view follows: a grid below 768 px).
  const run = `Stock Figure ${Date.now().toString(36)}`;
  const products = new Map<number, { name: string; id: string }>();
  for (const width of WIDTHS) {
    const name = `${run} ${width}`;
    products.set(width, { name, id: (await addProductThroughApi(page, name))._id });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await openApp(page, `/list?q=${encodeURIComponent(run)}`);
  const main = page.getByRole('main');
  const updated = page.locator('.mantine-Notification-root').filter({ hasText: MESSAGES.productUpdated });

  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const { name, id } = products.get(width) as { name: string; id: string };
      // Its row in the list view, its card in the grid.
      const entry = main.getByRole('row').or(main.getByRole('listitem')).filter({ hasText: name });

      await entry.getByRole('button', { name: `Modify ${name}` }).click();
      const modal = page.getByRole('dialog', { name: 'Modify Product' });
      const stock = modal.getByRole('region', { name: 'Stock' });
      await stock.getByRole('checkbox', { name: 'Track stock' }).check();
      await stock.getByRole('textbox', { name: 'Units' }).fill('3');
      await expect(stock.getByText('3 in stock')).toBeVisible();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'Modify Product, Stock');
      // Mid-form, Save Changes is at hand: its bar stays at the modal's foot, not below the activity.
      const save = modal.getByRole('button', { name: 'Save Changes' });
      await expect(save).toBeInViewport();
      await save.click();
      await expect(updated).toBeVisible();
      await expect(modal).toBeHidden();
      // Closed at once, as its close button does, so that the next width's toast is its own save's
      // (it would otherwise stay 5 s). Done in the page: the toast may close itself first.
      await page.evaluate((label) => {
        for (const button of document.querySelectorAll(`.mantine-Notification-root button[aria-label="${label}"]`)) {
          (button as HTMLButtonElement).click();
        }
      }, 'Close notification');
      await expect(updated).toBeHidden();

      await expect(entry.getByText('3 in stock')).toBeVisible();

      // The storefront orders two: the open list follows without a reload.
      const placed = await page.request.post(CUSTOMER_PATHS.orders, {
        headers: { [TOKEN_HEADER]: buyer.token },
        data: { address, paymentMethod: 'COD', items: [{ productId: id, quantity: 2 }] },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await expect(entry.getByText('1 in stock')).toBeVisible();
      await expect(entry.getByText('Low stock')).toBeVisible();
      await expect(entry.getByText('3 in stock')).toBeHidden();

      if (width === AXE_WIDTH) {
        // An admin cancels it (here through the API): the units come back on the open list, live.
        const cancelled = await page.request.post(API_PATHS.orderStatus, {
          headers: { [TOKEN_HEADER]: await adminToken(page) },
          data: { orderId: (await placed.json()).order._id, status: 'Cancelled' },
        });
        expect(cancelled.status(), await cancelled.text()).toBe(200);
        await expect(entry.getByText('3 in stock')).toBeVisible();
      }
    });
  }
});
