/*
 * The dashboard chart's axes: a scale from 0 to a round top with evenly spaced round ticks
 * (steps of 1, 2, 2.5 or 5 times a power of ten), and the short labels its ticks carry.
 */

export interface ChartScale {
  /** The axis top: the first tick at or above the largest value. */
  max: number;
  step: number;
  /** From 0 to max, ascending. */
  ticks: number[];
}

/** Drops binary noise from multiples of fractional steps (0.1 × 3 = 0.30000000000000004). */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * A scale for values from 0 to `largest` with about `tickCount` steps. With `whole`, steps are
 * whole numbers (order counts). Nothing to show (0, negative, not a number) still gives a usable
 * axis: 0 to tickCount × the smallest step.
 */
export function niceScale(largest: number, options: { tickCount?: number; whole?: boolean } = {}): ChartScale {
  const tickCount = Math.max(1, Math.round(options.tickCount ?? 4));
  const whole = options.whole ?? false;
  const top = Number.isFinite(largest) && largest > 0 ? largest : 0;
  let step: number;
  if (top === 0) {
    step = 1;
  } else {
    const rough = top / tickCount;
    const magnitude = 10 ** Math.floor(Math.log10(rough));
    const residual = rough / magnitude;
    // Counts never step by a quarter: 2.5 is left out below ten.
    const candidates = whole && magnitude < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
    const nice = candidates.find((candidate) => residual <= candidate) ?? 10;
    step = clean(nice * magnitude);
    if (whole) step = Math.max(1, Math.ceil(step));
  }
  const steps = top === 0 ? tickCount : Math.max(1, Math.ceil(clean(top / step)));
  const ticks = Array.from({ length: steps + 1 }, (_, i) => clean(i * step));
  return { max: ticks[ticks.length - 1] ?? step, step, ticks };
}

/** Where a value falls on an axis of `length` pixels: 0 at the bottom, clamped to the axis. */
export function scaleToPixels(value: number, scale: ChartScale, length: number): number {
  if (!Number.isFinite(value) || value <= 0 || scale.max <= 0) return 0;
  return Math.min(length, (value / scale.max) * length);
}

const UNITS: [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** A dollar tick's label, short: '$0', '$2.5', '$500', '$1.5k', '$20k', '$1.2M'. */
export function formatAxisDollars(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const amount = Math.abs(dollars);
  for (const [size, suffix] of UNITS) {
    if (amount >= size) return `${sign}$${Number((amount / size).toFixed(1))}${suffix}`;
  }
  return `${sign}$${Number(amount.toFixed(2))}`;
}
