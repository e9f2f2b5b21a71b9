import { NARROW_WIDTH_PX } from '@backroom/contract';

/**
 * A window narrower than NARROW_WIDTH_PX, as a media query: `innerWidth < 768` for a window of
 * whole CSS pixels. Read through matchMedia, not `window.innerWidth`: on a phone's viewport (a
 * viewport meta tag) reading innerWidth lays the page out first, a forced layout in the middle of
 * React's render, which the Dashboard's first load paid twice (docs/decisions/058-lighthouse-on-a-phone.md).
 */
export const NARROW_WINDOW_QUERY = `(max-width: ${NARROW_WIDTH_PX - 0.02}px)`;

/** The query's list: `.matches` now, and a `change` event each time the window crosses the width. */
export const narrowWindow = (): MediaQueryList => window.matchMedia(NARROW_WINDOW_QUERY);

/**
 * Calls onCross with the new answer each time the window crosses the width; answers the unsubscribe.
 */
export function onNarrowWindowChange(onCross: (narrow: boolean) => void): () => void {
  const query = narrowWindow();
  const listener = (event: MediaQueryListEvent) => onCross(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
