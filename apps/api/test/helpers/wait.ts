/**
 * Waiting for a state, never for a time. A test waits for the event or the row it needs; the
 * deadline below is only a safety net, so generous that a slow or busy machine makes a test
 * slower, never red (the longest wait on a quiet machine, a campaign's end, is a few seconds; on
 * the 2-core machine at a load of 20, a minute). Speed is measured by `npm run bench`, not
 * asserted by a test. No vitest here: bench/realtime.ts uses these helpers through instances.ts.
 */
export const PATIENCE_MS = 300_000;

/** How often a polled condition is checked. */
const INTERVAL_MS = 50;

/**
 * Resolves with the first truthy answer of `check`, polled every 50 ms; rejects naming `what`
 * after PATIENCE_MS (or `timeoutMs`), or at once with the error `check` throws.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  what: string,
  timeoutMs = PATIENCE_MS,
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (performance.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}
