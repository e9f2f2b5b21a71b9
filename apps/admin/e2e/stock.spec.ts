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
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const name = `Stock Figure ${width} ${Date.now().toString(36)}`;
      const product = await addProductThroughApi(page, name);

      await openApp(page, `/list?q=${encodeURIComponent(name)}&edit=${product._id}`);
      const modal = page.getByRole('dialog', { name: 'Modify Product' });
      const stock = modal.getByRole('region', { name: 'Stock' });
      await stock.getByRole('checkbox', { name: 'Track stock' }).check();
      await stock.getByRole('textbox', { name: 'Units' }).fill('3');
      await expect(stock.getByText('3 in stock')).toBeVisible();
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'Modify Product, Stock');
      await modal.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText(MESSAGES.productUpdated)).toBeVisible();
      await expect(modal).toBeHidden();

      const main = page.getByRole('main');
      await expect(main.getByText('3 in stock')).toBeVisible();

      // The storefront orders two: the open list follows without a reload.
      const placed = await page.request.post(CUSTOMER_PATHS.orders, {
        headers: { [TOKEN_HEADER]: buyer.token },
        data: { address, paymentMethod: 'COD', items: [{ productId: product._id, quantity: 2 }] },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await expect(main.getByText('1 in stock')).toBeVisible();
      await expect(main.getByText('Low stock')).toBeVisible();
      await expect(main.getByText('3 in stock')).toBeHidden();

      if (width === AXE_WIDTH) {
        // An admin cancels it (here through the API): the units come back on the open list, live.
        const cancelled = await page.request.post(API_PATHS.orderStatus, {
          headers: { [TOKEN_HEADER]: await adminToken(page) },
          data: { orderId: (await placed.json()).order._id, status: 'Cancelled' },
        });
        expect(cancelled.status(), await cancelled.text()).toBe(200);
        await expect(main.getByText('3 in stock')).toBeVisible();
      }
    });
  }
});
