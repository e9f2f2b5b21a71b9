import { describe, expect, it } from 'vitest';
import { formatAxisDollars, niceScale, scaleToPixels } from './chart-scale';

describe('niceScale', () => {
  it('rounds the top up to a step of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceScale(47)).toEqual({ max: 60, step: 20, ticks: [0, 20, 40, 60] });
    expect(niceScale(40)).toEqual({ max: 40, step: 10, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(8432.17)).toEqual({ max: 10000, step: 2500, ticks: [0, 2500, 5000, 7500, 10000] });
    expect(niceScale(100)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(niceScale(160)).toEqual({ max: 200, step: 50, ticks: [0, 50, 100, 150, 200] });
  });

  it('keeps every value under the top', () => {
    for (const largest of [1, 3, 7, 9.99, 12, 99, 101, 333, 1234.56, 98765, 1e6 + 1]) {
      const scale = niceScale(largest);
      expect(scale.max).toBeGreaterThanOrEqual(largest);
      expect(scale.ticks[0]).toBe(0);
      expect(scale.ticks.at(-1)).toBe(scale.max);
      expect(scale.ticks.length).toBeGreaterThanOrEqual(2);
      expect(scale.ticks.length).toBeLessThanOrEqual(9);
    }
  });

  it('gives fractional steps without binary noise', () => {
    expect(niceScale(0.7)).toEqual({ max: 0.8, step: 0.2, ticks: [0, 0.2, 0.4, 0.6, 0.8] });
    expect(niceScale(0.3, { tickCount: 3 }).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('steps by whole numbers for counts', () => {
    expect(niceScale(3, { whole: true })).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(niceScale(1, { whole: true })).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceScale(9, { whole: true })).toEqual({ max: 10, step: 5, ticks: [0, 5, 10] });
    expect(niceScale(9).step).toBe(2.5);
  });

  it('still gives an axis when there is nothing to show', () => {
    for (const largest of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(niceScale(largest)).toEqual({ max: 4, step: 1, ticks: [0, 1, 2, 3, 4] });
    }
    expect(niceScale(0, { tickCount: 2 }).ticks).toEqual([0, 1, 2]);
  });
});

describe('scaleToPixels', () => {
  const scale = niceScale(40);
  it('is proportional to the top of the axis', () => {
    expect(scaleToPixels(0, scale, 200)).toBe(0);
    expect(scaleToPixels(10, scale, 200)).toBe(50);
    expect(scaleToPixels(40, scale, 200)).toBe(200);
  });

  it('stays on the axis', () => {
    expect(scaleToPixels(80, scale, 200)).toBe(200);
    expect(scaleToPixels(-3, scale, 200)).toBe(0);
    expect(scaleToPixels(Number.NaN, scale, 200)).toBe(0);
  });
});

describe('formatAxisDollars', () => {
  it('writes thousands and millions short', () => {
    expect(formatAxisDollars(0)).toBe('$0');
    expect(formatAxisDollars(2.5)).toBe('$2.5');
    expect(formatAxisDollars(500)).toBe('$500');
    expect(formatAxisDollars(1500)).toBe('$1.5k');
    expect(formatAxisDollars(20000)).toBe('$20k');
    expect(formatAxisDollars(1_200_000)).toBe('$1.2M');
    expect(formatAxisDollars(3e9)).toBe('$3B');
    expect(formatAxisDollars(-2000)).toBe('-$2k');
  });
});
