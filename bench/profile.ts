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
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { generateDemo } from '../apps/api/src/demo/generate';
import { load } from './load';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-profile-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir);
  await migrateDatabase(cluster.url);
  const database = connectDatabase(cluster.url, 10);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: cluster.url,
    LOG_LEVEL: process.env.PROFILE_LOG_LEVEL ?? 'silent',
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
  });
  await ensureFirstAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, dataDir: dir });
  await generateDemo(database.db, { customers: 200 });
  await insertBulkProducts(database.db, Number(process.env.PROFILE_PRODUCTS ?? 100_000));
  await database.db.execute(sql`vacuum analyze products`);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };
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
  await database.close();
  await cluster.stop();
  await fs.rm(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
