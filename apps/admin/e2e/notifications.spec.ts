import {
  bellLabel,
  CUSTOMER_PATHS,
  type CustomerProduct,
  customerProductListResponseSchema,
  TOKEN_HEADER,
} from '@backroom/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type StorefrontCustomer, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';

/*
 * The bell (issue 24; docs/decisions/056-notifications.md): its count rises live when a customer
 * orders through the storefront call, and falls when the notification is opened, at each width,
 * with axe in both themes on the open panel.
 */

const WIDTHS = [375, 768, AXE_WIDTH] as const;

async function orderable(request: APIRequestContext, customer: StorefrontCustomer): Promise<CustomerProduct> {
  const answer = await request.get(`${CUSTOMER_PATHS.products}?pageSize=50`, {
    headers: { [TOKEN_HEADER]: customer.token },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { products } = customerProductListResponseSchema.parse(await answer.json());
  const product = products.find((p) => !p.outOfStock && p.colors.every((c) => !c.outOfStock));
  if (!product) throw new Error('the demo shop has no product to order');
  return product;
}

async function placeOrder(request: APIRequestContext, customer: StorefrontCustomer, product: CustomerProduct) {
  const item = {
    productId: product._id,
    quantity: 1,
    ...(product.colors[0] && { color: product.colors[0].color }),
    ...(product.sizes[0] && { size: product.sizes[0] }),
  };
  const placed = await request.post(CUSTOMER_PATHS.orders, {
    headers: { [TOKEN_HEADER]: customer.token },
    data: {
      paymentMethod: 'COD',
      items: [item],
      address: {
        firstName: 'Bell',
        lastName: customer.name,
        email: customer.email,
        phone: '+1 555 0100',
        street: '1 Ring Road',
        city: 'Chime',
        state: 'CA',
        zipcode: '90210',
        country: 'US',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test('the bell counts a storefront order live and falls once it is opened, at 375, 768 and 1440 px', async ({
  page,
  openApp,
  newCustomer,
  request,
}) => {
  const product = await orderable(request, await newCustomer('Bell Browser'));
  await openApp(page);
  // Start from nothing unread: the demo shop's recent orders rang too.
  await bell(page).click();
  const markAll = panel(page).getByRole('button', { name: 'Mark all as read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell(page)).toHaveAccessibleName(bellLabel(0));
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const customer = await newCustomer(`Ringer ${width}`);
      await placeOrder(request, customer, product);
      await expect(bell(page)).toHaveAccessibleName(bellLabel(1));

      await bell(page).click();
      const item = panel(page).getByRole('button', { name: new RegExp(`New order from Bell Ringer ${width}`) });
      await expect(item).toBeVisible();
      await expect(item).toContainText('Unread');
      if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the bell panel');

      await item.click();
      await expect(page).toHaveURL(/\/orders\?search=/);
      await expect(bell(page)).toHaveAccessibleName(bellLabel(0));
    });
  }
});
