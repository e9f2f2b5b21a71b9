import { NARROW_WIDTH_PX, TOAST_AUTO_CLOSE_MS } from '@backroom/contract';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../features/theme/color-scheme';
import { queryClient } from '../lib/query-client';
import classes from './providers.module.css';
import { cssVariablesResolver, theme } from './theme';

/**
 * The toasts (spec 1 section 8): top-right, below the top bar and clear of the screens' header
 * rows and filter bars (providers.module.css), closing after 5 s, at most three at once; in a
 * narrow window one at a time, the next when it closes, since only one fits above the screen's
 * first row of buttons (docs/decisions/048-toast-placement.md). Repeats are collapsed by lib/notify.ts.
 */
function ToastHost() {
  const narrow = useMediaQuery(`(max-width: ${NARROW_WIDTH_PX - 0.02}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  return (
    <Notifications
      position="top-right"
      limit={narrow ? 1 : 3}
      containerWidth={300}
      autoClose={TOAST_AUTO_CLOSE_MS}
      // Above modals (200), below menus and popovers (300): a toast never hides a menu just opened.
      zIndex={250}
      classNames={{ root: classes.notifications }}
    />
  );
}

/** Theme, server cache and the toast host around the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
