import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, whenIdle } from './idle';

/**
 * A page whose paints the test reports: the browser's buffered paint entries, a PerformanceObserver
 * on them, and frame and idle callbacks the test runs by hand.
 */
function fakePage({ paintTiming = true } = {}) {
  const entries: string[] = [];
  const observers = new Set<{ callback: (list: { getEntriesByName: (name: string) => string[] }) => void }>();
  const frames = new Map<number, () => void>();
  const idles = new Map<number, () => void>();
  let nextId = 1;
  const listOf = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'longtask'] : ['longtask'];
    constructor(readonly callback: (list: ReturnType<typeof listOf>) => void) {}
    observe({ type, buffered }: { type: string; buffered?: boolean }) {
      expect(type).toBe('paint');
      observers.add(this);
      if (buffered && entries.length > 0) this.callback(listOf(entries));
    }
    disconnect() {
      observers.delete(this);
    }
  }
  vi.stubGlobal('performance', { getEntriesByName: (name: string) => entries.filter((n) => n === name) });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    frames.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    idles.set(nextId, callback);
    return nextId++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idles.delete(id));
  const runAll = (queue: Map<number, () => void>) => {
    const callbacks = [...queue.values()];
    queue.clear();
    for (const callback of callbacks) callback();
  };
  return {
    observers,
    paint(name: string) {
      entries.push(name);
      for (const observer of [...observers]) observer.callback(listOf([name]));
    },
    /** The next frame, the task after it, then an idle period. */
    frameThenIdle() {
      runAll(frames);
      vi.runAllTimers();
      runAll(idles);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstContentfulPaint', () => {
  it('waits for the first contentful paint, not the first paint, and stops observing then', () => {
    const page = fakePage();
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    page.paint('first-paint');
    expect(run).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(run).toHaveBeenCalledTimes(1);
    expect(page.observers.size).toBe(0);
  });

  it('runs at once on a page that has painted content, or whose browser reports no paints', () => {
    const painted = fakePage();
    painted.paint('first-contentful-paint');
    const run = vi.fn();
    afterFirstContentfulPaint(run);
    expect(run).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    fakePage({ paintTiming: false });
    const other = vi.fn();
    afterFirstContentfulPaint(other);
    expect(other).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('runs after the first contentful paint, a frame and an idle period, not after an empty frame', () => {
    const page = fakePage();
    const run = vi.fn();
    whenIdle(run);
    page.paint('first-paint');
    page.frameThenIdle();
    expect(run).not.toHaveBeenCalled();
    page.paint('first-contentful-paint');
    expect(run).not.toHaveBeenCalled();
    page.frameThenIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before the paint or after it', () => {
    const page = fakePage();
    const before = vi.fn();
    whenIdle(before)();
    page.paint('first-contentful-paint');
    page.frameThenIdle();
    expect(before).not.toHaveBeenCalled();
    expect(page.observers.size).toBe(0);

    const after = vi.fn();
    const cancel = whenIdle(after);
    cancel();
    page.frameThenIdle();
    expect(after).not.toHaveBeenCalled();
  });
});
