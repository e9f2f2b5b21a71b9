/**
 * Whether this page's first contentful paint is on screen: the login screen's, another screen's, or
 * a Dashboard's title (the browser's paint timing). Until then the Dashboard asks for nothing its
 * title does not need (decision 058's morning of the 28th): on a cold load straight onto it, the
 * summary and the figures' code are asked for once the title is on screen, not beside the code that
 * draws it. A browser without paint timing answers false: there the Dashboard asks once its title
 * is drawn. On its own, for the route's loader in the entry; the hook is with the route
 * (use-after-first-paint.ts).
 */
export const pagePainted = (): boolean => performance.getEntriesByName('first-contentful-paint', 'paint').length > 0;
