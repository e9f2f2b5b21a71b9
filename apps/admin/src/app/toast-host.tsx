// The toasts' CSS comes with their host, not in every page's first stylesheet (decision 058).
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_AUTO_CLOSE_MS } from '@backroom/contract';
import { Notifications } from '@mantine/notifications';
import classes from './providers.module.css';

/**
 * Mantine's toast host: top-right, below the top bar and clear of the screens' header rows and
 * filter bars (providers.module.css), closing after 5 s, `limit` at once. Loaded with the first
 * toast (app/providers.tsx).
 */
export default function ToastHost({ limit }: { limit: number }) {
  return (
    <Notifications
      position="top-right"
      limit={limit}
      containerWidth={300}
      autoClose={TOAST_AUTO_CLOSE_MS}
      // Above modals (200), below menus and popovers (300): a toast never hides a menu just opened.
      zIndex={250}
      classNames={{ root: classes.notifications }}
    />
  );
}
