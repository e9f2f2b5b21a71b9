import { DEFAULT_SIDEBAR_ORDER } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { moveSidebarEntry, resolveSidebarOrder } from './sidebar-order';

describe('resolveSidebarOrder', () => {
  it('gives the default order when nothing is stored', () => {
    expect(resolveSidebarOrder(null)).toEqual(DEFAULT_SIDEBAR_ORDER);
  });

  it('falls back to the default order on an invalid value', () => {
    expect(resolveSidebarOrder('not json')).toEqual(DEFAULT_SIDEBAR_ORDER);
    expect(resolveSidebarOrder('{"a":1}')).toEqual(DEFAULT_SIDEBAR_ORDER);
    expect(resolveSidebarOrder('[1,2]')).toEqual(DEFAULT_SIDEBAR_ORDER);
  });

  it('keeps the stored order and appends missing entries at the end', () => {
    const order = resolveSidebarOrder(JSON.stringify(['/messages', '/orders']));
    expect(order.slice(0, 2)).toEqual(['/messages', '/orders']);
    expect(order).toHaveLength(DEFAULT_SIDEBAR_ORDER.length);
    expect(order.slice(2)).toEqual(DEFAULT_SIDEBAR_ORDER.filter((p) => p !== '/messages' && p !== '/orders'));
  });

  it('drops unknown and repeated paths', () => {
    const order = resolveSidebarOrder(JSON.stringify(['/nope', '/list', '/list']));
    expect(order[0]).toBe('/list');
    expect(order).not.toContain('/nope');
    expect(new Set(order).size).toBe(order.length);
  });
});

describe('moveSidebarEntry', () => {
  it('swaps with the neighbour', () => {
    expect(moveSidebarEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveSidebarEntry(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('does not move the first up or the last down', () => {
    expect(moveSidebarEntry(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveSidebarEntry(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
