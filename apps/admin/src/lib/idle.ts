/**
 * Calls `run` once the page has painted content: at once if it has (the browser's
 * first-contentful-paint entry, kept in its buffer), else when that entry is reported. A browser
 * that does not report paints is taken as having painted. Answers a cancel.
 *
 * Why not the next frame alone: on a cold load the first frames are drawn before the first screen's
 * code and data have arrived (an empty page), so a frame callback ran before the Dashboard's h1 was
 * painted, and an idle period soon after it, the page waiting for the network, let what whenIdle
 * defers start before the first paint, competing with the first screen for a phone's link
 * (docs/decisions/058-lighthouse-on-a-phone.md).
 */
export function afterFirstContentfulPaint(run: () => void): () => void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    painted()
  ) {
    run();
    return () => {};
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
  return () => observer.disconnect();
}

/**
 * Runs `run` once the page has drawn and the browser has a moment: after the first contentful paint
 * (above), then after the next frame, in an idle period (at the latest after `timeoutMs`, so a busy
 * page still gets it). What the first screen does not need to be drawn (the socket's code, the top
 * bar's menus) waits for this rather than competing with the screen for the network and the main
 * thread (docs/decisions/058-lighthouse-on-a-phone.md). Answers a cancel.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  let cancelled = false;
  let frame: number | undefined;
  let idleId: number | undefined;
  let timerId: ReturnType<typeof setTimeout> | undefined;
  const go = () => {
    if (!cancelled) run();
  };
  const stopWaitingForPaint = afterFirstContentfulPaint(() => {
    if (cancelled) return;
    frame = requestAnimationFrame(() => {
      // A task after the frame: the frame's paint is done by then.
      timerId = setTimeout(() => {
        if (typeof requestIdleCallback === 'function') idleId = requestIdleCallback(go, { timeout: timeoutMs });
        else go();
      }, 0);
    });
  });
  return () => {
    cancelled = true;
    stopWaitingForPaint();
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timerId !== undefined) clearTimeout(timerId);
    if (idleId !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleId);
  };
}
