import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema } from './auth';
import { renameCategoryRequestSchema, saveCategoryTreeRequestSchema } from './categories';
import { emailSchema, INVALID_TEXT_MESSAGE, objectIdSchema, textSchema } from './common';
import { saveOptionsRequestSchema } from './options';
import { orderListRequestSchema, orderStatusRequestSchema } from './orders';
import { addProductFieldsSchema, productListQuerySchema, updateProductFieldsSchema } from './products';

const BAD = ['a\u0000b', '\u0000', 'a\ud800', '\udc00z'];

/** The first issue's path and message, as the API's 400 would name them. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return 'accepted';
  const issue = parsed.error?.issues[0];
  return `${issue?.path.map(String).join('.')}: ${issue?.message}`;
}

describe('textSchema', () => {
  it('accepts text PostgreSQL can keep, emoji included', () => {
    expect(textSchema().parse('Spider-Man 😀')).toBe('Spider-Man 😀');
  });

  it('refuses a NUL or a lone surrogate with one message, first of the rules chained on it', () => {
    const field = textSchema({ error: 'is required' }).trim().min(1, 'is required').max(3, 'is too long');
    for (const value of [...BAD, `${'x'.repeat(10)}\u0000`]) {
      const parsed = field.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(INVALID_TEXT_MESSAGE);
    }
  });

  it('keeps the rules and messages chained on it', () => {
    const field = textSchema({ error: 'is required' }).trim().min(1, 'is required');
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    expect(field.safeParse(12).error?.issues[0]?.message).toBe('is required');
    expect(field.safeParse('   ').error?.issues[0]?.message).toBe('is required');
    expect(field.parse('  x ')).toBe('x');
  });

  it('is the base of e-mails and ids', () => {
    expect(emailSchema.safeParse('a\u0000@b.example').error?.issues[0]?.message).toBe(INVALID_TEXT_MESSAGE);
    expect(emailSchema.parse(' Owner@Shop.Example ')).toBe('owner@shop.example');
    expect(objectIdSchema.safeParse('65a1b2c3d4e5f60718293a4\u0000').error?.issues[0]?.message).toBe(
      INVALID_TEXT_MESSAGE,
    );
  });
});

describe('every request schema', () => {
  const id = '65a1b2c3d4e5f60718293a4b';
  const product = { name: 'Figure', description: 'A figure', price: '10' };
  /** A request with `bad` put in one string field, and the field the refusal must name. */
  const cases: [string, z.ZodType, (bad: string) => unknown, string][] = [
    ['login e-mail', loginRequestSchema, (bad) => ({ email: bad, password: 'x' }), 'email'],
    ['login password', loginRequestSchema, (bad) => ({ email: 'a@b.example', password: bad }), 'password'],
    ['order search', orderListRequestSchema, (bad) => ({ searchBy: 'userName', search: bad }), 'search'],
    ['order date', orderListRequestSchema, (bad) => ({ startDate: bad }), 'startDate'],
    [
      'tracking number',
      orderStatusRequestSchema,
      (bad) => ({ orderId: id, status: 'Shipped', trackingNumber: bad }),
      'trackingNumber',
    ],
    ['order id', orderStatusRequestSchema, (bad) => ({ orderId: bad, status: 'Shipped' }), 'orderId'],
    ['product query', productListQuerySchema, (bad) => ({ q: bad }), 'q'],
    ['product category filter', productListQuerySchema, (bad) => ({ subCategory: bad }), 'subCategory'],
    [
      'option value',
      saveOptionsRequestSchema,
      (bad) => ({ options: [{ name: 'Colors', values: ['Red', bad] }] }),
      'options.0.values.1',
    ],
    ['option name', saveOptionsRequestSchema, (bad) => ({ options: [{ name: bad }] }), 'options.0.name'],
    [
      'sub-category',
      saveCategoryTreeRequestSchema,
      (bad) => ({ categories: [{ name: 'Figures', subCategories: [bad] }] }),
      'categories.0.subCategories.0',
    ],
    [
      'category rename',
      renameCategoryRequestSchema,
      (bad) => ({ level: 'main', oldName: 'Figures', newName: bad }),
      'newName',
    ],
    ['product name', addProductFieldsSchema, (bad) => ({ ...product, name: bad }), 'name'],
    ['product price', addProductFieldsSchema, (bad) => ({ ...product, price: bad }), 'price'],
    [
      'a colour inside a JSON field',
      addProductFieldsSchema,
      (bad) => ({ ...product, colorVariants: JSON.stringify(['red', bad]) }),
      'colorVariants.1',
    ],
    [
      'an accessory name inside a JSON field',
      addProductFieldsSchema,
      (bad) => ({ ...product, hasAccessory: 'true', accessories: JSON.stringify([{ name: bad, price: 1 }]) }),
      'accessories.0.name',
    ],
    [
      'an image kept on update',
      updateProductFieldsSchema,
      (bad) => ({ ...product, existingImages: JSON.stringify([bad]) }),
      'existingImages.0',
    ],
    ['a discount on update', updateProductFieldsSchema, (bad) => ({ ...product, discount: bad }), 'discount'],
  ];

  for (const [what, schema, request, field] of cases) {
    it(`refuses a NUL or a lone surrogate in ${what}, naming ${field}`, () => {
      expect(firstIssue(schema, request('Plain'))).not.toMatch(new RegExp(`^${field}: ${INVALID_TEXT_MESSAGE}`));
      for (const bad of BAD)
        expect(firstIssue(schema, request(bad)), JSON.stringify(bad)).toBe(`${field}: ${INVALID_TEXT_MESSAGE}`);
    });
  }
});
