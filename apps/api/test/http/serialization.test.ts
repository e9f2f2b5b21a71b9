import { API_PATHS, productSchema } from '@backroom/contract';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { products } from '../../src/db/schema';
import { responseSerializerCompiler } from '../../src/plugins/infrastructure/response-serializer';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/** A bare Fastify with the app's serializer, and a route answering whatever `answer` holds. */
async function withRoute(schema: z.ZodType, answer: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => answer as never);
  await app.ready();
  const res = await app.inject({ method: 'GET', url: '/thing' });
  await app.close();
  return res;
}

describe('answers are written from the contract', () => {
  it('drops every key the schema does not name, however deep', async () => {
    const schema = z.object({
      success: z.literal(true),
      user: z.object({ name: z.string(), tags: z.array(z.object({ label: z.string() })) }),
      note: z.string().nullable(),
    });
    const res = await withRoute(schema, {
      success: true,
      passwordHash: 'leak-1',
      user: { name: 'Ann', passwordHash: 'leak-2', tags: [{ label: 'a', secret: 'leak-3' }] },
      note: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('leak');
    expect(res.json()).toEqual({ success: true, user: { name: 'Ann', tags: [{ label: 'a' }] }, note: null });
  });

  it('does not validate the answer again on the way out', async () => {
    // A refinement the data fails: the zod serializer answered 500 here, parsing every answer.
    const schema = z.object({ code: z.string().refine((value) => value.startsWith('ok-')) });
    const res = await withRoute(schema, { code: 'not-checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'not-checked' });
  });
});

describe('a real route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the contract product fields and no column the table holds besides', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = await createSessionToken(t.database.db, admin.id);
    await t.database.db
      .insert(products)
      .values({ name: 'Dragon', description: 'A dragon', priceCents: 1999, discount: 0 });
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.productList}?page=1`, headers: { token } });
    expect(res.statusCode).toBe(200);
    const [product] = res.json().products as Record<string, unknown>[];
    expect(Object.keys(product ?? {}).sort()).toEqual(Object.keys(productSchema.shape).sort());
    // Columns of the products table that are not part of the answer.
    for (const column of ['isDemo', 'is_demo', 'updatedAt', 'nameSearch', 'priceCents']) {
      expect(res.body).not.toContain(column);
    }
  });
});
