import { describe, expect, it } from 'vitest';
import { itemNamesPreview, lineTotalCents, parseItemVariant } from './order-items';

describe('parseItemVariant', () => {
  it('splits color|size', () => {
    expect(parseItemVariant('red|XL')).toEqual({ color: 'red', size: 'XL' });
  });
  it("treats the text 'null' and empty parts as absent", () => {
    expect(parseItemVariant('null|M')).toEqual({ color: null, size: 'M' });
    expect(parseItemVariant('blue|null')).toEqual({ color: 'blue', size: null });
    expect(parseItemVariant('NULL|')).toEqual({ color: null, size: null });
  });
  it('takes a value without a bar as a colour', () => {
    expect(parseItemVariant('green')).toEqual({ color: 'green', size: null });
  });
  it('answers nothing for no value', () => {
    expect(parseItemVariant(null)).toEqual({ color: null, size: null });
    expect(parseItemVariant('')).toEqual({ color: null, size: null });
  });
});

describe('itemNamesPreview', () => {
  it('shows three names and counts the rest', () => {
    expect(itemNamesPreview(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ names: ['a', 'b', 'c'], more: 2 });
  });
  it('has nothing more for short lists', () => {
    expect(itemNamesPreview(['a'], 3)).toEqual({ names: ['a'], more: 0 });
  });
});

describe('lineTotalCents', () => {
  it('multiplies exactly in cents', () => {
    expect(lineTotalCents(1999, 3)).toBe(5997);
  });
});
