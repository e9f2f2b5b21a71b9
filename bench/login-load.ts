import { chromium } from '@playwright/test';

export interface LoginLoad {
  /** Scripts the browser fetched for /login until the form was drawn and the network went quiet. */
  scripts: number;
  /** Their bodies as received (encoded: what crossed the wire), and decoded. */
  jsWireKb: number;
  jsDecodedKb: number;
  /** The Accept-Encoding chromium sent, and the Content-Encodings that came back (none: identity). */
  acceptEncoding: string;
  encodings: string[];
}

/**
 * What a browser receives for /login (issue 23): Debian's chromium opens the page, nothing stored,
 * nothing cached, and every script response's body size as received (Playwright's request sizes,
 * CDP's encoded length) is summed until the form is drawn and the network is idle. Chromium sends
 * its own Accept-Encoding, so the figure follows whatever the server compresses.
 */
export async function loginLoad(base: string): Promise<LoginLoad> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const finished: Promise<{ wire: number; decoded: number; accept: string; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      finished.push(
        (async () => {
          const [sizes, headers, response] = await Promise.all([
            request.sizes(),
            request.allHeaders(),
            request.response(),
          ]);
          const body = (await response?.body())?.length ?? 0;
          return {
            wire: sizes.responseBodySize,
            decoded: body,
            accept: headers['accept-encoding'] ?? '',
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
          };
        })(),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Login' }).waitFor();
    const scripts = await Promise.all(finished);
    return {
      scripts: scripts.length,
      jsWireKb: scripts.reduce((sum, s) => sum + s.wire, 0) / 1024,
      jsDecodedKb: scripts.reduce((sum, s) => sum + s.decoded, 0) / 1024,
      acceptEncoding: scripts[0]?.accept ?? '',
      encodings: [...new Set(scripts.map((s) => s.encoding))],
    };
  } finally {
    await browser.close();
  }
}
