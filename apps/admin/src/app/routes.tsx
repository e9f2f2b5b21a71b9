import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { requireToken } from './require-token';
import { RouteErrorBoundary } from './route-error-boundary';
import { ScreenLoader } from './screen-loader';
import { loadDashboard, loadShell, prefetchDashboardSummary } from './signed-in';

type LoadScreen = () => Promise<ComponentType>;

/** Stands in for a screen whose code did not arrive, so its error boundary says so. */
function ScreenLoadFailed(): never {
  throw new Error('This screen could not be loaded. Check the connection, then reload the page.');
}

/**
 * Loads a screen's code on its first visit. Should that fail (network, a new release), the screen
 * renders as its error boundary: a rejected lazy property would make React Router render nothing
 * below the root at all.
 */
function loadOrFail(load: LoadScreen): LoadScreen {
  return () =>
    load().catch((error: unknown) => {
      console.error(error);
      return ScreenLoadFailed;
    });
}

/** A lazily loaded screen with its own error boundary. */
function screen(path: string | undefined, load: LoadScreen): RouteObject {
  const lazy = { Component: loadOrFail(load) };
  return path === undefined
    ? { index: true, lazy, ErrorBoundary: RouteErrorBoundary }
    : { path, lazy, ErrorBoundary: RouteErrorBoundary };
}

const dashboard: LoadScreen = loadDashboard;

/** The Dashboard's route: its summary is asked for while its code loads (decision 058). */
const dashboardScreen = (path: string | undefined): RouteObject => ({
  ...screen(path, dashboard),
  loader: prefetchDashboardSummary,
});

/** The route table of spec 1 section 2.1; any unknown path shows the dashboard. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: ScreenLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      screen('/login', () => import('./screens/login-screen').then((m) => m.LoginScreen)),
      {
        id: 'shell',
        loader: requireToken,
        lazy: {
          Component: loadOrFail(loadShell),
        },
        ErrorBoundary: RouteErrorBoundary,
        children: [
          dashboardScreen(undefined),
          screen('add', () => import('../features/products/routes/add-product-route').then((m) => m.AddProductRoute)),
          screen('list', () => import('./screens/product-list-screen').then((m) => m.ProductListScreen)),
          screen('orders', () => import('./screens/orders-screen').then((m) => m.OrdersScreen)),
          screen('users', () => import('./screens/users-screen').then((m) => m.UsersScreen)),
          screen('admin-management', () =>
            import('./screens/admin-management-screen').then((m) => m.AdminManagementScreen),
          ),
          screen('sent-emails', () =>
            import('../features/campaigns/routes/sent-emails-route').then((m) => m.SentEmailsRoute),
          ),
          screen('discounts', () =>
            import('../features/discounts/routes/discounts-route').then((m) => m.DiscountsRoute),
          ),
          screen('categories', () =>
            import('../features/categories/routes/categories-route').then((m) => m.CategoriesRoute),
          ),
          screen('bundle-sale', () =>
            import('../features/bundles/routes/bundle-sale-route').then((m) => m.BundleSaleRoute),
          ),
          screen('messages', () =>
            import('../features/conversations/routes/messages-route').then((m) => m.MessagesRoute),
          ),
          screen('activity', () => import('../features/activity/routes/activity-route').then((m) => m.ActivityRoute)),
          screen('two-factor', () =>
            import('../features/two-factor/routes/two-factor-route').then((m) => m.TwoFactorRoute),
          ),
          dashboardScreen('*'),
        ],
      },
    ],
  },
];
