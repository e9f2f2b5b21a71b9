/**
 * Compressed answers (issue 23, decision 052): what compression costs the server. The DB-free
 * route and a page of 100 products, asked as a browser asks (Accept-Encoding: br, gzip), on the
 * bench's server and on a second one started with COMPRESSION=off, in the same run: the goal is
 * the DB-free route within 10% of the uncompressed server's throughput. Also the bytes of the
 * product page on the wire each way. Both servers are warmed up the same, then loaded in
 * BENCH_ROUNDS (8) alternating rounds (off-on, on-off, …; bench/load.ts's compare): the figure is
 * the median of the rounds' ratios, printed with their spread and each server's CPU per request,
 * which the scheduler's share of a core does not move. The two servers differ in COMPRESSION only
 * (both have their metrics on, as npm run bench's server has). Run by run.ts, which starts both
 * servers, or on its own (a fresh database with the demo shop, both servers started here):
 * node --import tsx bench/compression.ts
 */
import '../apps/api/src/process-signals';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, exportUrl } from '@backroom/contract';
import { generateDemo } from '../apps/api/src/demo/generate';
import { BROTLI_QUALITY, GZIP_LEVEL } from '../apps/api/src/plugins/infrastructure/compression';
import { createLocalStorage } from '../apps/api/src/storage/local-storage';
import { BENCH_ADMIN, openBenchDatabase } from './bench-database';
import { type Comparison, compare, type LoadResult, load, share } from './load';
import { BENCH_METRICS_TOKEN } from './metrics';
import { startServer } from './server-process';
import { isMainBench, signIn } from './standalone';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Rounds of the A/B (bench/load.ts's compare) and each run's length on the DB-free route. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const LIVE_SECONDS = 3;

export interface CompressionResult {
  /** The DB-free route: a is COMPRESSION=off, b compression on (b's share of a's is the goal). */
  live: { on: LoadResult; off: LoadResult; comparison: Comparison };
  products: {
    on: LoadResult;
    off: LoadResult;
    comparison: Comparison;
    bytesOn: number;
    bytesOff: number;
    encoding: string;
  };
}

/** A server the section loads: where it listens and its process (for its CPU per request). */
export interface BenchServer {
  base: string;
  pid: number;
}

export async function benchCompression(options: {
  /** The bench's server (compression on) and one with COMPRESSION=off, same database, same metrics. */
  on: BenchServer;
  off: BenchServer;
  token: string;
  connections: number;
  seconds: number;
}): Promise<CompressionResult> {
  const { on, off, token, connections, seconds } = options;
  const opts = { connections, seconds: Math.min(seconds, LIVE_SECONDS), headers: BROWSER };
  const page = exportUrl(API_PATHS.productList, { page: '1', pageSize: '100' });
  const authed = { connections, seconds, headers: { ...BROWSER, token } };
  const side = (server: BenchServer, url: string, o: typeof opts) => ({
    run: () => load(`${server.base}${url}`, o),
    pid: server.pid,
  });
  // Both warmed the same, off first then on, a run each (not counted).
  const warmUp = (url: string, o: typeof opts) => async () => {
    await load(`${off.base}${url}`, { ...o, seconds: 2 });
    await load(`${on.base}${url}`, { ...o, seconds: 2 });
  };
  const live = await compare(side(off, API_PATHS.live, opts), side(on, API_PATHS.live, opts), {
    rounds: ROUNDS,
    warmUp: warmUp(API_PATHS.live, opts),
  });
  const products = await compare(side(off, page, authed), side(on, page, authed), {
    rounds: Math.max(2, Math.floor(ROUNDS / 2)),
    warmUp: warmUp(page, authed),
  });
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
  const [wireOn, wireOff] = [await wire(on.base), await wire(off.base)];
  return {
    live: { on: live.b.median, off: live.a.median, comparison: live },
    products: {
      on: products.b.median,
      off: products.a.median,
      comparison: products,
      bytesOn: wireOn.bytes,
      bytesOff: wireOff.bytes,
      encoding: wireOn.encoding,
    },
  };
}

/** The DB-free route's throughput with compression on, as a share of off's: the goal is 90% or more. */
export const compressionShare = (r: CompressionResult) => share(r.live.comparison);

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

const pct = (ratio: number) => `${fmt(ratio * 100)}%`;
const spread = (ratios: number[]) => `${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}`;

export function compressionReport(r: CompressionResult): string[] {
  const live = r.live.comparison;
  const pages = r.products.comparison;
  return [
    `Compression (Accept-Encoding: gzip, deflate, br, zstd; brotli ${BROTLI_QUALITY} / gzip ${GZIP_LEVEL} above 1 KB;` +
      ` ${live.ratios.length} alternating rounds, median of the rounds' ratios):`,
    `  DB-free route: ${pct(live.ratio)} of COMPRESSION=off's throughput (rounds ${spread(live.ratios)};` +
      ` goal ≥ 90% of both: ${share(live) >= 0.9 ? 'met' : 'NOT met'}), median runs ${fmt(r.live.on.requestsPerSecond)} vs` +
      ` ${fmt(r.live.off.requestsPerSecond)} req/s;` +
      ` server CPU ${fmt(live.b.medianCpuUs, 1)} vs ${fmt(live.a.medianCpuUs, 1)} µs a request (${pct(live.cpuRatio)})`,
    `  100 products page: ${pct(pages.ratio)} of off's throughput (rounds ${spread(pages.ratios)}),` +
      ` median runs ${fmt(r.products.on.requestsPerSecond)} vs ${fmt(r.products.off.requestsPerSecond)} req/s,` +
      ` p99 ${r.products.on.p99} vs ${r.products.off.p99} ms; server CPU ${fmt(pages.b.medianCpuUs)} vs` +
      ` ${fmt(pages.a.medianCpuUs)} µs a request;` +
      ` ${fmt(r.products.bytesOn / 1024, 1)} KB ${r.products.encoding} vs ${fmt(r.products.bytesOff / 1024, 1)} KB on the wire`,
  ];
}

/** On its own: a fresh embedded database with the demo shop, a server with compression and one without. */
async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const shop = await openBenchDatabase('compression');
  const { dir, cluster, database } = shop;
  try {
    // With a storage for its images the demo makes its catalogue: the page of 100 products.
    await generateDemo(database.db, { customers: 200, storage: createLocalStorage(path.join(dir, 'uploads')) });
    const env = {
      DATA_DIR: dir,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    };
    const on = await startServer(env, path.join(dir, 'server.log'));
    const off = await startServer({ ...env, COMPRESSION: 'off' }, path.join(dir, 'server-uncompressed.log'));
    const token = await signIn(on.base, BENCH_ADMIN);
    const result = await benchCompression({ on, off, token, connections: 50, seconds });
    await on.close();
    await off.close();
    const load = os
      .loadavg()
      .map((l) => fmt(l, 1))
      .join(' ');
    console.log(`\n${compressionReport(result).join('\n')}\n  load average ${load}, ${os.cpus().length} cores`);
  } finally {
    await shop.close();
  }
}

if (isMainBench('compression.ts')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
