import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannonCli = require.resolve('autocannon/autocannon.js');

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Load from a second process (autocannon's CLI), so the load generator never shares the event
 * loop of the server it measures.
 */
export function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string>; json?: unknown },
) {
  const args = [autocannonCli, '-c', String(options.connections), '-d', String(options.seconds), '-j'];
  const headers = { ...options.headers };
  // A JSON body makes it a POST.
  if (options.json !== undefined) {
    args.push('-m', 'POST', '-b', JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  }
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<LoadResult>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out);
      resolve({
        requestsPerSecond: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

/** a, b, b, a: each load's two runs averaged, so a drift in the machine's load favours neither. */
export async function alternately(
  a: () => Promise<LoadResult>,
  b: () => Promise<LoadResult>,
): Promise<[LoadResult, LoadResult]> {
  const a1 = await a();
  const b1 = await b();
  const b2 = await b();
  const a2 = await a();
  return [mean(a1, a2), mean(b1, b2)];
}

const mean = (x: LoadResult, y: LoadResult): LoadResult => ({
  requestsPerSecond: (x.requestsPerSecond + y.requestsPerSecond) / 2,
  p50: (x.p50 + y.p50) / 2,
  p99: (x.p99 + y.p99) / 2,
  errors: x.errors + y.errors,
  non2xx: x.non2xx + y.non2xx,
});
