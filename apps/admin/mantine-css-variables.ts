import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from './src/app/theme';

/** What app/styles.ts imports: the theme's CSS variables, as Mantine would write them at run time. */
export const MANTINE_CSS_VARIABLES_ID = 'virtual:mantine-css-variables.css';
const RESOLVED_CSS = `\0${MANTINE_CSS_VARIABLES_ID}`;
const RESOLVED_STUB = '\0mantine-css-variables-stub.js';

/**
 * The theme's CSS variables written at build into the one stylesheet, not computed in the browser
 * (docs/decisions/058-lighthouse-on-a-phone.md). Mantine's provider computes every variable of its
 * default theme as its module loads (to leave out those its static CSS already has), then the app
 * theme's again as it first renders, and writes the difference into a <style>: colour work that cost
 * a phone 250-600 ms at 4x CPU before the first paint of every page, always with the same answer.
 *
 * Here the provider renders once at build, on the server, with the app's theme and resolver, and its
 * <style data-mantine-styles> is the CSS module `virtual:mantine-css-variables.css`, the same text to
 * the byte. The app's MantineProvider has `withCssVariables={false}` (app/providers.tsx), and the
 * component that computed them is replaced by one that draws nothing, so its module (and the default
 * theme's variables it computed at load) never reaches the browser. A theme change is picked up by
 * the next build or dev server start.
 */
export function mantineCssVariables(): Plugin {
  return {
    name: 'backroom-mantine-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === MANTINE_CSS_VARIABLES_ID) return RESOLVED_CSS;
      if (
        source === './MantineCssVariables/MantineCssVariables.mjs' &&
        importer?.replaceAll('\\', '/').includes('/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')
      ) {
        return RESOLVED_STUB;
      }
      return null;
    },
    load(id) {
      if (id === RESOLVED_STUB) {
        return 'export function MantineCssVariables() { return null; }\n';
      }
      if (id !== RESOLVED_CSS) return null;
      const markup = renderToStaticMarkup(
        createElement(MantineProvider, {
          theme,
          cssVariablesResolver,
          colorSchemeManager: {
            get: (fallback) => fallback,
            set: () => undefined,
            subscribe: () => undefined,
            unsubscribe: () => undefined,
            clear: () => undefined,
          },
          withGlobalClasses: false,
        }),
      );
      const css = /^<style data-mantine-styles="true">([^<]*)<\/style>$/.exec(markup)?.[1];
      if (!css) throw new Error(`Mantine's provider wrote no CSS variables at build: ${markup.slice(0, 200)}`);
      return css;
    },
  };
}
