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
