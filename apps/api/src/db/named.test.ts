import { describe, expect, it } from 'vitest';
import { rowMapper } from './named';

describe('rowMapper', () => {
  const upper = (value: unknown) => String(value).toUpperCase();

  it('names each cell by its key in order, decoding the cells that have a decoder', () => {
    const map = rowMapper(['id', 'name', 'createdAt'], [undefined, undefined, upper]);
    expect(map(['p1', 'Dragon', 'then'])).toEqual({ id: 'p1', name: 'Dragon', createdAt: 'THEN' });
  });

  it('leaves a null as null rather than decoding it, and passes other values through as pg gave them', () => {
    const map = rowMapper(['price', 'tags', 'live'], [upper, undefined, undefined]);
    expect(map([null, ['a', 'b'], false])).toEqual({ price: null, tags: ['a', 'b'], live: false });
  });

  it('keeps keys that are not identifiers, with their own quotes, as fields of the object', () => {
    const map = rowMapper(['a "quoted" key', 'line\nbreak', 'constructor'], [undefined, undefined, undefined]);
    const row = map([1, 2, 3]);
    expect(Object.keys(row)).toEqual(['a "quoted" key', 'line\nbreak', 'constructor']);
    expect(row['a "quoted" key']).toBe(1);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('refuses a field named __proto__, which a literal would take for the prototype', () => {
    expect(() => rowMapper(['__proto__'], [undefined])).toThrow(/__proto__/);
  });
});
