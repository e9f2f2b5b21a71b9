import { describe, expect, it } from 'vitest';
import { bundleFieldsSchema } from './bundles';

const valid = {
  title: ' Starter Pack ',
  price: '49.99',
  startDate: '2026/12/01',
  endDate: '2026-12-31',
  products: JSON.stringify(['65a1b2c3d4e5f60718293a4b']),
};

/** The first problem, as the API tells it: '{field}: {message}'. */
function problem(fields: Record<string, string>): string | null {
  const parsed = bundleFieldsSchema.safeParse(fields);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : null;
}

describe('the bundle form fields', () => {
  it('reads title, price in cents, calendar days and the product ids', () => {
    expect(bundleFieldsSchema.parse(valid)).toEqual({
      title: 'Starter Pack',
      description: '',
      price: 4999,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      products: ['65a1b2c3d4e5f60718293a4b'],
      existingImages: [],
    });
  });

  it('tells the form’s messages, naming the field', () => {
    expect(problem({ ...valid, title: '  ' })).toBe('title: Title is required');
    const { title: _t, ...noTitle } = valid;
    expect(problem(noTitle)).toBe('title: Title is required');
    expect(problem({ ...valid, price: '' })).toBe('price: Bundle price is required');
    expect(problem({ ...valid, price: '0' })).toBe('price: Bundle price must be above zero');
    expect(problem({ ...valid, price: '-5' })).toBe('price: Bundle price must be above zero');
    expect(problem({ ...valid, price: 'ten' })).toBe('price: Bundle price must be a number');
    expect(problem({ ...valid, products: '[]' })).toBe('products: Select at least one product');
    const { products: _p, ...noProducts } = valid;
    expect(problem(noProducts)).toBe('products: Select at least one product');
    expect(problem({ ...valid, products: '["nope"]' })).toBe('products.0: must be a 24-character hex id');
    expect(problem({ ...valid, products: '{' })).toBe('products: must be valid JSON');
  });

  it('refuses an end before the start, and a day that does not exist', () => {
    expect(problem({ ...valid, endDate: '2026-11-30' })).toBe('endDate: must not be before startDate');
    expect(problem({ ...valid, startDate: '2026-02-30' })).toBe('startDate: must be a date such as 2026-12-01');
    expect(problem({ ...valid, endDate: '2026-12-01' })).toBeNull();
  });

  it('refuses a field it does not know', () => {
    expect(bundleFieldsSchema.safeParse({ ...valid, colour: 'red' }).success).toBe(false);
  });
});
