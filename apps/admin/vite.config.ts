import { fileURLToPath } from 'node:url';
import { API_PATHS } from '@backroom/contract';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenPreload } from './first-screen-preload';
import { inlineColorScheme } from './inline-color-scheme';
import { mantineCssVariables } from './mantine-css-variables';
import { precompress } from './precompress';

const api = 'http://localhost:3000';

/** The admin builds to apps/admin/dist, which the API serves at /. In dev, /api and the socket go to the API. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The theme's CSS variables written into the stylesheet at build (mantine-css-variables.ts). The colour scheme's script inline in the head, and the one asking for the first screen's chunks
  // beside the entry (decision 058); brotli and gzip copies beside each asset, sent as they are
  // (decision 052). The first screens' modules are those app/routes.tsx and app/signed-in.ts load.
  plugins: [
    react(),
    mantineCssVariables(),
    inlineColorScheme(),
    firstScreenPreload(
      {
        login: ['src/app/screens/login-screen.tsx'],
        shell: ['src/app/shell-screen.tsx'],
        dashboard: [
          'src/features/dashboard/routes/dashboard-route.tsx',
          'src/lib/query-client.ts',
          'src/features/dashboard/api.ts',
          // The figures' chunks too, which the route's loader asks for: asked for by the inline script,
          // as the entry downloads, their links are not written while the entry runs (decision 058).
          'src/features/dashboard/components/overview-figures.tsx',
        ],
      },
      {
        // The calls the shell (the user's name, the unread count) and the Dashboard make as they draw.
        shell: [API_PATHS.userInfo, API_PATHS.unread],
        dashboard: [API_PATHS.dashboardSummary],
      },
    ),
    precompress(),
  ],
  // The manifest lets bench/initial-js.ts count the login screen's chunks, not only the entry.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          // React and react-dom's small module (createPortal, flushSync) in one chunk: left to the
          // bundler, the latter became a chunk of its own (with Mantine's useReducedMotion) once the
          // Dashboard's figures stopped importing ScrollArea, a 12th request on /login's first load
          // that cost its simulated FCP 0.2-0.3 s (decision 058). react-dom's client stays in the entry.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react[\\/]|react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js))/,
            },
            // The contract's texts and ApiError, which the login screen shares with the signed-in code,
            // kept in a chunk of their own: without this group the next one took them in, and the login
            // screen would have fetched TanStack Query with them (decision 058).
            {
              name: 'api-error',
              test: /packages[\\/]contract[\\/]src[\\/]ui-texts\.ts$|src[\\/]lib[\\/]api-error\.ts$/,
            },
            // TanStack Query and the app's client and keys in one chunk: left to the bundler, they were
            // five (query, mutation, useMutation, query-keys, query-client), each a request before the
            // Dashboard's first paint, which a phone's HTTP/1.1 fetches six at a time (decision 058).
            // Every signed-in screen loads them with the shell; the login screen none of them.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]|src[\\/]lib[\\/]query-(client|keys)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/socket.io': { target: api, ws: true, changeOrigin: true },
    },
  },
});
