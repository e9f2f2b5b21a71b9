/**
 * npm run bench: the figures we track, each next to a baseline measured in the same run.
 * Starts its own embedded PostgreSQL in a temporary folder with the demo shop.
 */
import '../apps/api/src/process-signals';
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API_PATHS } from '@backroom/contract';
import { buildApp } from '../apps/api/src/app';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { generateDemo } from '../apps/api/src/demo/generate';
import { benchCatalogue } from './catalogue';
import { initialAssets } from './initial-js';
import { load } from './load';
import { benchOrders, ordersReport } from './orders';
import { listRenderTimes } from './render';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir);
  await migrateDatabase(cluster.url);
  const database = connectDatabase(cluster.url, 10);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
  });
  await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, dataDir: dir });
  await generateDemo(database.db, { customers: 2000 });
  // The admin the app serves (built once if missing): the initial-load and render figures need it.
  const dist = path.join(root, 'apps/admin/dist');
  if (!existsSync(path.join(dist, 'index.html'))) execSync('npm run build', { cwd: root, stdio: 'ignore' });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // Baseline: a bare node:http server sending the bytes the DB-free route sends.
  const liveBody = JSON.stringify({ success: true, status: 'ok' });
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(liveBody);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const rows: string[][] = [];
  const opts = { connections: CONNECTIONS, seconds: SECONDS };
  const bareRun = await load(bareUrl, opts);
  const liveRun = await load(`${base}${API_PATHS.live}`, opts);
  rows.push(['bare node:http (baseline)', fmt(bareRun.requestsPerSecond), `${bareRun.p99}`, `${bareRun.errors}`, '']);
  rows.push([
    `GET ${API_PATHS.live} (no DB)`,
    fmt(liveRun.requestsPerSecond),
    `${liveRun.p99}`,
    `${liveRun.errors + liveRun.non2xx}`,
    `${fmt((liveRun.requestsPerSecond / bareRun.requestsPerSecond) * 100)}% of bare`,
  ]);

  const login = await fetch(`${base}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const dbRun = await load(`${base}${API_PATHS.unread}`, { ...opts, headers: { token } });
  delay.disable();
  rows.push([
    `GET ${API_PATHS.unread} (token check + count)`,
    fmt(dbRun.requestsPerSecond),
    `${dbRun.p99}`,
    `${dbRun.errors + dbRun.non2xx}`,
    `event-loop delay p99 ${fmt(delay.percentile(99) / 1e6, 1)} ms`,
  ]);

  // The product list at 100k products (issue 3).
  const catalogue = await benchCatalogue({ base, token, database, connections: CONNECTIONS, seconds: SECONDS });
  rows.push([
    `GET ${API_PATHS.productList}?${catalogue.query}`,
    fmt(catalogue.load.requestsPerSecond),
    `${catalogue.load.p99}`,
    `${catalogue.load.errors}`,
    `${fmt(catalogue.products)} products, ${fmt(catalogue.matches)} matches`,
  ]);

  // A Product List page in the browser once its data has arrived (issue 3), at 100k products.
  const render = await listRenderTimes(base, token);

  // Orders and the dashboard at 1M orders and 100k customers (issue 4).
  console.log('Generating the orders bench data (BENCH_ORDERS orders, 1,000,000 by default):');
  const orders = await benchOrders({
    base,
    token,
    database,
    connections: CONNECTIONS,
    seconds: SECONDS,
    log: (line) => console.log(line),
  });
  rows.push([
    `POST ${API_PATHS.orderList} ${JSON.stringify(orders.load.body)}`,
    fmt(orders.load.requestsPerSecond),
    `${orders.load.p99}`,
    `${orders.load.errors}`,
    `${fmt(orders.orders)} orders`,
  ]);

  const assets = await initialAssets(dist);

  await app.close();
  bare.close();
  await database.close();
  await cluster.stop();
  await fs.rm(dir, { recursive: true, force: true });

  const header = ['route', 'req/s', 'p99 ms', 'errors', 'compared'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\nBackroom bench: ${CONNECTIONS} connections, ${SECONDS} s each, ${os.cpus().length} cores\n`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log(
    `\nLogin screen initial load (gzip): ${fmt(assets.jsKb, 1)} KB JS + ${fmt(assets.cssKb, 1)} KB CSS in ${assets.files} files`,
  );
  const ms = (t: { median: number; p95: number }) => `median ${fmt(t.median, 2)} ms, p95 ${fmt(t.p95, 2)} ms`;
  console.log(
    `\nProduct list, ${fmt(catalogue.products)} products (made in ${fmt(catalogue.insertSeconds, 1)} s), one request at a time:` +
      `\n  filtered + searched page through the API: ${ms(catalogue.api)}` +
      `\n  the same SQL straight to the database:   ${ms(catalogue.raw)}` +
      ` (API/raw ${fmt(catalogue.api.median / catalogue.raw.median, 2)}x at the median,` +
      ` ${fmt(catalogue.api.median - catalogue.raw.median, 2)} ms of token check, HTTP and serialisation)` +
      `\n  first page, no filter, through the API:   ${ms(catalogue.firstPage)}` +
      `\n  a page rendered in chromium after its data arrived (${render.pages} Next clicks): ${ms(render)} (goal: under 100 ms)`,
  );
  console.log(`\n${ordersReport(orders).join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
