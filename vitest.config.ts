import { defineConfig } from 'vitest/config';
import { LongestFirst } from './apps/api/test/setup/longest-first.ts';

/** The API suites' shared set-up: one PostgreSQL server per run, a fresh database per test file. */
const apiSuite = {
  globalSetup: ['apps/api/test/setup/global-database.ts'],
  setupFiles: ['apps/api/test/setup/fail-on-console-error.ts', 'apps/api/test/setup/openapi-answers.ts'],
  // Each file gets its own database; two at a time suits a 2-core machine.
  maxWorkers: 2,
  // A worker runs file after file without importing the app again for each (isolate: false).
  isolate: false,
  // The app's request context (AsyncLocalStorage) as `npm run serve` runs it: on async context
  // frames instead of promise hooks (decision 054's tenth-stop amendment).
  execArgv: ['--experimental-async-context-frame'],
};

/**
 * Safety nets for a hung test, not budgets (docs/decisions/041-test-tiers.md): a test waits for
 * states, never for a time, so a busy machine makes it slower, never red. Tens of times what the
 * slowest test takes on a quiet machine.
 */
const patience = (ms: number) => ({ testTimeout: ms, hookTimeout: ms });

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by their
    // content): \`npm test\`'s api stage transforms the app once, and the PostgreSQL 15 pass and the
    // unit stage, separate vitest runs, read it back instead of transforming it again
    // (docs/decisions/041-test-tiers.md).
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          // Pure functions and components: one import of the modules per worker, not per file
          // (26 s down to 5 s on 2 cores; docs/decisions/041-test-tiers.md).
          isolate: false,
          // A safety net, not a budget: the CSV reader's tests parse 100,000 rows, which took over
          // Vitest's default 5 s once beside the browser suite on a busy machine.
          ...patience(60_000),
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
          ...patience(600_000),
        },
      },
      {
        // Volume, soak and whole processes: run once, on the default server (not the PostgreSQL 15 pass).
        test: {
          name: 'scale',
          sequence: { groupOrder: 1 },
          include: ['apps/api/test/scale/**/*.test.ts'],
          ...apiSuite,
          ...patience(1_800_000),
        },
      },
    ],
  },
});
