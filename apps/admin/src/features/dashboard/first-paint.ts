import { useEffect, useState } from 'react';

/** Set once a Dashboard has been painted on this page (see useAfterFirstPaint). */
let painted = false;

/**
 * Whether this page has painted anything yet: the login screen, another screen, or a Dashboard's
 * title. Until then the Dashboard asks for nothing its title does not need (decision 058's morning
 * of the 28th): on a cold load straight onto it, the summary and the figures' code are asked for
 * once the title is on screen, not beside the code that draws it. Where the browser does not say
 * (no paint timing), the title's own first paint sets it.
 */
export function pagePainted(): boolean {
  if (painted) return true;
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  return performance.getEntriesByType('paint').length > 0;
}

/**
 * False until the component's first render has been painted (the next frame, then a task after it),
 * on a page that had painted nothing before it; true at once on any later mount.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(pagePainted);
  useEffect(() => {
    if (done) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A task after the frame: its paint is done by then.
      timer = setTimeout(() => {
        painted = true;
        setDone(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [done]);
  return done;
}
