import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpuSeconds } from './mixed-profile';

const require = createRequire(import.meta.url);
const autocannonCli = require.resolve('autocannon/autocannon.js');

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests completed over the whole run (what load() measured; the mixed load does not say). */
  requests?: number;
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
        requests: r.requests.total,
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
  requests: (x.requests ?? 0) + (y.requests ?? 0),
});

/** One side of an A/B: a load, and the process that serves it (its CPU is read around each run). */
export interface Side {
  run: () => Promise<LoadResult>;
  pid: number;
}

/** One side's runs in a comparison: each run's throughput and the server's CPU per request. */
export interface SideRuns {
  runs: LoadResult[];
  /** Per run: the serving process's CPU time per completed request, in µs. */
  cpuUs: number[];
  /** The median run's figures (by throughput), and the median CPU per request. */
  median: LoadResult;
  medianCpuUs: number;
}

export interface Comparison {
  a: SideRuns;
  b: SideRuns;
  /** b's throughput over a's, per round (the two runs of one round are back to back). */
  ratios: number[];
  /** The median of `ratios`: the figure; its spread is min to max of `ratios`. */
  ratio: number;
  /** a's CPU per request over b's, per round: what b's throughput would be as a share of a's with a core each. */
  cpuRatios: number[];
  cpuRatio: number;
}

/**
 * What a goal is judged on: the lower of the two witnesses, b's throughput share (median of the
 * rounds) and its CPU share. On a loaded machine the throughput share follows the scheduler (a
 * server that gets less than a core cannot show what it saves per request), so a share that only
 * one of them shows is not counted as met.
 */
export const share = (c: Comparison): number => Math.min(c.ratio, c.cpuRatio);

export const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * A against B, fairly on a shared 2-core machine (decision 052's second amendment): both warmed
 * up first (a run each, not counted: the first seconds of a process measure its JIT), then
 * `rounds` rounds of one run each, in the order a, b then b, a then a, b…, so neither always
 * follows the other. The figure is the median of the rounds' ratios: a round's two runs are back
 * to back, so a machine that gets busier between rounds moves both, and one disturbed round
 * moves the median little. Beside it, the serving process's CPU per request from /proc, which
 * does not depend on how much of a core the scheduler gave the process (autocannon's own process
 * and the other sessions' work compete for the same 2 cores).
 */
export async function compare(a: Side, b: Side, options: { rounds: number; warmUp: () => Promise<void> }) {
  await options.warmUp();
  const sides = { a: { runs: [] as LoadResult[], cpuUs: [] as number[] }, b: { runs: [], cpuUs: [] } } as Record<
    'a' | 'b',
    { runs: LoadResult[]; cpuUs: number[] }
  >;
  const measure = async (name: 'a' | 'b', side: Side) => {
    const before = cpuSeconds(side.pid);
    const result = await side.run();
    const cpu = cpuSeconds(side.pid) - before;
    sides[name].runs.push(result);
    sides[name].cpuUs.push((cpu * 1e6) / Math.max(1, result.requests ?? 0));
  };
  for (let round = 0; round < options.rounds; round++) {
    if (round % 2 === 0) {
      await measure('a', a);
      await measure('b', b);
    } else {
      await measure('b', b);
      await measure('a', a);
    }
  }
  const summary = (name: 'a' | 'b'): SideRuns => {
    const { runs, cpuUs } = sides[name];
    const byRate = [...runs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
    return {
      runs,
      cpuUs,
      median: byRate[Math.floor((byRate.length - 1) / 2)] as LoadResult,
      medianCpuUs: median(cpuUs),
    };
  };
  const ratios = sides.a.runs.map((r, i) => (sides.b.runs[i] as LoadResult).requestsPerSecond / r.requestsPerSecond);
  const cpuRatios = sides.a.cpuUs.map((us, i) => us / (sides.b.cpuUs[i] as number));
  return {
    a: summary('a'),
    b: summary('b'),
    ratios,
    ratio: median(ratios),
    cpuRatios,
    cpuRatio: median(cpuRatios),
  } satisfies Comparison;
}
