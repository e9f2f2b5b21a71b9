import type { Bundle } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import {
  bundleFormErrors,
  bundleFormFields,
  bundleFormTotals,
  bundleFormValues,
  keptImages,
  newBundleFormValues,
  newImageFiles,
  removedProductNames,
} from './bundle-screen';

const PRODUCT_A = { _id: 'a'.repeat(24), name: 'Dragon figure', priceCents: 1999 };
const PRODUCT_B = { _id: 'b'.repeat(24), name: 'Fidget cube', priceCents: 2999 };

const bundle: Bundle = {
  _id: 'c'.repeat(24),
  title: 'Starter pack',
  description: 'Two favourites',
  price: 39.5,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  products: [
    { _id: PRODUCT_A._id, name: PRODUCT_A.name, price: 19.99, removed: false },
    { _id: null, name: 'Old lamp', price: 12, removed: true },
  ],
  productCount: 2,
  purchaseCount: 3,
  images: ['/uploads/one.webp', '/uploads/two.webp'],
  thumbnails: ['/uploads/one-thumb.webp', '/uploads/two-thumb.webp'],
  cancelled: false,
  status: 'active',
  hasRemovedProduct: true,
  purchasable: false,
  createdAt: '2026-11-24T10:00:00.000Z',
};

describe('bundle form values', () => {
  it('starts today and ends a month later, with five empty image slots', () => {
    const values = newBundleFormValues('2026-01-31');
    expect(values.startDate).toBe('2026-01-31');
    expect(values.endDate).toBe('2026-02-28');
    expect(values.images).toEqual([null, null, null, null, null]);
    expect(values.products).toEqual([]);
  });

  it('opens a bundle with its images first and without its removed products', () => {
    const values = bundleFormValues(bundle);
    expect(values.price).toBe('39.50');
    expect(values.products).toEqual([PRODUCT_A]);
    expect(values.images[0]).toEqual({ kind: 'saved', url: '/uploads/one.webp', thumbnail: '/uploads/one-thumb.webp' });
    expect(values.images.slice(2)).toEqual([null, null, null]);
    expect(removedProductNames(bundle)).toEqual(['Old lamp']);
  });
});

describe('bundle form fields', () => {
  it('sends the products and the kept images as JSON lists, the new files apart', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const values = {
      ...bundleFormValues(bundle),
      images: [null, bundleFormValues(bundle).images[1] ?? null, { kind: 'new' as const, file }, null, null],
    };
    expect(bundleFormFields(values)).toEqual({
      title: 'Starter pack',
      description: 'Two favourites',
      price: '39.50',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      products: JSON.stringify([PRODUCT_A._id]),
      existingImages: JSON.stringify(['/uploads/two.webp']),
    });
    expect(keptImages(values)).toEqual(['/uploads/two.webp']);
    expect(newImageFiles(values)).toEqual([file]);
  });
});

describe('bundle form totals', () => {
  it('adds the products in cents and tells the savings once a price is entered', () => {
    expect(bundleFormTotals({ products: [PRODUCT_A, PRODUCT_B], price: '' })).toEqual({
      originalCents: 4998,
      savingsCents: null,
    });
    expect(bundleFormTotals({ products: [PRODUCT_A, PRODUCT_B], price: '39.99' })).toEqual({
      originalCents: 4998,
      savingsCents: 999,
    });
    expect(bundleFormTotals({ products: [PRODUCT_A], price: 'abc' }).savingsCents).toBeNull();
    expect(bundleFormTotals({ products: [PRODUCT_A], price: '0' }).savingsCents).toBeNull();
  });
});

describe('bundle form errors', () => {
  it("gives the spec's message for each missing field", () => {
    expect(bundleFormErrors(newBundleFormValues('2026-12-01'))).toEqual({
      title: 'Title is required',
      price: 'Bundle price is required',
      products: 'Select at least one product',
      images: 'At least one image is required',
    });
  });

  it('refuses a price of zero and an end before the start', () => {
    const values = { ...bundleFormValues(bundle), price: '0', startDate: '2026-12-10', endDate: '2026-12-09' };
    expect(bundleFormErrors(values)).toEqual({
      price: 'Bundle price must be above zero',
      endDate: 'End Date must not be before Start Date',
    });
  });

  it('takes a complete form', () => {
    expect(bundleFormErrors(bundleFormValues(bundle))).toEqual({});
  });
});
