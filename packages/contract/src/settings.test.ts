import { describe, expect, it } from 'vitest';
import { isVisible, setVisible, updateSettingsRequestSchema } from './settings';

describe('visibility settings', () => {
  it('checked means not hidden', () => {
    expect(isVisible(['Figures'], 'Figures')).toBe(false);
    expect(isVisible(['Figures'], 'Fidgets')).toBe(true);
  });

  it('moves a value in and out of the hidden list, once', () => {
    expect(setVisible(['a'], 'b', false)).toEqual(['a', 'b']);
    expect(setVisible(['a', 'b'], 'b', false)).toEqual(['a', 'b']);
    expect(setVisible(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(setVisible([], 'a', true)).toEqual([]);
  });

  it('reads a PUT body: trimmed, repeats dropped, Contact Support shown when absent', () => {
    expect(
      updateSettingsRequestSchema.parse({ hiddenCategories: [' A', 'A '], hiddenProductTags: ['vaulted', 'vaulted'] }),
    ).toEqual({ hiddenCategories: ['A'], hiddenProductTags: ['vaulted'], showSupportInOrders: true });
  });
});
