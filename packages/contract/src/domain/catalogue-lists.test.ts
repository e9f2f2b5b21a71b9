import { describe, expect, it } from 'vitest';
import { cleanEntries, firstDuplicate, showsSubSubFilter } from './catalogue-lists';

describe('cleanEntries', () => {
  it('trims, drops blanks and repeats, keeps the order', () => {
    expect(cleanEntries([' DC ', '', 'MARVEL', '   ', 'DC', 'ANIME'])).toEqual(['DC', 'MARVEL', 'ANIME']);
    expect(cleanEntries([])).toEqual([]);
  });
});

describe('firstDuplicate', () => {
  it('finds a repeated name, ignoring case and spaces', () => {
    expect(firstDuplicate(['Figures', 'Fidgets'])).toBe(-1);
    expect(firstDuplicate(['Figures', 'Fidgets', ' figures'])).toBe(2);
  });
});

describe('showsSubSubFilter', () => {
  it('hides the filter for figures, decoration and widgets only', () => {
    expect(showsSubSubFilter('Figures')).toBe(false);
    expect(showsSubSubFilter('decoration')).toBe(false);
    expect(showsSubSubFilter('Widgets')).toBe(false);
    expect(showsSubSubFilter('Fidgets')).toBe(true);
    expect(showsSubSubFilter('')).toBe(true);
  });
});
