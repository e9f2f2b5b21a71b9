import type { Product } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  addImageEntries,
  baseName,
  clearMissingColors,
  colorsForImages,
  colorVariantsFor,
  imageEntries,
  imageLimitProblem,
  imagesRemaining,
  needsColorFollowUp,
  removeImageEntry,
  setImageColor,
} from './product-form-images';

const blob = (text: string) => new Blob([text], { type: 'image/png' });

const product: Pick<Product, 'image' | 'colorVariants'> = {
  image: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'],
  colorVariants: [
    { color: 'red', image: '/uploads/a.webp', stock: 0, outOfStock: false },
    { color: 'blue', image: '/uploads/c.webp', stock: 0, outOfStock: false },
  ],
};

describe('images', () => {
  it('counts what is left of 10 and refuses going past it', () => {
    expect(imagesRemaining(7)).toBe(3);
    expect(imagesRemaining(12)).toBe(0);
    expect(imageLimitProblem(8, 2)).toBeNull();
    expect(imageLimitProblem(8, 3)).toBe('Maximum 10 images allowed');
  });

  it('reads the base name of an image URL', () => {
    expect(baseName('/uploads/ab12.webp')).toBe('ab12.webp');
    expect(baseName('https://cdn.example/x/y/ab12.webp?v=2')).toBe('ab12.webp');
    expect(baseName('ab12.webp')).toBe('ab12.webp');
  });

  it('ties the n-th colour to the n-th image on add', () => {
    expect(colorsForImages(['red', 'blue'], 3)).toEqual(['red', 'blue', null]);
    expect(colorsForImages(['red', 'blue', 'green'], 1)).toEqual(['red']);
  });

  it('starts the manager from the product, with each image’s colour', () => {
    expect(imageEntries(product).map((e) => e.color)).toEqual(['red', null, 'blue']);
  });

  it('removing a saved image records its base name and drops its colour slot; a new one just goes', () => {
    const start = imageEntries(product);
    const { entries, removed, colors } = removeImageEntry(start, 0, [], ['red', 'blue', 'green']);
    expect(entries.map((e) => e.color)).toEqual([null, 'blue']);
    expect(removed).toEqual(['a.webp']);
    expect(colors).toEqual(['blue', 'green']);
    const added = addImageEntries(entries, [blob('n')]).entries;
    const again = removeImageEntry(added, 2, removed, colors);
    expect(again.entries).toHaveLength(2);
    expect(again.removed).toEqual(['a.webp']);
    expect(again.colors).toEqual(['blue', 'green']);
  });

  it('a colour another image still has stays when one image with it goes', () => {
    const both = setImageColor(['red'], imageEntries(product), 1, 'red').entries;
    expect(removeImageEntry(both, 0, [], ['red', 'blue']).colors).toEqual(['red', 'blue']);
  });

  it('adds new images after the others, and refuses more than 10 in all', () => {
    const start = imageEntries(product);
    const ok = addImageEntries(start, [blob('1'), blob('2')]);
    expect(ok.problem).toBeNull();
    expect(ok.entries.map((e) => e.image.kind)).toEqual(['saved', 'saved', 'saved', 'new', 'new']);
    const tooMany = addImageEntries(
      start,
      Array.from({ length: 8 }, (_, i) => blob(String(i))),
    );
    expect(tooMany.problem).toBe('Maximum 10 images allowed');
    expect(tooMany.entries).toHaveLength(3);
  });

  it('a colour picked for an image joins the colours; colours taken away leave the images', () => {
    const start = imageEntries(product);
    const picked = setImageColor(['red', 'blue'], start, 1, 'green');
    expect(picked.colors).toEqual(['red', 'blue', 'green']);
    expect(picked.entries.map((e) => e.color)).toEqual(['red', 'green', 'blue']);
    const cleared = clearMissingColors(picked.entries, ['green']);
    expect(cleared.map((e) => e.color)).toEqual([null, 'green', null]);
    expect(clearMissingColors(cleared, ['green'])).toBe(cleared);
  });

  it('colour variants line up with images that have a URL; other colours have no image', () => {
    expect(colorVariantsFor(['red', 'blue', 'green'], ['red', 'blue', null], ['/u/a.webp', null, '/u/c.webp'])).toEqual(
      [
        { color: 'red', image: '/u/a.webp', stock: 0, outOfStock: false },
        { color: 'blue', image: null, stock: 0, outOfStock: false },
        { color: 'green', image: null, stock: 0, outOfStock: false },
      ],
    );
    // A colour no longer chosen is not sent even if an image still carries it.
    expect(colorVariantsFor([], ['red'], ['/u/a.webp'])).toEqual([]);
  });

  it('asks for a second call only when a new image was given a colour', () => {
    const start = imageEntries(product);
    expect(needsColorFollowUp(start)).toBe(false);
    const added = addImageEntries(start, [blob('n')]).entries;
    expect(needsColorFollowUp(added)).toBe(false);
    expect(needsColorFollowUp(setImageColor([], added, 3, 'red').entries)).toBe(true);
  });
});
