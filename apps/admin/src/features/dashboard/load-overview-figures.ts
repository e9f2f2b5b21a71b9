import type { OverviewFigures } from './components/overview-figures';

/**
 * Fetches the Dashboard's figures (their own chunk, decision 058); the route's loader calls it with
 * the summary's prefetch and the route when it draws. The browser fetches and runs the chunk once.
 */
export const loadOverviewFigures = (): Promise<typeof OverviewFigures> =>
  import('./components/overview-figures').then((m) => m.OverviewFigures);
