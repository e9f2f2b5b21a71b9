import { NARROW_WIDTH_PX } from '@backroom/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NARROW_WINDOW_QUERY, onNarrowWindowChange } from './narrow-window';

/** A window's matchMedia that answers for `width` CSS pixels and lets the test resize it. */
function fakeWindow(width: number) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const maxWidth = Number(/^\(max-width: ([\d.]+)px\)$/.exec(NARROW_WINDOW_QUERY)?.[1]);
  const matches = () => width <= maxWidth;
  const list = {
    get matches() {
      return matches();
    },
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
  };
  vi.stubGlobal('window', { matchMedia: (query: string) => (query === NARROW_WINDOW_QUERY ? list : null) });
  return {
    listeners,
    matches,
    resize(next: number) {
      const before = matches();
      width = next;
      if (matches() !== before) for (const listener of [...listeners]) listener({ matches: matches() });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the narrow window query', () => {
  it('is narrow exactly where innerWidth < NARROW_WIDTH_PX was, for whole pixels', () => {
    expect(fakeWindow(NARROW_WIDTH_PX - 1).matches()).toBe(true);
    expect(fakeWindow(NARROW_WIDTH_PX).matches()).toBe(false);
    expect(fakeWindow(375).matches()).toBe(true);
    expect(fakeWindow(1440).matches()).toBe(false);
  });

  it('tells each crossing of the width, not each resize, until unsubscribed', () => {
    const win = fakeWindow(1024);
    const told: boolean[] = [];
    const unsubscribe = onNarrowWindowChange((narrow) => told.push(narrow));
    win.resize(900);
    win.resize(700);
    win.resize(600);
    win.resize(800);
    expect(told).toEqual([true, false]);
    unsubscribe();
    expect(win.listeners.size).toBe(0);
    win.resize(500);
    expect(told).toEqual([true, false]);
  });
});
