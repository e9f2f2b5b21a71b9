import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const TAG = '<script src="/color-scheme.js"></script>';

/**
 * Writes public/color-scheme.js inline into index.html's head, byte for byte: as a file of its own
 * it was a blocking request before the first paint of every page (Lighthouse counted up to 370 ms on
 * a phone, docs/decisions/058-lighthouse-on-a-phone.md). The API's Content-Security-Policy allows
 * this one inline script by its hash (COLOR_SCHEME_SCRIPT_CSP in the contract, held to the file by
 * color-scheme-script.test.ts). The file stays the source, and is still served for an old index.html.
 */
export function inlineColorScheme(): Plugin {
  return {
    name: 'backroom-inline-color-scheme',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(TAG)) throw new Error(`index.html has no ${TAG} to write inline`);
        const source = readFileSync(new URL('./public/color-scheme.js', import.meta.url), 'utf8');
        return html.replace(TAG, () => `<script>${source}</script>`);
      },
    },
  };
}
