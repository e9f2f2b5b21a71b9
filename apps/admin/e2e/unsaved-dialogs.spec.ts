import { BUNDLE_SCREEN_TEXT } from '@backroom/contract';
import type { Locator, Page } from '@playwright/test';
import { addProductThroughApi } from './admin-api';
import { seriousIssues } from './axe';
import { expect, test } from './fixtures';

/*
 * Issue 21: Esc in a form dialog's date calendar closed the whole dialog and lost what was typed.
 * Esc now closes only the calendar, and a form dialog holding unsaved input asks before it closes
 * (docs/decisions/047-unsaved-dialogs.md).
 */

/** What the confirm says, as the admin reads it (apps/admin/src/components/unsaved-changes.ts). */
const TEXT = {
  title: 'Discard changes?',
  body: 'What you typed in this form has not been saved. If you discard it, it is lost.',
  keep: 'Keep editing',
  discard: 'Discard',
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The confirm a form dialog shows before it drops unsaved input. */
const confirmOf = (page: Page) => page.getByRole('dialog', { name: TEXT.title });

/** A date field's calendar is open while its arrows (months, years or decades) are on screen. */
const calendar = (page: Page) => page.getByRole('button', { name: /^Next (month|year|decade)$/ });

/**
 * Opens a date field's calendar, does what a person might do in it, then presses Esc: the calendar
 * closes, the dialog stays, and the focus is back on the field.
 */
async function escapeFromCalendar(page: Page, dialog: Locator, field: RegExp, inCalendar?: () => Promise<void>) {
  const button = dialog.getByRole('button', { name: field });
  await button.click();
  await expect(calendar(page)).toBeVisible();
  await inCalendar?.();
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(confirmOf(page)).toHaveCount(0);
  await expect(button).toBeFocused();
}

/** A click on the calendar's weekday names: nothing there takes the focus but the calendar itself. */
const clickWeekdays = (page: Page) => () => page.getByRole('columnheader', { name: 'Mo' }).click();

/**
 * The focus still on the field: a quick Esc beats the calendar, which takes the focus a moment after it
 * opens (as a busy machine showed). The calendar is open, so that Esc is its own.
 */
const focusStillOnField = (dialog: Locator, field: RegExp) => () => dialog.getByRole('button', { name: field }).focus();

/** The month's name over the days switches the calendar to the months of the year. */
const showMonths = (page: Page) => async () => {
  await page.getByRole('button', { name: /^[A-Z][a-z]+ \d{4}$/ }).click();
  await expect(page.getByRole('button', { name: 'Next year' })).toBeVisible();
};

// The last files of the run (their names come last): each test on its own, so that both workers
// share out the end of the run instead of one finishing a whole file alone
// (docs/decisions/042-browser-suite.md). Each test makes its own records.
test.describe.configure({ mode: 'parallel' });

test('Create New Bundle: Esc closes only the calendar; the form asks before it drops the typed title', async ({
  page,
}) => {
  await page.goto('/bundle-sale');
  const create = page.getByRole('button', { name: BUNDLE_SCREEN_TEXT.createNew });
  await create.click();
  const dialog = page.getByRole('dialog', { name: BUNDLE_SCREEN_TEXT.createNew });
  const title = dialog.getByRole('textbox', { name: /^Title/ });
  const name = `Half-typed bundle ${unique()}`;
  await title.fill(name);

  // Esc in either calendar closes that calendar only: after a click on a blank part of it, or
  // after switching it to the months of the year, too.
  await escapeFromCalendar(page, dialog, /^Start Date/);
  await escapeFromCalendar(page, dialog, /^End Date/, clickWeekdays(page));
  await escapeFromCalendar(page, dialog, /^Start Date/, showMonths(page));
  await escapeFromCalendar(page, dialog, /^Start Date/, focusStillOnField(dialog, /^Start Date/));
  await expect(title).toHaveValue(name);

  // Esc again: the form asks, with the focus on 'Keep editing'; Esc there keeps editing.
  await page.keyboard.press('Escape');
  const confirm = confirmOf(page);
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(TEXT.body);
  await expect(confirm.getByRole('button', { name: TEXT.keep })).toBeFocused();
  await expect(dialog).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await seriousIssues(page, { include: '[role=dialog]' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(title).toHaveValue(name);
  // The focus is back in the form, where it was.
  await expect(dialog.getByRole('button', { name: /^Start Date/ })).toBeFocused();

  // A click outside asks too; 'Keep editing' keeps the title.
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: TEXT.keep }).click();
  await expect(confirm).toBeHidden();
  await expect(title).toHaveValue(name);

  // So does the close button; then Cancel, and 'Discard' closes the form.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: TEXT.keep }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: TEXT.discard }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  // Opened again it is empty, and with nothing typed Esc closes it at once.
  await create.click();
  await expect(title).toHaveValue('');
  await expect(title).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(confirm).toHaveCount(0);
});

test('Create New Discount: Esc closes only the calendar; typed input is asked about, untouched closes at once', async ({
  page,
}) => {
  await page.goto('/discounts');
  const add = page.getByRole('button', { name: 'Add New Discount' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Create New Discount' });
  const title = dialog.getByRole('textbox', { name: /^Title/ });

  // Nothing typed: the calendar closes alone, then Esc closes the form without asking.
  await escapeFromCalendar(page, dialog, /^End Date/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(confirmOf(page)).toHaveCount(0);

  await add.click();
  const name = `Half-typed code ${unique()}`;
  await title.fill(name);
  await escapeFromCalendar(page, dialog, /^Start Date/, clickWeekdays(page));
  await escapeFromCalendar(page, dialog, /^End Date/, showMonths(page));
  await escapeFromCalendar(page, dialog, /^Start Date/, focusStillOnField(dialog, /^Start Date/));
  await expect(title).toHaveValue(name);
  await page.keyboard.press('Escape');
  await expect(confirmOf(page)).toBeVisible();
  await confirmOf(page).getByRole('button', { name: TEXT.keep }).click();
  await expect(title).toHaveValue(name);
  // Typed back to what it was, the form holds nothing new: it closes at once.
  await title.fill('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(confirmOf(page)).toHaveCount(0);
});

test('Modify Product asks before it drops a change, and closes at once when nothing changed', async ({ page }) => {
  const product = await addProductThroughApi(page, `Unsaved Figure ${unique()}`);
  await page.goto(`/list?edit=${product._id}`);
  const modal = page.getByRole('dialog', { name: 'Modify Product' });
  const name = modal
    .getByRole('region', { name: 'Basic Information' })
    .getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue(product.name);

  // Unchanged: Esc closes it at once.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(confirmOf(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/edit=/);

  // Changed: the close button asks; 'Discard' closes it and nothing is saved.
  await page.goto(`/list?edit=${product._id}`);
  await expect(name).toHaveValue(product.name);
  await name.fill(`${product.name} renamed`);
  await modal.getByRole('button', { name: 'Close dialog' }).click();
  await expect(confirmOf(page)).toBeVisible();
  await confirmOf(page).getByRole('button', { name: TEXT.keep }).click();
  await expect(name).toHaveValue(`${product.name} renamed`);
  await page.keyboard.press('Escape');
  await confirmOf(page).getByRole('button', { name: TEXT.discard }).click();
  await expect(modal).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);
  await page.goto(`/list?edit=${product._id}`);
  await expect(name).toHaveValue(product.name);
});
