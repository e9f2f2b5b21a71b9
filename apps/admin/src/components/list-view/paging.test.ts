import { describe, expect, it } from 'vitest';
import { pageCount } from './paging';

describe('pageCount', () => {
  it('is at least 1 and rounds a partial page up', () => {
    expect(pageCount(0, 5)).toBe(1);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(1_000_000, 5)).toBe(200_000);
  });

  it('never divides by a page size below 1', () => {
    expect(pageCount(3, 0)).toBe(3);
  });
});
