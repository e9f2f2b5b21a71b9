import { NARROW_WIDTH_PX } from '@backroom/contract';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../features/theme/color-scheme';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts (spec 1 section 8): top-right, closing after 5 s, at most three at once; in a narrow
 * window one at a time, the next when it closes, since only one fits above the screen's first row
 * of buttons (docs/decisions/048-toast-placement.md). Repeats are collapsed by lib/notify.ts.
 * Mantine's host (app/toast-host.tsx) is fetched with the first toast: the login screen draws none
 * until the admin submits (docs/decisions/053-login-screen-weight.md). A toast shown meanwhile waits
 * in the store, with the limit and place set here, and appears when the host does.
 */
function ToastHost() {
  const narrow = useMediaQuery(`(max-width: ${NARROW_WIDTH_PX - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const limit = narrow ? 1 : 3;
  const waiting = useNotifications().notifications.length > 0;
  const [Host, setHost] = useState<ComponentType<{ limit: number }> | null>(null);
  useEffect(() => {
    notificationsStore.updateState((state) => ({ ...state, limit, defaultPosition: 'top-right' }));
  }, [limit]);
  // Loaded by hand rather than with lazy() and Suspense: Suspense's retry waits on a timer, which a
  // paused page clock (toasts.spec.ts) would never fire. Should the code not arrive, the toasts stay
  // unseen rather than take the app down.
  useEffect(() => {
    if (!waiting || Host) return;
    import('./toast-host').then(
      (m) => setHost(() => m.default),
      (error: unknown) => console.error(error),
    );
  }, [waiting, Host]);
  return Host ? <Host limit={limit} /> : null;
}

/** Theme and the toast host around the whole app; the server cache is the shell's (app/shell-screen.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      // The theme's CSS variables are in the stylesheet, written at build (mantine-css-variables.ts).
      withCssVariables={false}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}
