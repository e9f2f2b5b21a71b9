import { describe, expect, it } from 'vitest';
import { dateFromObjectId, isObjectId, newObjectId } from './object-id';

describe('object ids', () => {
  it('recognises 24 lower-case hex digits only', () => {
    expect(isObjectId('65a1b2c3d4e5f60718293a4b')).toBe(true);
    expect(isObjectId('65A1B2C3D4E5F60718293A4B')).toBe(false);
    expect(isObjectId('65a1b2c3')).toBe(false);
    expect(isObjectId(42)).toBe(false);
  });

  it('reads the creation time from the first 8 hex digits', () => {
    expect(dateFromObjectId('65a1b2c30000000000000000').toISOString()).toBe('2024-01-12T21:44:35.000Z');
    expect(() => dateFromObjectId('xyz')).toThrow();
  });

  it('makes ids that are ObjectIds, carry their time and never repeat', () => {
    const at = new Date('2024-01-12T21:44:35Z');
    const ids = Array.from({ length: 10_000 }, () => newObjectId(at));
    expect(ids.every(isObjectId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(dateFromObjectId(ids[0] ?? '')).toEqual(at);
    const before = Math.floor(Date.now() / 1000) * 1000;
    expect(dateFromObjectId(newObjectId()).getTime()).toBeGreaterThanOrEqual(before);
  });
});
