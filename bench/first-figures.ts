/**
 * When a person on a phone sees the Dashboard's title and its figures, two builds of the admin
 * alternated (decision 058's morning of the 28th): chromium with 4x CPU slowdown and a slow 4G link
 * emulated by DevTools (150 ms a request, 1.6 Mbps down, 750 kbps up), a phone's screen, a cold
 * cache and a stored session each load. Per load: the largest paint (the title), the six tiles,
 * Recent Orders (the last part) and when the summary's answer ended, from the navigation's start.
 * Real throttling, not Lighthouse's simulation: what the person waits for, not the score.
 *
 *   ADMIN_DIST_B=/other/apps/admin/dist node --import tsx bench/first-figures.ts
 *   (A is this checkout's apps/admin/dist; ROUNDS pairs, 6 by default, A first in odd rounds;
 *   RESOURCES=1 prints each load's requests, start and end)
 */

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { API_PATHS, STORAGE_KEYS } from '@backroom/contract';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { generateDemo } from '../apps/api/src/demo/generate';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { signIn } from './standalone';

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const distB = process.env.ADMIN_DIST_B;
if (!distB) throw new Error('ADMIN_DIST_B: the other build to compare with');
const dists = { A: path.resolve(import.meta.dirname, '../apps/admin/dist'), B: path.resolve(distB) };

interface Load {
  title: number;
  tiles: number;
  orders: number;
  summaryEnd: number;
}

/**
 * In the page before its scripts: when the tiles and Recent Orders are first there, at the next
 * frame, and the largest paint. A string, not a function: tsx's transform would add helpers the page has not.
 */
const observe = `(() => {
  const marks = {};
  window.__marks = marks;
  const at = (name) => {
    if (name in marks) return;
    marks[name] = -1;
    requestAnimationFrame(() => { marks[name] = performance.now(); });
  };
  new MutationObserver(() => {
    if (document.querySelectorAll('main [role="group"][aria-labelledby]').length >= 6) at('tiles');
    for (const heading of document.querySelectorAll('main h2')) if (heading.textContent === 'Recent Orders') at('orders');
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.title = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function main() {
  const shop = await openBenchDatabase('first-figures');
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  try {
    await generateDemo(shop.database.db, { customers: 200 });
    const bases: Record<string, string> = {};
    for (const [name, dist] of Object.entries(dists)) {
      const config = loadConfig({
        ...process.env,
        DATA_DIR: shop.dir,
        DATABASE_URL: shop.cluster.url,
        LOG_LEVEL: 'silent',
        ADMIN_DIST: dist,
      });
      const app = await buildApp({ config, database: shop.database });
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases[name] = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
    const token = await signIn(bases.A as string, BENCH_ADMIN);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    const loads: Record<string, Load[]> = { A: [], B: [] };
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const name of round % 2 ? ['A', 'B'] : ['B', 'A']) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
          });
          await context.addInitScript(
            ([key, value]) => localStorage.setItem(key as string, value as string),
            [STORAGE_KEYS.token, token],
          );
          await context.addInitScript({ content: observe });
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 150,
            downloadThroughput: (1638.4 * 1024) / 8,
            uploadThroughput: (750 * 1024) / 8,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(`${bases[name]}/`);
          await page.waitForFunction(() => {
            const m = (window as unknown as { __marks: Record<string, number> }).__marks;
            return (m.orders ?? -1) > 0 && (m.tiles ?? -1) > 0 && (m.title ?? 0) > 0;
          });
          const load = await page.evaluate((summaryPath) => {
            const m = (window as unknown as { __marks: Record<string, number> }).__marks;
            const summary = performance.getEntriesByType('resource').find((e) => e.name.endsWith(summaryPath)) as
              | PerformanceResourceTiming
              | undefined;
            return {
              title: m.title ?? 0,
              tiles: m.tiles ?? 0,
              orders: m.orders ?? 0,
              summaryEnd: summary?.responseEnd ?? 0,
            };
          }, API_PATHS.dashboardSummary);
          loads[name]?.push(load);
          if (process.env.RESOURCES)
            console.log(
              await page.evaluate(() =>
                performance
                  .getEntriesByType('resource')
                  .map((e) => {
                    const r = e as PerformanceResourceTiming;
                    return `${Math.round(r.startTime)}-${Math.round(r.responseEnd)} ${r.name.replace(/^.*\//, '')} ${r.encodedBodySize}`;
                  })
                  .join('\n'),
              ),
            );
          console.log(
            `round ${round} ${name}: title ${ms(load.title)}, summary answered ${ms(load.summaryEnd)}, tiles ${ms(load.tiles)}, Recent Orders ${ms(load.orders)}`,
          );
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
    for (const [name, list] of Object.entries(loads)) {
      const med = (key: keyof Load) => ms(median(list.map((l) => l[key])));
      console.log(
        `${name} (${dists[name as 'A' | 'B']}), median of ${list.length}: title ${med('title')}, summary answered ${med('summaryEnd')}, tiles ${med('tiles')}, Recent Orders ${med('orders')}`,
      );
    }
  } finally {
    for (const app of apps) await app.close();
    await shop.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
