import { CAMPAIGN_DEFAULTS, MESSAGES, newObjectId } from '@backroom/contract';
import type { Page } from '@playwright/test';
import { addProductThroughApi } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';
import { AXE_WIDTH } from './schemes';

/*
 * User Notifications (spec 2 section 2) against the real server without SMTP_URL: an e-mail to
 * selected customers reaches the database outbox and shows in Sent e-mails, its message in a
 * sandboxed frame.
 */

/** axe without the message frame: it runs nothing (sandbox=""), so axe cannot look inside; its HTML is the e-mail's. */
const serious = (page: Page, include?: string) => seriousIssues(page, { include, skipFrames: true });

test('a notification to selected users reaches the outbox and shows in Sent e-mails', async ({ page, shop }) => {
  const tag = Date.now().toString(36);
  const people = ['Ada', 'Bruno', 'Cleo'].map((first) => ({
    id: newObjectId(),
    name: `${first} Notify${tag}`,
    email: `${first.toLowerCase()}.${tag}@notify.example`,
  }));
  // More results than a page: 'Select all N results' takes the whole search.
  const extras = Array.from({ length: 22 }, (_v, i) => ({
    id: newObjectId(),
    name: `Extra${tag} ${String(i).padStart(2, '0')}`,
    email: `extra${i}.${tag}@bulk.notify.example`,
  }));
  for (const p of [...people, ...extras]) {
    await shop.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
      p.id,
      p.name,
      p.email,
      'not-a-login',
    ]);
  }

  await page.goto('/admin-management');
  const panel = page.getByRole('region', { name: 'User Notifications' });
  await expect(panel.getByLabel('Email Subject')).toHaveValue(CAMPAIGN_DEFAULTS.newProduct.subject);
  await panel.getByRole('radio', { name: 'Discounted Product' }).check();
  await expect(panel.getByLabel('Email Subject')).toHaveValue(CAMPAIGN_DEFAULTS.discountedProduct.subject);
  await expect(panel.getByLabel('Message')).toHaveValue(CAMPAIGN_DEFAULTS.discountedProduct.message);
  await expect(panel.getByRole('radio', { name: /^All Users \(\d+\)$/ })).toBeVisible();

  // Select Users opens the picker: the server searches, the selection survives a new search.
  await panel.getByRole('radio', { name: 'Select Users (0)' }).check();
  const picker = page.getByRole('dialog', { name: 'Select Users' });
  await picker.getByLabel('Search users').fill(`Extra${tag}`);
  await expect(picker.getByRole('checkbox')).toHaveCount(20);
  // Every control of the picker has a name, its close button included (it had none).
  await expect(picker.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);
  await picker.getByRole('button', { name: 'Select all 22 results' }).click();
  await expect(picker.getByText('22 selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Clear All' }).click();
  await picker.getByLabel('Search users').fill(`Notify${tag}`);
  await expect(picker.getByRole('checkbox')).toHaveCount(3);
  await picker.getByRole('button', { name: 'Select All' }).click();
  await expect(picker.getByText('3 selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Clear All' }).click();
  await expect(picker.getByText('0 selected')).toBeVisible();
  await picker.getByRole('checkbox', { name: new RegExp(people[0]?.name as string) }).check();
  await picker.getByLabel('Search users').fill(`Bruno Notify${tag}`);
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: new RegExp(people[1]?.name as string) }).check();
  await expect(picker.getByText('2 selected')).toBeVisible();
  await picker.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(panel.getByRole('radio', { name: 'Select Users (2)' })).toBeChecked();

  // The form's own checks come first.
  const subject = `Spring offer ${tag}`;
  await panel.getByLabel('Email Subject').fill('');
  await panel.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(MESSAGES.fillSubjectAndMessage)).toBeVisible();
  await panel.getByLabel('Email Subject').fill(subject);
  await panel.getByLabel('Message').fill(`Hello <b>friends</b>\n\nOur offer ${tag} is on.`);
  await panel.getByLabel('Product link (optional)').fill('https://shop.example.com/offers');
  await panel.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(MESSAGES.emailSent(2))).toBeVisible();

  // The recent e-mails list follows the campaign until both are sent.
  const row = panel.getByTestId('campaign-row').filter({ hasText: subject });
  await expect(row.getByTestId('campaign-sent')).toHaveText('2');

  const outbox = await shop.pool.query<{ to_address: string; html: string }>(
    `select o.to_address, o.html from email_outbox o join email_campaigns c on c.id = o.campaign_id
     where c.subject = $1 order by o.to_address`,
    [subject],
  );
  expect(outbox.rows.map((r) => r.to_address)).toEqual([people[0]?.email, people[1]?.email]);
  expect(outbox.rows[0]?.html).toContain('Hello &lt;b&gt;friends&lt;/b&gt;');

  await panel.getByRole('link', { name: 'Sent e-mails' }).click();
  await expect(page).toHaveURL(/\/sent-emails$/);
  await page.getByRole('button', { name: `View ${subject}` }).click();
  const frame = page.getByTitle(`Message: ${subject}`);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(
    page.frameLocator(`iframe[title="Message: ${subject}"]`).getByText(`Our offer ${tag} is on.`),
  ).toBeVisible();
  expect(await serious(page)).toEqual([]);
  await shop.pool.query(`delete from users where email like '%.${tag}@bulk.notify.example'`);
});

test("a product's picture shows in the Sent e-mails preview: loaded, not broken", async ({ page, shop }) => {
  const tag = Date.now().toString(36);
  // A product with a picture of its own (a 16 px square), and one customer to send to.
  const product = await addProductThroughApi(page, `Pictured Poster ${tag}`);
  const customer = { id: newObjectId(), name: `Pia Picture${tag}`, email: `pia.${tag}@picture.notify.example` };
  await shop.pool.query('insert into users (id, name, email, password_hash) values ($1, $2, $3, $4)', [
    customer.id,
    customer.name,
    customer.email,
    'not-a-login',
  ]);

  await page.goto('/admin-management');
  const panel = page.getByRole('region', { name: 'User Notifications' });
  await panel.getByRole('radio', { name: 'Select Users (0)' }).check();
  const picker = page.getByRole('dialog', { name: 'Select Users' });
  // Once the search has answered: the list before it is replaced as the answer comes.
  await picker.getByLabel('Search users').fill(customer.name);
  await expect(picker.getByRole('checkbox')).toHaveCount(1);
  await picker.getByRole('checkbox', { name: new RegExp(customer.name) }).check();
  await picker.getByRole('button', { name: 'Confirm Selection' }).click();
  await expect(panel.getByRole('radio', { name: 'Select Users (1)' })).toBeChecked();

  const subject = `Picture day ${tag}`;
  await panel.getByLabel('Email Subject').fill(subject);
  await panel.getByLabel('Search products').fill(product.name);
  const products = panel.getByRole('group', { name: 'Products', exact: true });
  await expect(products.getByRole('checkbox')).toHaveCount(1);
  await products.getByRole('checkbox', { name: new RegExp(product.name) }).check();
  await expect(panel.getByRole('button', { name: `Remove ${product.name}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(MESSAGES.emailSent(1))).toBeVisible();

  await panel.getByRole('link', { name: 'Sent e-mails' }).click();
  await page.getByRole('button', { name: `View ${subject}` }).click();
  const message = page.frameLocator(`iframe[title="Message: ${subject}"]`);
  const picture = message.getByRole('img', { name: product.name });
  await expect(picture).toBeVisible();
  // The e-mail's JPEG rendition, by its path on this server (docs/decisions/043-email-delivery-failures.md).
  await expect(picture).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}-mail\.jpg$/);
  // Loaded: a broken or blocked picture is complete with no width.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => ({ complete: img.complete, width: img.naturalWidth })))
    .toEqual({ complete: true, width: 16 });
});

test('Sent e-mails and the User Notifications panel fit at 375, 768 and 1440 px with no serious axe issue', async ({
  page,
}) => {
  const widths = async (check: () => Promise<void>) => {
    for (const width of [375, 768, 1440]) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await check();
      });
    }
  };

  await page.goto('/sent-emails');
  await expect(page.getByRole('heading', { name: 'Sent e-mails', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'E-mails, newest first' }).or(page.getByText('No e-mails sent yet')),
  ).toBeVisible();
  // axe at the narrower widths: at 1440 px dark-theme.spec.ts measures this screen in light and dark.
  await widths(async () => {
    const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
    expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
    if (page.viewportSize()?.width !== AXE_WIDTH) expect(await serious(page)).toEqual([]);
  });

  // axe at 768 px: responsive.spec.ts measures Admin Management, this panel included, at 1440 px in
  // light and dark and at 375 px.
  await page.goto('/admin-management');
  const panel = page.getByRole('region', { name: 'User Notifications' });
  await widths(async () => {
    await expect(panel.getByRole('button', { name: 'Send Email' })).toBeVisible();
    if (page.viewportSize()?.width === 768) {
      expect(await serious(page, 'section[aria-labelledby="notifications-title"]')).toEqual([]);
    }
  });
});
