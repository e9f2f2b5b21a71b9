import { describe, expect, it } from 'vitest';
import { formatJoined, joinedDate } from './user-joined';

describe('joinedDate', () => {
  it('reads the first 8 hex digits as seconds since the epoch', () => {
    expect(joinedDate('65a1b2c3d4e5f60718293a4b')?.toISOString()).toBe('2024-01-12T21:44:35.000Z');
    expect(joinedDate('000000000000000000000000')?.getTime()).toBe(0);
  });

  it('answers null for an id that is not 24 hex digits', () => {
    expect(joinedDate('not-an-id')).toBeNull();
    expect(joinedDate('65A1B2C3D4E5F60718293A4B')).toBeNull();
  });
});

describe('formatJoined', () => {
  it('shows the date in the given locale, or a dash', () => {
    expect(formatJoined('65a1b2c3d4e5f60718293a4b', 'en-US')).toMatch(/^1\/1[23]\/2024$/);
    expect(formatJoined('x', 'en-US')).toBe('-');
  });
});
