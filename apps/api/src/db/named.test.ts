import { describe, expect, it } from 'vitest';
import { type RowField, rowMapper } from './named';

const cells = (...keys: string[]): RowField[] => keys.map((key) => ({ key, decoder: undefined }));

describe('rowMapper', () => {
  const upper = (value: unknown) => String(value).toUpperCase();

  it('names each cell by its key in order, decoding the cells that have a decoder', () => {
    const map = rowMapper([...cells('id', 'name'), { key: 'createdAt', decoder: upper }]);
    expect(map(['p1', 'Dragon', 'then'])).toEqual({ id: 'p1', name: 'Dragon', createdAt: 'THEN' });
    expect(map.cells).toBe(3);
  });

  it('leaves a null as null rather than decoding it, and passes other values through as pg gave them', () => {
    const map = rowMapper([{ key: 'price', decoder: upper }, ...cells('tags', 'live')]);
    expect(map([null, ['a', 'b'], false])).toEqual({ price: null, tags: ['a', 'b'], live: false });
  });

  it('makes a nested object of the cells its fields take, in the selection order, depth first', () => {
    const map = rowMapper([
      ...cells('id'),
      { key: 'last', fields: [...cells('at'), { key: 'by', decoder: upper }] },
      ...cells('total'),
    ]);
    expect(map(['o1', 't', 'ann', 7])).toEqual({ id: 'o1', last: { at: 't', by: 'ANN' }, total: 7 });
    expect(map.cells).toBe(4);
  });

  it("makes a left join's object null when its first cell is null, and only a nullable one", () => {
    const last = [...cells('id'), { key: 'by', decoder: upper }];
    const nullable = rowMapper([...cells('id'), { key: 'last', fields: last, nullable: true }]);
    expect(nullable(['o1', null, null])).toEqual({ id: 'o1', last: null });
    expect(nullable(['o1', 'c1', 'ann'])).toEqual({ id: 'o1', last: { id: 'c1', by: 'ANN' } });
    const inner = rowMapper([...cells('id'), { key: 'last', fields: last }]);
    expect(inner(['o1', null, null])).toEqual({ id: 'o1', last: { id: null, by: null } });
  });

  it('keeps keys that are not identifiers, with their own quotes, as fields of the object', () => {
    const map = rowMapper(cells('a "quoted" key', 'line\nbreak', 'constructor'));
    const row = map([1, 2, 3]);
    expect(Object.keys(row)).toEqual(['a "quoted" key', 'line\nbreak', 'constructor']);
    expect(row['a "quoted" key']).toBe(1);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('refuses a field named __proto__, at any depth, which a literal would take for the prototype', () => {
    expect(() => rowMapper(cells('__proto__'))).toThrow(/__proto__/);
    expect(() => rowMapper([{ key: 'last', fields: cells('__proto__') }])).toThrow(/__proto__/);
  });
});
