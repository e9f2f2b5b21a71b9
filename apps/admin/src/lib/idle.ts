/**
 * Runs `run` once the page has drawn and the browser has a moment: after the next frame, in an idle
 * period (at the latest after `timeoutMs`, so a busy page still gets it). What the first screen does
 * not need to be drawn (the socket's code, the top bar's menus) waits for this rather than competing
 * with the screen for the network and the main thread (docs/decisions/058-lighthouse-on-a-phone.md).
 * Answers a cancel.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let idleId: number | undefined;
  let timerId: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const frame = requestAnimationFrame(() => {
    // A task after the frame: the frame's paint is done by then.
    timerId = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(go, { timeout: timeoutMs });
      else go();
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (timerId !== undefined) clearTimeout(timerId);
    if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
  };
}
