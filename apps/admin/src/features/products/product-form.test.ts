import {
  addProductFieldsSchema,
  type Product,
  type ProductFormValues,
  productFormSchema,
  updateProductFieldsSchema,
} from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  addProductFields,
  addProductFiles,
  colorFollowUpFields,
  emptyProductForm,
  priceField,
  productFormValues,
  updateProductFields,
  updateProductFiles,
} from './product-form';
import { blankAccessory } from './product-form-accessories';
import { addImageEntries, type ImageEntry, imageEntries, removeImageEntry, setImageColor } from './product-form-images';

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

  it('the update sends each cell with the units it opened with; a new cell has none', () => {
    const values = { ...productFormValues(product), colors: ['red', 'blue', 'green'] };
    values.stockLevels = [
      { color: 'red', size: 'M', quantity: 5 },
      { color: 'blue', size: 'M', quantity: 2 },
      { color: 'green', size: 'M', quantity: 4 },
    ];
    const images = { entries: imageEntries(product), removed: [], removedAccessoryImages: [] };
    const parsed = updateProductFieldsSchema.parse(updateProductFields(values, images, product.stockLevels));
    expect(parsed.stockLevels).toEqual([
      { color: 'red', size: 'M', quantity: 5, was: 1 },
      { color: 'blue', size: 'M', quantity: 2, was: 2 },
      { color: 'green', size: 'M', quantity: 4 },
    ]);
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
