import { describe, expect, it } from 'vitest';
import { accessoryImageField, imageFieldProblem, parseImageField, productImageField } from './product-form-fields';

describe('parseImageField', () => {
  it('reads the three kinds of file field', () => {
    expect(parseImageField(productImageField(3))).toEqual({ kind: 'image', slot: 3 });
    expect(parseImageField('newImages[]')).toEqual({ kind: 'newImage' });
    expect(parseImageField('newImages')).toEqual({ kind: 'newImage' });
    expect(parseImageField(accessoryImageField(2, 1))).toEqual({ kind: 'accessory', accessory: 2, slot: 1 });
  });

  it('knows no other field', () => {
    for (const f of ['image', 'photo', 'image1x', '../image1', 'accessory1_image', 'accessory_image1']) {
      expect(parseImageField(f), f).toBeNull();
    }
  });
});

describe('imageFieldProblem', () => {
  it('allows image1 to image10 and two images for each accessory there is', () => {
    expect(imageFieldProblem({ kind: 'image', slot: 10 }, 0)).toBeNull();
    expect(imageFieldProblem({ kind: 'accessory', accessory: 2, slot: 2 }, 2)).toBeNull();
  });

  it('refuses an 11th image, a third accessory image and an accessory that is not there', () => {
    expect(imageFieldProblem({ kind: 'image', slot: 11 }, 0)).toBe('Maximum 10 images allowed');
    expect(imageFieldProblem({ kind: 'image', slot: 0 }, 0)).toBe('Maximum 10 images allowed');
    expect(imageFieldProblem({ kind: 'accessory', accessory: 1, slot: 3 }, 1)).toBe('at most 2 images per accessory');
    expect(imageFieldProblem({ kind: 'accessory', accessory: 3, slot: 1 }, 2)).toBe('there is no accessory 3');
  });
});
