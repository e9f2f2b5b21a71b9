import { useEffect, useState } from 'react';
import { pagePainted } from './page-painted';

/** At the latest this long after the first render: a hidden tab paints nothing until it is shown. */
const LATEST_MS = 2000;

/**
 * False until the page's first contentful paint is on screen (page-painted.ts), then true; true at
 * once when it already was. The paint's entry, not the next frame: on a busy phone the frame is
 * presented well after the frame's callbacks have run. Where the browser has no paint timing, after
 * the next frame and a task.
 */
export function useAfterFirstPaint(): boolean {
  const [done, setDone] = useState(pagePainted);
  useEffect(() => {
    if (done) return;
    const finish = () => setDone(true);
    const latest = setTimeout(finish, LATEST_MS);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => {
        timer = setTimeout(finish, 0);
      });
      return () => {
        clearTimeout(latest);
        cancelAnimationFrame(frame);
        if (timer !== undefined) clearTimeout(timer);
      };
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    // Buffered: a paint since the first render's pagePainted() is delivered too.
    observer.observe({ type: 'paint', buffered: true });
    return () => {
      clearTimeout(latest);
      observer.disconnect();
    };
  }, [done]);
  return done;
}
