import { DEFAULT_CATEGORIES, DEFAULT_OPTIONS } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  categoryDefaults,
  keepAvailable,
  optionValues,
  selectionSummary,
  toggleValue,
  withCurrent,
} from './product-form-choices';

describe('categories and option lists', () => {
  it('resets sub and sub-sub to the first of the new main category, or none', () => {
    expect(categoryDefaults(DEFAULT_CATEGORIES, 'Fidgets')).toEqual({
      subCategory: 'Fidget_Spinners',
      subSubCategory: 'None',
    });
    expect(categoryDefaults([{ name: 'Robots', subCategories: [], subSubCategories: [] }], 'Robots')).toEqual({
      subCategory: '',
      subSubCategory: '',
    });
    expect(categoryDefaults(DEFAULT_CATEGORIES, 'Gone')).toEqual({ subCategory: '', subSubCategory: '' });
  });

  it('keeps a current value the tree no longer lists', () => {
    expect(withCurrent(['A', 'B'], 'Uncategorized')).toEqual(['A', 'B', 'Uncategorized']);
    expect(withCurrent(['A', 'B'], 'A')).toEqual(['A', 'B']);
    expect(withCurrent(['A'], '')).toEqual(['A']);
  });

  it('reads an option set by name and drops selected values it no longer has', () => {
    expect(optionValues(DEFAULT_OPTIONS, 'Clothing Sizes')).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(optionValues(DEFAULT_OPTIONS, 'Missing')).toEqual([]);
    const selected = ['red', 'teal'];
    expect(keepAvailable(selected, ['red', 'blue'])).toEqual(['red']);
    const kept = ['red'];
    expect(keepAvailable(kept, ['red', 'blue'])).toBe(kept);
  });

  it('toggles a value, keeping the picking order', () => {
    expect(toggleValue(['blue'], 'red')).toEqual(['blue', 'red']);
    expect(toggleValue(['blue', 'red'], 'blue')).toEqual(['red']);
  });

  it('summarises a multi-select as the prompt, the one label, or N selected', () => {
    expect(selectionSummary([], 'Select Product Status', 'Statuses')).toBe('Select Product Status');
    expect(selectionSummary(['Bestseller'], 'Select Product Status', 'Statuses')).toBe('Bestseller');
    expect(selectionSummary(['red', 'blue'], 'Select Colors', 'Colors')).toBe('2 Colors Selected');
  });
});
