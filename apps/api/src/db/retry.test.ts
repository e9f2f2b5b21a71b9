import { describe, expect, it } from 'vitest';
import { isRetryableConflict, retryDelayMs } from './retry';

describe('a transaction run again after a lost race', () => {
  it('waits 10-30 ms before its first run again, 20-60 ms before its second', () => {
    expect(retryDelayMs(1, () => 0)).toBe(10);
    expect(retryDelayMs(1, () => 0.999)).toBeCloseTo(29.98);
    expect(retryDelayMs(2, () => 0)).toBe(20);
    expect(retryDelayMs(2, () => 0.5)).toBe(40);
  });

  it('is for deadlocks and serialization failures, found under a wrapping error', () => {
    expect(isRetryableConflict({ code: '40P01' })).toBe(true);
    expect(isRetryableConflict({ message: 'query failed', cause: { code: '40001' } })).toBe(true);
    expect(isRetryableConflict({ code: '23505' })).toBe(false);
    expect(isRetryableConflict(undefined)).toBe(false);
  });
});
