/**
 * Compressed answers (issue 23, decision 052): what compression costs the server. The DB-free
 * route and a page of 100 products, asked as a browser asks (Accept-Encoding: br, gzip), on the
 * bench's server and on a second one started with COMPRESSION=off, in the same run: the goal is
 * the DB-free route within 10% of the uncompressed server's throughput. Also the bytes of the
 * product page on the wire each way. Run by run.ts, which starts both servers.
 */
import { request } from 'node:http';
import { API_PATHS, exportUrl } from '@backroom/contract';
import { type LoadResult, load } from './load';

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
  const liveOff = await load(`${off}${API_PATHS.live}`, opts);
  const liveOn = await load(`${on}${API_PATHS.live}`, opts);
  const page = exportUrl(API_PATHS.productList, { page: '1', pageSize: '100' });
  const authed = { ...opts, headers: { ...BROWSER, token } };
  const productsOff = await load(`${off}${page}`, authed);
  const productsOn = await load(`${on}${page}`, authed);
  // Bytes as they cross the wire: fetch would decompress, so count the raw body of node:http.
  const wire = async (base: string) => {
    return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      request(`${base}${page}`, { headers: { ...BROWSER, token } }, (res) => {
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

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

export function compressionReport(r: CompressionResult): string[] {
  const share = r.live.on.requestsPerSecond / r.live.off.requestsPerSecond;
  const pages = r.products.on.requestsPerSecond / r.products.off.requestsPerSecond;
  return [
    'Compression (Accept-Encoding: gzip, deflate, br, zstd; brotli 4 / gzip 4 above 1 KB):',
    `  DB-free route: ${fmt(r.live.on.requestsPerSecond)} req/s compression on, ${fmt(r.live.off.requestsPerSecond)} off` +
      ` (${fmt(share * 100)}%; goal ≥ 90%: ${share >= 0.9 ? 'met' : 'NOT met'}), p99 ${r.live.on.p99} vs ${r.live.off.p99} ms`,
    `  100 products page: ${fmt(r.products.on.requestsPerSecond)} req/s on, ${fmt(r.products.off.requestsPerSecond)} off` +
      ` (${fmt(pages * 100)}%), p99 ${r.products.on.p99} vs ${r.products.off.p99} ms;` +
      ` ${fmt(r.products.bytesOn / 1024, 1)} KB ${r.products.encoding} vs ${fmt(r.products.bytesOff / 1024, 1)} KB on the wire`,
  ];
}
