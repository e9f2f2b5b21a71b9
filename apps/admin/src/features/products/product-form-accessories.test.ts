import { productFormSchema } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { emptyProductForm } from './product-form';
import { accessoriesForToggle, blankAccessory, removeAccessory, resizeAccessories } from './product-form-accessories';

describe('accessories', () => {
  it('grows with blank entries and shrinks to the count, kept between 1 and 5', () => {
    const one = [{ ...blankAccessory(), name: 'Stand' }];
    const three = resizeAccessories(one, 3, blankAccessory);
    expect(three).toHaveLength(3);
    expect(three[0]?.name).toBe('Stand');
    expect(three[2]).toEqual(blankAccessory());
    expect(resizeAccessories(three, 1, blankAccessory)).toEqual(one);
    expect(resizeAccessories(one, 9, blankAccessory)).toHaveLength(5);
    expect(resizeAccessories(three, 0, blankAccessory)).toHaveLength(1);
  });

  it('deleting one lowers the count and keeps Has Accessory while some are left', () => {
    expect(removeAccessory(['a', 'b', 'c'], 1)).toEqual({ accessories: ['a', 'c'], hasAccessory: true });
    expect(removeAccessory(['a', 'b'], 1)).toEqual({ accessories: ['a'], hasAccessory: true });
  });

  it('deleting the last one unticks Has Accessory, leaving no blank accessory to block Save', () => {
    expect(removeAccessory(['a'], 0)).toEqual({ accessories: [], hasAccessory: false });
    // The form then saves: an unticked Has Accessory asks for no accessory.
    const form = { ...emptyProductForm(), name: 'Batman', description: 'A figure', price: '19.5' };
    const { accessories, hasAccessory } = removeAccessory([{ ...blankAccessory(), name: 'Stand' }], 0);
    expect(productFormSchema.safeParse({ ...form, hasAccessory, accessories }).success).toBe(true);
  });

  it('checking Has Accessory starts one blank accessory; unchecking clears them', () => {
    expect(accessoriesForToggle(true, [], () => 'blank')).toEqual(['blank']);
    expect(accessoriesForToggle(true, ['a'], () => 'blank')).toEqual(['a']);
    expect(accessoriesForToggle(false, ['a', 'b'], () => 'blank')).toEqual([]);
  });
});
