import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// The api client's session-expiry rule changes screens through the router, without a reload.
setNavigator((to) => router.navigate(to, { replace: true }));
