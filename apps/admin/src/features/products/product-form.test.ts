import {
  addProductFieldsSchema,
  DEFAULT_CATEGORIES,
  DEFAULT_OPTIONS,
  type Product,
  type ProductFormValues,
  productFormSchema,
  updateProductFieldsSchema,
} from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptDiscountInput,
  accessoriesForToggle,
  addImageEntries,
  addProductFields,
  addProductFiles,
  baseName,
  blankAccessory,
  categoryDefaults,
  clearMissingColors,
  colorFollowUpFields,
  colorsForImages,
  colorVariantsFor,
  DISCOUNT_QUICK_SELECT,
  discountValue,
  emptyProductForm,
  type ImageEntry,
  imageEntries,
  imageLimitProblem,
  imagesRemaining,
  isAcceptedDiscount,
  keepAvailable,
  needsColorFollowUp,
  optionValues,
  priceField,
  productFormValues,
  removeAccessory,
  removeImageEntry,
  resizeAccessories,
  selectionSummary,
  setImageColor,
  toggleValue,
  updateProductFields,
  updateProductFiles,
  withCurrent,
} from './product-form';

const blob = (text: string) => new Blob([text], { type: 'image/png' });

const product: Product = {
  _id: '65a1b2c3d4e5f60718293a4b',
  name: 'Batman',
  description: 'A figure',
  price: 19.5,
  discount: 10,
  mainCategory: 'Figures',
  subCategory: 'DC',
  subSubCategory: 'Male',
  image: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'],
  thumbnails: ['/uploads/a-thumb.webp', '/uploads/b-thumb.webp', '/uploads/c-thumb.webp'],
  colorVariants: [
    { color: 'red', image: '/uploads/a.webp', stock: 0, outOfStock: false },
    { color: 'blue', image: '/uploads/c.webp', stock: 0, outOfStock: false },
  ],
  clothingSizes: ['M'],
  canvasSizes: [],
  hasAccessory: true,
  accessories: [
    {
      name: 'Stand',
      description: '',
      price: 2.5,
      images: ['/uploads/s.webp'],
      outOfStock: false,
      preOrder: true,
      notAvailableYet: false,
      comingSoon: false,
      isNew: false,
      limitedEdition: false,
    },
  ],
  bestseller: true,
  outOfStock: false,
  preOrder: false,
  notAvailableYet: false,
  comingSoon: false,
  isNewProduct: false,
  limitedEdition: false,
  vaulted: true,
  date: '2026-01-01T00:00:00.000Z',
  trackStock: true,
  stock: 3,
  lowStock: true,
  lowStockThreshold: null,
  stockLevels: [
    { color: 'red', size: 'M', quantity: 1 },
    { color: 'blue', size: 'M', quantity: 2 },
  ],
};

describe('stock', () => {
  it('opens on the product grid and sends every cell of the form colours and sizes', () => {
    const values = productFormValues(product);
    expect(values).toMatchObject({ trackStock: true, lowStockThreshold: '' });
    const fields = addProductFields({
      ...values,
      colors: ['red', 'green'],
      stockLevels: [...values.stockLevels, { color: 'green', size: 'M', quantity: 4 }],
    });
    expect(fields.trackStock).toBe('true');
    expect(JSON.parse(fields.stockLevels ?? '[]')).toEqual([
      { color: 'red', size: 'M', quantity: 1 },
      { color: 'green', size: 'M', quantity: 4 },
    ]);
    expect(addProductFields({ ...values, trackStock: false }).stockLevels).toBeUndefined();
  });
});

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

describe('discount', () => {
  it('offers 0% to 100% in steps of 5', () => {
    expect(DISCOUNT_QUICK_SELECT).toHaveLength(21);
    expect(DISCOUNT_QUICK_SELECT[0]).toBe(0);
    expect(DISCOUNT_QUICK_SELECT[3]).toBe(15);
    expect(DISCOUNT_QUICK_SELECT.at(-1)).toBe(100);
  });

  it('ignores values outside 0-100 or not numbers; empty is taken and sent as 0', () => {
    expect(acceptDiscountInput(10, 15.5)).toBe(15.5);
    expect(acceptDiscountInput(10, 101)).toBe(10);
    expect(acceptDiscountInput(10, -1)).toBe(10);
    expect(acceptDiscountInput(10, 'abc')).toBe(10);
    expect(acceptDiscountInput(10, '')).toBe('');
    expect(discountValue('')).toBe(0);
    expect(discountValue('12.5')).toBe(12.5);
    expect(isAcceptedDiscount('')).toBe(true);
    expect(isAcceptedDiscount('99.5')).toBe(true);
    expect(isAcceptedDiscount('100.5')).toBe(false);
  });
});

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

describe('form values and the fields they send', () => {
  const filled = (): ProductFormValues => ({
    ...emptyProductForm(),
    name: '  Batman  ',
    description: 'A figure',
    price: '19.5',
    mainCategory: 'Figures',
    subCategory: 'DC',
    subSubCategory: 'Male',
    tags: ['bestseller', 'vaulted'],
    colors: ['red', 'blue'],
    clothingSizes: ['M'],
    canvasSizes: ['2x2'],
    hasAccessory: true,
    accessories: [
      {
        ...blankAccessory(),
        name: 'Stand',
        price: '2.5',
        flags: ['isNew'],
        images: [{ kind: 'new', file: blob('a') }],
      },
    ],
  });

  it('checks the form with the contract schema', () => {
    expect(productFormSchema.safeParse(filled()).success).toBe(true);
    const empty = productFormSchema.safeParse({ ...emptyProductForm(), price: 'abc' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.message)).toEqual([
      'Product Name is required',
      'Description is required',
      'Price must be a number',
    ]);
    const noAccessory = productFormSchema.safeParse({ ...filled(), accessories: [] });
    expect(noAccessory.error?.issues.map((i) => i.message)).toEqual(['Add at least one accessory']);
  });

  it('sends prices as dollars with two decimals', () => {
    expect(priceField('19.5')).toBe('19.50');
    expect(priceField(7)).toBe('7.00');
    expect(() => priceField('x')).toThrow();
  });

  it('builds the add call’s fields, which the server’s schema accepts', () => {
    const fields = addProductFields(filled());
    expect(fields).toMatchObject({
      name: 'Batman',
      price: '19.50',
      bestseller: 'true',
      outOfStock: 'false',
      vaulted: 'true',
      hasAccessory: 'true',
      colorVariants: '["red","blue"]',
    });
    const parsed = addProductFieldsSchema.parse(fields);
    expect(parsed.price).toBe(1950);
    expect(parsed.accessories).toEqual([
      expect.objectContaining({ name: 'Stand', price: 250, isNew: true, outOfStock: false }),
    ]);
    expect(addProductFields({ ...filled(), hasAccessory: false })).not.toHaveProperty('accessories');
  });

  it('names the add call’s files image{slot} and accessory{i}_image{n}', () => {
    const slots = [blob('1'), null, blob('3'), ...Array.from({ length: 7 }, () => null)];
    expect(addProductFiles(slots, filled()).map((f) => f.field)).toEqual(['image1', 'image3', 'accessory1_image1']);
  });

  it('opens the modify form on the product’s values', () => {
    const values = productFormValues(product);
    expect(values).toMatchObject({
      name: 'Batman',
      price: 19.5,
      discount: 10,
      tags: ['bestseller', 'vaulted'],
      colors: ['red', 'blue'],
      hasAccessory: true,
    });
    expect(values.accessories[0]).toEqual({
      name: 'Stand',
      description: '',
      price: 2.5,
      flags: ['preOrder'],
      images: [{ kind: 'saved', url: '/uploads/s.webp' }],
    });
    expect(productFormSchema.safeParse(values).success).toBe(true);
  });

  it('builds the update call’s fields and files, which the server’s schema accepts', () => {
    const values = productFormValues(product);
    values.discount = '';
    const accessory = values.accessories[0];
    if (accessory) accessory.images.push({ kind: 'new', file: blob('acc') });
    const removal = removeImageEntry(imageEntries(product), 1, [], values.colors);
    const entries: ImageEntry[] = addImageEntries(removal.entries, [blob('new')]).entries;
    const fields = updateProductFields(values, {
      entries,
      removed: removal.removed,
      removedAccessoryImages: ['/uploads/old.webp'],
    });
    const parsed = updateProductFieldsSchema.parse(fields);
    expect(parsed).toMatchObject({
      price: 1950,
      discount: 0,
      bestseller: true,
      existingImages: ['/uploads/a.webp', '/uploads/c.webp'],
      removedImages: ['b.webp'],
      removedAccessoryImages: ['/uploads/old.webp'],
      colorVariants: [
        { color: 'red', image: '/uploads/a.webp', stock: 0, outOfStock: false },
        { color: 'blue', image: '/uploads/c.webp', stock: 0, outOfStock: false },
      ],
    });
    expect(parsed.accessories?.[0]).toMatchObject({ name: 'Stand', price: 250, images: ['/uploads/s.webp'] });
    expect(updateProductFiles(entries, values).map((f) => f.field)).toEqual(['newImages[]', 'accessory1_image2']);
  });

  it('ties the colour of a new image to its URL in a follow-up call once it is saved', () => {
    const values = productFormValues(product);
    const withNew = addImageEntries(imageEntries(product), [blob('new')]).entries;
    const entries = setImageColor(values.colors, withNew, 3, 'green');
    values.colors = entries.colors;
    const first = updateProductFieldsSchema.parse(
      updateProductFields(values, { entries: entries.entries, removed: [], removedAccessoryImages: [] }),
    );
    expect(first.colorVariants?.at(-1)).toEqual({ color: 'green', image: null, stock: 0, outOfStock: false });
    const saved = [...product.image, '/uploads/d.webp'];
    const fields = colorFollowUpFields(values, entries.entries, saved);
    expect(Object.keys(fields)).toEqual(['name', 'description', 'price', 'colorVariants']);
    expect(updateProductFieldsSchema.parse(fields).colorVariants).toEqual([
      { color: 'red', image: '/uploads/a.webp', stock: 0, outOfStock: false },
      { color: 'blue', image: '/uploads/c.webp', stock: 0, outOfStock: false },
      { color: 'green', image: '/uploads/d.webp', stock: 0, outOfStock: false },
    ]);
  });
});
