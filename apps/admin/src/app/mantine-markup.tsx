import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { theme } from './theme';

/**
 * For the unit tests that hold markup written out by hand to the Mantine component it stands for
 * (decision 058: Recent Orders' table, the sidebar's entries, the top bar's stand-in buttons): the
 * markup as the app draws it (the app's theme, its CSS variables written at build, a router for
 * links), without the provider's own style tag.
 */
export const mantineMarkup = (node: ReactNode): string =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme} withCssVariables={false}>
        {node}
      </MantineProvider>
    </MemoryRouter>,
  ).replace(/<style[^>]*>.*?<\/style>/gs, '');
