import { performance } from 'node:perf_hooks';

export interface Timing {
  median: number;
  p95: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `run` a few times to warm up, then `samples` times one after another: median and p95 in ms. */
export async function timed(
  run: () => Promise<unknown>,
  options: { samples?: number; warmUp?: number } = {},
): Promise<Timing> {
  const { samples = 300, warmUp = 30 } = options;
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95) };
}
