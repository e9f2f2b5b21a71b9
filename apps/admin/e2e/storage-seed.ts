import type { BrowserContext } from '@playwright/test';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The localStorage key that says a context has had its storage written (seedStorage). */
const SEEDED_KEY = 'e2e_storage_seeded';

/** What each seeded context was given, for adminToken before a page has visited the app. */
const seeded = new WeakMap<BrowserContext, StorageState>();

/**
 * Gives a context a browser's storage (the worker's signed-in admin's) as its first page of each
 * origin loads, as a `storageState` option with origins would, without the page Playwright opens
 * for those: for every new context it opened a page, loaded each origin in it to write its
 * localStorage and closed it, which cost chromium a renderer process and a load each test
 * (decision 042, 'Storage without a page'). An init script writes the entries before the app's
 * own scripts run, once per context: the marker it leaves keeps a later load (a reload after the
 * app dropped a refused token, another tab) from writing them again.
 */
export async function seedStorage(context: BrowserContext, state: StorageState): Promise<void> {
  seeded.set(context, state);
  await context.addCookies(state.cookies);
  await context.addInitScript(
    ({ origins, seededKey }) => {
      const mine = origins.find((origin) => origin.origin === location.origin);
      if (!mine || localStorage.getItem(seededKey) !== null) return;
      for (const { name, value } of mine.localStorage) localStorage.setItem(name, value);
      localStorage.setItem(seededKey, '1');
    },
    { origins: state.origins, seededKey: SEEDED_KEY },
  );
}

/**
 * The context's storage as the app sees it: its pages' localStorage where a page has loaded the
 * origin (the marker is always there then), else what seedStorage will write on the first load.
 */
export async function storageOf(context: BrowserContext): Promise<StorageState> {
  const state = await context.storageState();
  const seed = seeded.get(context);
  if (!seed) return state;
  const visited = new Set(state.origins.map((origin) => origin.origin));
  return { ...state, origins: [...state.origins, ...seed.origins.filter((origin) => !visited.has(origin.origin))] };
}
