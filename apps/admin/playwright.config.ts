import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app (npm run build first): the real server with its embedded
 * PostgreSQL, driven through Debian's chromium. The global setup makes the demo shop once; each
 * worker then runs a server of its own on a copy of it (e2e/server.ts, e2e/fixtures.ts), signs in
 * once through the login form and hands that session to its tests. The settings below are put in
 * the environment once, by the runner's process, so its workers read the same ones.
 */
const env = process.env;
if (!env.BACKROOM_E2E_ROOT) {
  env.BACKROOM_E2E_ROOT = mkdtempSync(path.join(os.tmpdir(), 'backroom-e2e-'));
  // The embedded PostgreSQL runs as the postgres user when we are root: it must enter the folder.
  chmodSync(env.BACKROOM_E2E_ROOT, 0o755);
}
env.BACKROOM_E2E_ADMIN_EMAIL ??= 'e2e.admin@example.com';
env.BACKROOM_E2E_ADMIN_PASSWORD ??= 'e2e-password-1234';

/**
 * Debian's chromium, as its headless shell (package chromium-headless-shell, the same engine
 * without the windowing browser around it, what Playwright itself runs headless) when installed:
 * about a sixth less CPU than the full browser in headless mode (docs/decisions/042-browser-suite.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  // Files are shared out to the workers; the tests of one file run in order, in one worker.
  fullyParallel: false,
  // Two workers on two cores: each test spends most of its time waiting on the page or the server.
  workers: Number(env.E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: true,
  // Safety nets only: no test is meant to come near them, on any machine.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    // A failure's screenshot always; its trace when asked (E2E_TRACE=retain-on-failure): recording
    // every test's trace costs an eighth of the suite's time, and CI keeps only the log.
    screenshot: 'only-on-failure',
    trace: (env.E2E_TRACE as 'off' | 'retain-on-failure' | 'on' | undefined) ?? 'off',
    // The browser asks for reduced motion, which the app honours (theme.ts): dialogs, menus, toasts
    // and the sidebar show their end state at once, and no test (nor axe) waits on a transition.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // V8 without background threads: on a machine whose cores are all busy they find no idle
        // core, and their coordination is CPU of its own (docs/decisions/042-browser-suite.md).
        '--js-flags=--single-threaded',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
});
