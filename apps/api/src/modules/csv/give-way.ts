/*
 * Long loops share the event loop (docs/decisions/044-csv-import-limits.md). A loop over many rows
 * calls `await giveWay()` at each step: nothing happens until SLICE_MS have passed since the event
 * loop last got a turn, then every callback waiting (other requests, timers, the database's
 * answers) runs before the loop goes on, since setImmediate runs after pending I/O. The clock is
 * shared: two loops under way at once hold the event loop no longer than one.
 */

/** The longest a loop holds the event loop between two turns of it, in milliseconds. */
export const SLICE_MS = 10;

let sliceStart = performance.now();

function nextTurn(resolve: () => void) {
  setImmediate(() => {
    sliceStart = performance.now();
    resolve();
  });
}

/** Undefined (go on) within the slice; past it, a promise that resolves once the event loop has had a turn. */
export function giveWay(): Promise<void> | undefined {
  if (performance.now() - sliceStart < SLICE_MS) return undefined;
  return new Promise(nextTurn);
}
