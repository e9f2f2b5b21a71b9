import type { Page } from '@playwright/test';

/*
 * Toasts close by themselves after a few seconds. A toast that shows while a screen is still
 * loading can be gone before a check that waits for the screen comes round to it on a busy
 * machine, so such a toast is read from this log rather than from the screen.
 */

/** Logs every toast's message as it shows, however briefly: from the first script of every page `page` opens. */
export async function logToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { toastsSaid: string[] }).toastsSaid = said;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.mantine-Notification-description')) {
        if (seen.has(toast)) continue;
        seen.add(toast);
        said.push(toast.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The messages of the toasts the page has shown since it opened (logToasts first). */
export const toastsSaid = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { toastsSaid?: string[] }).toastsSaid ?? []);
