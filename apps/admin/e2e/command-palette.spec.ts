import {
  API_PATHS,
  addMonths,
  type CreateDiscountRequest,
  type Discount,
  discountResponseSchema,
  TOKEN_HEADER,
  todayIn,
} from '@backroom/contract';
import type { Page } from '@playwright/test';
import { addProductThroughApi, adminToken } from './admin-api';
import { expect, test } from './fixtures';
import { AXE_WIDTH, accessibleInBothSchemes } from './schemes';

/*
 * The command palette (issue 14, decision 039), driven from the keyboard only: Control+K opens it,
 * typing finds records through GET /api/search, the arrows move, Enter lands on the record (an
 * order expanded, the Modify Product modal, a user's details, a code's details) or a screen, Esc
 * closes it. The top bar's button opens it too, at 375, 768 and 1440 px; axe finds nothing with it open
 * at 1440 px, in light and dark.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const shopToday = () => todayIn(process.env.SHOP_TIMEZONE || 'UTC');

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const searchField = (page: Page) => palette(page).getByRole('combobox');
const choice = (page: Page, name: string | RegExp) => palette(page).getByRole('option', { name });

/** Control+K from wherever the focus is, then the palette's field has it. */
async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await expect(searchField(page)).toBeFocused();
}

/** Types into the palette, waits for a choice, and moves the selection to it with the arrows. */
async function selectWithArrows(page: Page, text: string, name: string | RegExp) {
  await page.keyboard.type(text);
  const target = choice(page, name);
  await expect(target).toBeVisible();
  const options = palette(page).getByRole('option');
  const total = await options.count();
  for (let moves = 0; moves <= total; moves += 1) {
    if ((await target.getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(target).toHaveAttribute('aria-selected', 'true');
  // The field names the selected choice for screen readers.
  await expect(searchField(page)).toHaveAttribute('aria-activedescendant', (await target.getAttribute('id')) ?? '');
}

async function createDiscount(page: Page, body: CreateDiscountRequest): Promise<Discount> {
  const answer = await page.request.post(API_PATHS.discountCreate, {
    headers: { [TOKEN_HEADER]: await adminToken(page) },
    data: body,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return discountResponseSchema.parse(await answer.json()).discount;
}

test.describe('Command palette', () => {
  test('goes to a screen with the keyboard, and Esc closes it where it was', async ({ page, openApp }) => {
    // The shortcut is the app's: pressed once the shell is on screen.
    await openApp(page);
    await openPalette(page);
    // Every screen is offered before anything is typed.
    await expect(choice(page, 'Activity')).toBeVisible();
    await expect(choice(page, 'Dashboard')).toBeVisible();
    await selectWithArrows(page, 'disc', /^Discounts/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/discounts$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(palette(page)).toBeHidden();

    // The account menu's screens are there too.
    await openPalette(page);
    await selectWithArrows(page, 'activ', /^Activity/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();

    await openPalette(page);
    await page.keyboard.type('users');
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(page).toHaveURL(/\/activity$/);
  });

  test('finds an order by the start of its id and opens its details', async ({ page, shop }) => {
    const suffix = unique();
    const orderId = await shop.placeOrder({
      items: [{ name: `Palette item ${suffix}`, quantity: 2, unitPriceCents: 1250 }],
      firstName: 'Olive',
      lastName: `Palette${suffix}`,
      email: `olive.${suffix}@palette.example`,
    });
    await page.goto('/');
    // The shortcut is the app's: pressed once the shell is on screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeVisible();
    await openPalette(page);
    await selectWithArrows(page, orderId.slice(0, 16), new RegExp(`Order ${orderId}`));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orders\\?search=${orderId}`));
    const card = page.getByRole('article', { name: `Order ${orderId}` });
    await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(card).toContainText(`Palette item ${suffix}`);
  });

  test('finds a product by name and opens Modify Product', async ({ page, openApp }) => {
    const name = `Palette figure ${unique()}`;
    const product = await addProductThroughApi(page, name);
    await openApp(page);
    await openPalette(page);
    await selectWithArrows(page, name.toUpperCase(), new RegExp(name));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/list\\?edit=${product._id}`));
    const modal = page.getByRole('dialog', { name: 'Modify Product' });
    await expect(modal.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  });

  test("finds a customer by e-mail and opens the user's details", async ({ page, newCustomer, openApp }) => {
    const customer = await newCustomer(`Petra Palette ${unique()}`);
    await openApp(page);
    await openPalette(page);
    await selectWithArrows(page, customer.email.split('@')[0] ?? '', new RegExp(customer.name));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users\?q=/);
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details).toContainText(customer.email);
    // Closing the details and going back does not open them again.
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(details).toBeHidden();
  });

  test("finds a discount code and opens the code's details", async ({ page, openApp }) => {
    const title = `Palette code ${unique()}`;
    const made = await createDiscount(page, {
      description: title,
      percentage: 15,
      startDate: shopToday(),
      endDate: addMonths(shopToday(), 1),
      maxUsage: null,
      assignedTo: null,
    });
    await openApp(page);
    await openPalette(page);
    await selectWithArrows(page, made.code.toLowerCase(), new RegExp(made.code));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/discounts$/);
    const details = page.getByRole('dialog', { name: 'Discount Details' });
    await expect(details).toContainText(made.code);
    await expect(details).toContainText(title);
  });

  test('opens while typing in a field, and says when nothing matches', async ({ page }) => {
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByRole('textbox').first().focus();
    await openPalette(page);
    await page.keyboard.type('qzxqzxqzx');
    await expect(palette(page).getByText('Nothing found').first()).toBeVisible();
    await expect(palette(page).getByRole('option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
  });

  test("at 375, 768 and 1440 px: the top bar's button opens it, nothing sticks out; axe finds nothing, in light and dark", async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const button = page.getByRole('button', { name: 'Search (Ctrl+K)' });
    for (const width of [375, 768, AXE_WIDTH]) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await expect(button).toBeVisible();
        await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K');
        await button.press('Enter');
        await expect(palette(page)).toBeVisible();
        await expect(searchField(page)).toBeFocused();
        await page.keyboard.type('order');
        await expect(choice(page, /^Orders/)).toHaveAttribute('aria-selected', 'true');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (width === AXE_WIDTH) await accessibleInBothSchemes(page, 'the palette', { anyImpact: true });
        await page.keyboard.press('Escape');
        await expect(palette(page)).toBeHidden();
        // The focus goes back to the button that opened it.
        await expect(button).toBeFocused();
      });
    }
  });
});
