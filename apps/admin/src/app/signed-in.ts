import type { ComponentType } from 'react';

/*
 * What the signed-in app loads first: the shell (with the server cache, the socket, the top bar and
 * sidebar) and the Dashboard. None of it is part of the login screen's first load; the login screen
 * fetches it while the password is typed (docs/decisions/053-login-screen-weight.md).
 */

export const loadShell = (): Promise<ComponentType> => import('./shell-screen').then((m) => m.ShellScreen);

export const loadDashboard = (): Promise<ComponentType> =>
  import('../features/dashboard/routes/dashboard-route').then((m) => m.DashboardRoute);

/** The Dashboard's figures, a chunk the route draws its title without (features/dashboard/load-overview-figures.ts). */
const loadOverviewFigures = (): Promise<unknown> => import('../features/dashboard/components/overview-figures');

let fetched = false;

/** Starts fetching the shell and the Dashboard once; a failure is left to the route, which reports it. */
export function prefetchSignedIn(): void {
  if (fetched) return;
  fetched = true;
  for (const load of [loadShell, loadDashboard, loadOverviewFigures]) load().catch(() => undefined);
}

/**
 * Starts the Dashboard's one call together with its code, rather than after the code has arrived
 * and drawn (docs/decisions/058-lighthouse-on-a-phone.md): the route's loader calls this and does
 * not wait. The answer lands in the server cache the Dashboard reads; a failure is left to the
 * Dashboard's own query, which asks again when it mounts.
 */
export function prefetchDashboardSummary(): null {
  // The figures' code too, which the Dashboard's title does not wait for (features/dashboard/load-overview-figures.ts).
  loadOverviewFigures().catch(() => undefined);
  Promise.all([import('../lib/query-client'), import('../features/dashboard/api')])
    .then(([{ queryClient }, { dashboardSummaryQueryOptions }]) =>
      queryClient.prefetchQuery(dashboardSummaryQueryOptions()),
    )
    .catch(() => undefined);
  return null;
}
