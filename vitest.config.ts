import { defineConfig } from 'vitest/config';

/** The API suites' shared set-up: one PostgreSQL server per run, a fresh database per test file. */
const apiSuite = {
  globalSetup: ['apps/api/test/setup/global-database.ts'],
  setupFiles: ['apps/api/test/setup/fail-on-console-error.ts'],
  testTimeout: 30_000,
  hookTimeout: 90_000,
  // Each file gets its own database; two at a time suits a 2-core machine.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/admin/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/test/scale/**'],
          ...apiSuite,
        },
      },
      {
        // Volume, soak and whole processes: run once, on the default server (not the PostgreSQL 15 pass).
        test: {
          name: 'scale',
          sequence: { groupOrder: 1 },
          include: ['apps/api/test/scale/**/*.test.ts'],
          ...apiSuite,
        },
      },
    ],
  },
});
