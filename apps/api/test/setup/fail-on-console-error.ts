import { afterEach, vi } from 'vitest';

/**
 * An unexpected console.error fails the test that caused it. This file runs again before each
 * test file, in a worker that may have run other files before (isolate: false): whatever an
 * earlier file's clean-up logged is not this file's.
 */
const spy = vi.spyOn(console, 'error');
spy.mockClear();
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0) throw new Error(`console.error was called: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
