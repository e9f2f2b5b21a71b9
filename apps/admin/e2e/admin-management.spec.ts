import {
  ADMIN_MESSAGES,
  ADMINS_ORDER_NOTE,
  API_PATHS,
  MESSAGES,
  PASSWORD_POLICY_MESSAGE,
  PRODUCT_TAG_LABELS,
  type ProductTag,
  settingsResponseSchema,
  TOKEN_HEADER,
  type VisibilitySettings,
} from '@backroom/contract';
import type { Page, Request } from '@playwright/test';
import { adminToken } from './admin-api';
import { expect, seedStorage, test } from './fixtures';

/*
 * Admin Management's admin section and Visibility Settings (spec 2 section 2) against the real
 * app. Every admin a test edits or demotes is one it made; the demo admin is never touched. The
 * screen's widths and axe, with Add New Admin open too, are responsive.spec.ts's.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'Violet-Harbour-Lamp-42';

async function openAdminManagement(page: Page) {
  await page.goto('/admin-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Management' })).toBeVisible();
  await expect(page.getByText('Manage administrator accounts and permissions')).toBeVisible();
}

const adminsSection = (page: Page) => page.getByRole('region', { name: 'Administrators' });

const isSettingsPut = (request: Request) => request.url().endsWith(API_PATHS.settings) && request.method() === 'PUT';

/** The screen's PUT /api/settings calls: how many it sent, and each answer's status (0: no answer). */
function watchSettingsPuts(page: Page) {
  const puts = { sent: 0, statuses: [] as number[] };
  page.on('request', (request) => {
    if (isSettingsPut(request)) puts.sent += 1;
  });
  page.on('response', (response) => {
    if (isSettingsPut(response.request())) puts.statuses.push(response.status());
  });
  page.on('requestfailed', (request) => {
    if (isSettingsPut(request)) puts.statuses.push(0);
  });
  return puts;
}

/**
 * Waits until the screen's changes are saved: every PUT it sent has its answer, and the server's
 * settings (GET /api/settings) are as `saved` wants them. The screen sends one PUT at a time, the
 * next with every change made meanwhile, so both together mean nothing is left to send.
 */
async function expectSaved(
  page: Page,
  puts: ReturnType<typeof watchSettingsPuts>,
  saved: (settings: VisibilitySettings) => boolean,
) {
  await expect
    .poll(async () => {
      if (puts.statuses.length !== puts.sent) return false;
      const res = await page.request.get(API_PATHS.settings, { headers: { [TOKEN_HEADER]: await adminToken(page) } });
      return saved(settingsResponseSchema.parse(await res.json()).settings);
    })
    .toBe(true);
}
const visibilitySection = (page: Page) => page.getByRole('region', { name: 'Visibility Settings' });

/** Fills Add New Admin and answers the dialog. */
async function fillNewAdmin(
  page: Page,
  values: { first: string; last: string; email: string; password: string; confirm: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Add New Admin' });
  await dialog.getByLabel('First Name').fill(values.first);
  await dialog.getByLabel('Last Name').fill(values.last);
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password);
  await dialog.getByLabel('Confirm Password').fill(values.confirm);
  return dialog;
}

/** Makes an admin through the screen; answers its name and e-mail. */
async function createAdmin(page: Page, first = 'Erin') {
  const suffix = unique();
  const last = `Tester${suffix}`;
  const email = `erin.${suffix}@admins.example`;
  await adminsSection(page).getByRole('button', { name: 'Add New Admin' }).click();
  const dialog = await fillNewAdmin(page, { first, last, email, password: PASSWORD, confirm: PASSWORD });
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(page.getByText(MESSAGES.adminCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
  return { name: `${first} ${last}`, email };
}

test.describe('Admin Management: admins', () => {
  test.beforeEach(async ({ page }) => {
    await openAdminManagement(page);
  });

  test('lists the admins with Name, Email, Role and Joined Date', async ({ page, adminCredentials }) => {
    const table = adminsSection(page).getByRole('table');
    for (const header of ['Name', 'Email', 'Role', 'Joined Date', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const demo = table.getByRole('row').filter({ hasText: adminCredentials.email });
    await expect(demo).toHaveCount(1);
    // The role as the Users screen writes it, and the order said on screen.
    await expect(demo.getByRole('cell').nth(2)).toHaveText('Admin');
    await expect(demo.getByRole('cell').nth(3)).toHaveText(/\d/);
    await expect(adminsSection(page).getByText(ADMINS_ORDER_NOTE)).toBeVisible();
  });

  test('Add New Admin: mismatching passwords send nothing, the policy is told first, then the admin is created', async ({
    page,
  }) => {
    const suffix = unique();
    const email = `new.${suffix}@admins.example`;
    let registers = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/register')) registers += 1;
    });

    await adminsSection(page).getByRole('button', { name: 'Add New Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Admin' });

    // Every field required.
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(dialog.getByText('First Name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();

    // Passwords that differ: 'Passwords do not match', nothing sent.
    await fillNewAdmin(page, {
      first: 'Nova',
      last: `Admin${suffix}`,
      email,
      password: PASSWORD,
      confirm: `${PASSWORD}-typo`,
    });
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(dialog.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();

    // A common password: the policy's message, before sending.
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('password1234');
    await dialog.getByLabel('Confirm Password').fill('password1234');
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(dialog.getByText(`Password ${PASSWORD_POLICY_MESSAGE}`)).toBeVisible();

    // A bad e-mail.
    await dialog.getByLabel('Email').fill('not-an-email');
    await expect(dialog.getByText('Email must be a valid email address')).toBeVisible();
    expect(registers).toBe(0);

    // Matching, valid: created, the dialog closes and the admin is in the table.
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/user/register'));
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    const request = (await answer).request();
    expect(request.postDataJSON()).toEqual({ name: `Nova Admin${suffix}`, email, password: PASSWORD, role: 'admin' });
    await expect(page.getByText(MESSAGES.adminCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = adminsSection(page).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(`Nova Admin${suffix}`);
    expect(registers).toBe(1);

    // The same e-mail again: the server's 409 message.
    await adminsSection(page).getByRole('button', { name: 'Add New Admin' }).click();
    await fillNewAdmin(page, { first: 'Nova', last: 'Again', email, password: PASSWORD, confirm: PASSWORD });
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(page.getByText(ADMIN_MESSAGES.emailTaken)).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test("the edit button changes an admin's name", async ({ page }) => {
    const admin = await createAdmin(page, 'Edith');
    await adminsSection(page)
      .getByRole('button', { name: `Edit ${admin.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Admin' });
    await expect(dialog.getByLabel('Name')).toHaveValue(admin.name);
    await expect(dialog.getByLabel('Email')).toHaveValue(admin.email);
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    const renamed = `${admin.name} Renamed`;
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(ADMIN_MESSAGES.adminUpdated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(adminsSection(page).getByRole('row').filter({ hasText: admin.email })).toContainText(renamed);
    await page.reload();
    await expect(adminsSection(page).getByRole('row').filter({ hasText: admin.email })).toContainText(renamed);
  });

  test('Remove Admin asks first, then makes the admin a user and takes them off the table', async ({ page }) => {
    const admin = await createAdmin(page, 'Remy');
    const row = () => adminsSection(page).getByRole('row').filter({ hasText: admin.email });
    await expect(row()).toHaveCount(1);

    await adminsSection(page)
      .getByRole('button', { name: `Remove admin ${admin.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove Admin' });
    await expect(dialog).toContainText(admin.name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row()).toHaveCount(1);

    await adminsSection(page)
      .getByRole('button', { name: `Remove admin ${admin.name}` })
      .click();
    await dialog.getByRole('button', { name: 'Remove Admin' }).click();
    await expect(page.getByText(MESSAGES.roleUpdated('user'))).toBeVisible();
    await expect(row()).toHaveCount(0);
  });
});

test.describe('Admin Management: visibility settings', () => {
  test.beforeEach(async ({ page }) => {
    await openAdminManagement(page);
  });

  test('a checkbox is saved at once and kept after a reload', async ({ page }) => {
    const puts = watchSettingsPuts(page);
    const section = visibilitySection(page);
    const vaulted = section.getByRole('checkbox', { name: 'Vaulted' });
    const figures = section.getByRole('checkbox', { name: 'Figures' });
    await expect(vaulted).toBeChecked();
    await expect(figures).toBeChecked();
    await expect(section.getByRole('checkbox', { name: /Contact Support/ })).toBeChecked();

    const put = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
    await vaulted.uncheck();
    const body = (await put).request().postDataJSON();
    expect(body).toMatchObject({ hiddenProductTags: ['vaulted'], hiddenCategories: [], showSupportInOrders: true });
    await expect(page.getByText(MESSAGES.visibilityUpdated).first()).toBeVisible();

    const second = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
    await figures.uncheck();
    expect((await second).status()).toBe(200);
    await expect(figures).not.toBeChecked();

    await page.reload();
    await expect(visibilitySection(page).getByRole('checkbox', { name: 'Vaulted' })).not.toBeChecked();
    await expect(visibilitySection(page).getByRole('checkbox', { name: 'Figures' })).not.toBeChecked();

    // Put back for the other tests.
    await visibilitySection(page).getByRole('checkbox', { name: 'Vaulted' }).check();
    await visibilitySection(page).getByRole('checkbox', { name: 'Figures' }).check();
    await expectSaved(
      page,
      puts,
      (settings) => !settings.hiddenProductTags.includes('vaulted') && !settings.hiddenCategories.includes('Figures'),
    );
    await page.reload();
    await expect(visibilitySection(page).getByRole('checkbox', { name: 'Vaulted' })).toBeChecked();
    await expect(visibilitySection(page).getByRole('checkbox', { name: 'Figures' })).toBeChecked();
  });

  test('quick changes one after another are all kept: the screen never conflicts with itself', async ({ page }) => {
    const section = visibilitySection(page);
    const tags: ProductTag[] = ['preOrder', 'comingSoon', 'isNewProduct'];
    const names = tags.map((tag) => PRODUCT_TAG_LABELS[tag]);
    const hidden = (settings: VisibilitySettings) => tags.filter((tag) => settings.hiddenProductTags.includes(tag));
    const puts = watchSettingsPuts(page);
    for (const name of names) await section.getByRole('checkbox', { name }).click();
    for (const name of names) await expect(section.getByRole('checkbox', { name })).not.toBeChecked();
    await expect.poll(() => puts.statuses.length).toBeGreaterThan(0);
    await expect(page.getByText(MESSAGES.visibilityUpdated).first()).toBeVisible();
    await expectSaved(page, puts, (settings) => hidden(settings).length === tags.length);
    expect(puts.statuses.every((status) => status === 200)).toBe(true);

    await page.reload();
    for (const name of names) await expect(visibilitySection(page).getByRole('checkbox', { name })).not.toBeChecked();
    for (const name of names) await visibilitySection(page).getByRole('checkbox', { name }).click();
    await expectSaved(page, puts, (settings) => hidden(settings).length === 0);
    await page.reload();
    for (const name of names) await expect(visibilitySection(page).getByRole('checkbox', { name })).toBeChecked();
  });

  test("a change the server does not take says 'Failed to update visibility settings' and is undone", async ({
    page,
  }) => {
    // The connection fails as the PUT leaves: the server never answers.
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
    );
    const bestseller = visibilitySection(page).getByRole('checkbox', { name: 'Bestseller' });
    await expect(bestseller).toBeChecked();
    const refused = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/settings'));
    // click, not uncheck: the box is back before Playwright could look at it.
    await bestseller.click();
    await refused;
    await expect(page.getByText(MESSAGES.updateVisibilityFailed)).toBeVisible();
    await expect(bestseller).toBeChecked();
    await page.unroute('**/api/settings');
  });

  test("another admin's change shows on an open screen", async ({ page, browser, adminState }) => {
    // Another browser, signed in as the run's admin too.
    const otherContext = await browser.newContext();
    await seedStorage(otherContext, adminState);
    const other = await otherContext.newPage();
    await openAdminManagement(other);

    const mine = visibilitySection(page).getByRole('checkbox', { name: 'Limited Edition' });
    await expect(mine).toBeChecked();
    await visibilitySection(other).getByRole('checkbox', { name: 'Limited Edition' }).uncheck();
    await expect(mine).not.toBeChecked();
    await visibilitySection(other).getByRole('checkbox', { name: 'Limited Edition' }).check();
    await expect(mine).toBeChecked();
    await otherContext.close();
  });
});
