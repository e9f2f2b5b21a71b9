import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app (npm run build first) on a fresh data folder: the real
 * server with its embedded PostgreSQL, driven through Debian's chromium. The settings below are
 * put in the environment once, by the runner's process, so its workers read the same ones.
 */
const env = process.env;
if (!env.BACKROOM_E2E_DATA_DIR) {
  env.BACKROOM_E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'backroom-e2e-'));
  // The embedded PostgreSQL runs as the postgres user when we are root: it must enter the folder.
  chmodSync(env.BACKROOM_E2E_DATA_DIR, 0o755);
}
env.BACKROOM_E2E_PORT ??= '3917';
env.BACKROOM_E2E_PG_PORT ??= '54329';
env.BACKROOM_E2E_ADMIN_EMAIL ??= 'e2e.admin@example.com';
env.BACKROOM_E2E_ADMIN_PASSWORD ??= 'e2e-password-1234';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${env.BACKROOM_E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${env.BACKROOM_E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      DATA_DIR: env.BACKROOM_E2E_DATA_DIR,
      PORT: env.BACKROOM_E2E_PORT,
      EMBEDDED_PG_PORT: env.BACKROOM_E2E_PG_PORT,
      ADMIN_EMAIL: env.BACKROOM_E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: env.BACKROOM_E2E_ADMIN_PASSWORD,
      DATABASE_URL: '',
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '1000',
      LOG_LEVEL: 'warn',
      // Parallel runs may each build the admin to their own folder (npx vite build --outDir …).
      ADMIN_DIST: env.BACKROOM_E2E_ADMIN_DIST ?? '',
    },
  },
});
