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

/**
 * Two things timed in turn, one sample of each after the other (after a warm-up of both), so that
 * both see the same moments of a machine whose speed moves from second to second: their medians
 * compare like with like, where two runs one after the other can differ by the machine alone.
 */
export async function timedInTurn(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  options: { samples?: number; warmUp?: number } = {},
): Promise<[Timing, Timing]> {
  const { samples = 300, warmUp = 30 } = options;
  for (let i = 0; i < warmUp; i++) {
    await a();
    await b();
  }
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < samples; i++) {
    for (const [k, run] of [a, b].entries()) {
      const start = performance.now();
      await run();
      times[k]?.push(performance.now() - start);
    }
  }
  return times.map((t) => {
    t.sort((x, y) => x - y);
    return { median: percentile(t, 50), p95: percentile(t, 95) };
  }) as [Timing, Timing];
}
