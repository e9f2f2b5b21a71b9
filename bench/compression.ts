/**
 * Compressed answers (issue 23, decision 052): what compression costs the server. The DB-free
 * route and a page of 100 products, asked as a browser asks (Accept-Encoding: br, gzip), on the
 * bench's server and on a second one started with COMPRESSION=off, in the same run: the goal is
 * the DB-free route within 10% of the uncompressed server's throughput. Also the bytes of the
 * product page on the wire each way. Each load runs twice per server, off-on-on-off, and the
 * figure is the mean of the two, so a machine getting busier during the section does not favour
 * either. Run by run.ts, which starts both servers, or on its own (a fresh database with the demo
 * shop, both servers started here): node --import tsx bench/compression.ts
 */
import '../apps/api/src/process-signals';
import fs from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, exportUrl } from '@backroom/contract';
import { ensureFirstAdmin } from '../apps/api/src/bootstrap/first-admin';
import { connectDatabase, migrateDatabase } from '../apps/api/src/db/client';
import { startEmbeddedCluster } from '../apps/api/src/db/embedded';
import { generateDemo } from '../apps/api/src/demo/generate';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../apps/api/src/plugins/infrastructure/compression';
import { createLocalStorage } from '../apps/api/src/storage/local-storage';
import { alternately, type LoadResult, load } from './load';
import { startServer } from './server-process';
import { isMainBench } from './standalone';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface CompressionResult {
  live: { on: LoadResult; off: LoadResult };
  products: { on: LoadResult; off: LoadResult; bytesOn: number; bytesOff: number; encoding: string };
}

export async function benchCompression(options: {
  /** The bench's server (compression on) and one with COMPRESSION=off, same database. */
  on: string;
  off: string;
  token: string;
  connections: number;
  seconds: number;
}): Promise<CompressionResult> {
  const { on, off, token, connections, seconds } = options;
  const opts = { connections, seconds, headers: BROWSER };
  const page = exportUrl(API_PATHS.productList, { page: '1', pageSize: '100' });
  const authed = { ...opts, headers: { ...BROWSER, token } };
  const [liveOff, liveOn] = await alternately(
    () => load(`${off}${API_PATHS.live}`, opts),
    () => load(`${on}${API_PATHS.live}`, opts),
  );
  const [productsOff, productsOn] = await alternately(
    () => load(`${off}${page}`, authed),
    () => load(`${on}${page}`, authed),
  );
  // Bytes as they cross the wire: fetch would decompress, so count the raw body of node:http.
  const wire = async (base: string) => {
    return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      request(`${base}${page}`, { headers: { ...BROWSER, token } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`the product page answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
  };
  const [wireOn, wireOff] = [await wire(on), await wire(off)];
  return {
    live: { on: liveOn, off: liveOff },
    products: {
      on: productsOn,
      off: productsOff,
      bytesOn: wireOn.bytes,
      bytesOff: wireOff.bytes,
      encoding: wireOn.encoding,
    },
  };
}

/** The DB-free route's throughput with compression on, as a share of off's: the goal is 90% or more. */
export const compressionShare = (r: CompressionResult) => r.live.on.requestsPerSecond / r.live.off.requestsPerSecond;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function compressionReport(r: CompressionResult): string[] {
  const share = r.live.on.requestsPerSecond / r.live.off.requestsPerSecond;
  const pages = r.products.on.requestsPerSecond / r.products.off.requestsPerSecond;
  return [
    `Compression (Accept-Encoding: gzip, deflate, br, zstd; brotli ${BROTLI_QUALITY} / gzip ${GZIP_LEVEL} above 1 KB; mean of 2 runs each):`,
    `  DB-free route: ${fmt(r.live.on.requestsPerSecond)} req/s compression on, ${fmt(r.live.off.requestsPerSecond)} off` +
      ` (${fmt(share * 100)}%; goal ≥ 90%: ${share >= 0.9 ? 'met' : 'NOT met'}), p99 ${r.live.on.p99} vs ${r.live.off.p99} ms`,
    `  100 products page: ${fmt(r.products.on.requestsPerSecond)} req/s on, ${fmt(r.products.off.requestsPerSecond)} off` +
      ` (${fmt(pages * 100)}%), p99 ${r.products.on.p99} vs ${r.products.off.p99} ms;` +
      ` ${fmt(r.products.bytesOn / 1024, 1)} KB ${r.products.encoding} vs ${fmt(r.products.bytesOff / 1024, 1)} KB on the wire`,
  ];
}

/** On its own: a fresh embedded database with the demo shop, a server with compression and one without. */
async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const admin = { email: 'bench@example.com', password: 'bench-password' };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-bench-compression-'));
  await fs.chmod(dir, 0o755);
  const cluster = await startEmbeddedCluster(dir);
  try {
    await migrateDatabase(cluster.url);
    const database = connectDatabase(cluster.url, 10);
    await ensureFirstAdmin(database.db, { ...admin, dataDir: dir });
    // With a storage for its images the demo makes its catalogue: the page of 100 products.
    await generateDemo(database.db, { customers: 200, storage: createLocalStorage(path.join(dir, 'uploads')) });
    await database.close();
    const env = { DATA_DIR: dir, DATABASE_URL: cluster.url, LOG_LEVEL: 'info', ADMIN_EMAIL: admin.email };
    const on = await startServer(env, path.join(dir, 'server.log'));
    const off = await startServer({ ...env, COMPRESSION: 'off' }, path.join(dir, 'server-uncompressed.log'));
    const login = await fetch(`${on.base}${API_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token } = (await login.json()) as { token: string };
    const result = await benchCompression({ on: on.base, off: off.base, token, connections: 50, seconds });
    await on.close();
    await off.close();
    const load = os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ');
    console.log(`\n${compressionReport(result).join('\n')}\n  load average ${load}, ${os.cpus().length} cores`);
  } finally {
    await cluster.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

if (isMainBench('compression.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
