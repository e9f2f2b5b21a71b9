import { NOTIFICATION_AUTO_CLOSE_MS } from '@backroom/contract';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../features/theme/color-scheme';
import { queryClient } from '../lib/query-client';
import classes from './providers.module.css';
import { cssVariablesResolver, theme } from './theme';

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
        <Notifications
          // Bottom-left, narrow, three at most: clear of the top bar, the screens' filter bars, a
          // modal's close button and its right-aligned Save; repeats are collapsed by lib/notify.ts.
          position="bottom-left"
          limit={3}
          containerWidth={300}
          autoClose={NOTIFICATION_AUTO_CLOSE_MS}
          // Above modals (200), below menus and popovers (300): a toast never hides a menu just opened.
          zIndex={250}
          classNames={{ root: classes.notifications }}
        />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
