/**
 * Where a request's time goes: the product page under autocannon, with the server in this process.
 * node --import tsx bench/profile.ts writes a CPU profile of the load alone (not the set-up) to
 * PROFILE_OUT (request.cpuprofile by default; open it in Chrome's DevTools or speedscope).
 * PROFILE_URL picks another route (e.g. /api/live); PROFILE_SECONDS the length (10 by default).
 */
import '../apps/api/src/process-signals';
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { generateDemo } from '../apps/api/src/demo/generate';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { load } from './load';
import { signIn } from './standalone';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

async function main() {
  const shop = await openBenchDatabase('profile');
  const { dir, cluster, database } = shop;
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: process.env.PROFILE_LOG_LEVEL ?? 'silent',
    ADMIN_EMAIL: BENCH_ADMIN.email,
  });
  await generateDemo(database.db, { customers: 200 });
  await insertBulkProducts(database.db, Number(process.env.PROFILE_PRODUCTS ?? 100_000));
  await database.db.execute(sql`vacuum analyze products`);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await signIn(base, BENCH_ADMIN);
  const url = `${base}${process.env.PROFILE_URL ?? `${API_PATHS.productList}?q=dragon&mainCategory=Figures&page=2&pageSize=10`}`;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const run = await load(url, {
    connections: Number(process.env.PROFILE_CONNECTIONS ?? 50),
    seconds: SECONDS,
    headers: { token },
  });
  const { profile } = await session.post('Profiler.stop');
  await fs.writeFile(process.env.PROFILE_OUT ?? 'request.cpuprofile', JSON.stringify(profile));
  console.log(url, run);
  await app.close();
  await shop.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
