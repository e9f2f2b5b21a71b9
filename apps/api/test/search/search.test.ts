import { SEARCH_LIMITS, SEARCH_PATHS, type SearchResponse, todayIn } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders, products } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * The command palette's search (issue 14, decision 039): orders by id prefix, products by name,
 * accounts by name or e-mail, discount codes; a few of each; admins only.
 */

let t: TestApp;
let token: string;
let customerToken: string;
let ada: { id: string; email: string };
/** Seven orders whose ids share the prefix 'abcd0', oldest (lowest id) first. */
const orderIds = Array.from({ length: 7 }, (_, i) => `abcd0${'0'.repeat(17)}0${i + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin', name: 'Grace Hopper' });
  token = (await createSessionToken(db, admin.id)).token;
  const customer = await createUser(db, { role: 'user', name: 'Plain Customer' });
  customerToken = (await createSessionToken(db, customer.id, undefined, 'customer')).token;
  ada = await createUser(db, { role: 'user', name: 'Ada Lovelace', email: 'ada@analytical.example' });
  await createUser(db, { role: 'user', name: 'Charles Babbage', email: 'charles@engine.example' });

  await db.insert(orders).values(
    orderIds.map((id, i) => ({
      id,
      firstName: 'Order',
      lastName: `Buyer${i + 1}`,
      email: `buyer${i + 1}@test.example`,
    })),
  );
  await db.insert(orders).values({ id: 'bcde00000000000000000001', firstName: 'Other', lastName: 'Buyer' });
  await db.insert(products).values([
    { name: 'Blue Shirt', priceCents: 1999, mainCategory: 'Clothing' },
    { name: 'Blue Shirt XL', priceCents: 2199, mainCategory: 'Clothing' },
    { name: 'Red Mug', priceCents: 899 },
    { name: '100% Cotton Tee', priceCents: 1299 },
  ]);
  const today = todayIn('UTC');
  await db.insert(discountCodes).values([
    { code: 'SUMMER10', percentage: 10, startDate: today, endDate: today, description: 'Summer sale' },
    { code: 'WINTER20', percentage: 20, startDate: today, endDate: today, isActive: false },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string, as: string | null = token) =>
  t.app.inject({ method: 'GET', url: `${SEARCH_PATHS.search}${query}`, headers: as === null ? {} : { token: as } });

async function search(query: string): Promise<SearchResponse> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/search', () => {
  it('finds orders by the start of their id, newest first, a few at a time', async () => {
    const body = await search('?q=abcd0');
    expect(body.orders.map((o) => o._id)).toEqual([...orderIds].reverse().slice(0, SEARCH_LIMITS.defaultPerKind));
    expect(body.orders[0]).toMatchObject({
      status: 'Order Placed',
      name: 'Order Buyer7',
      email: 'buyer7@test.example',
    });
    expect(Number.isNaN(Date.parse(body.orders[0]?.date ?? ''))).toBe(false);
  });

  it('finds one order by its whole id, upper case or after a #', async () => {
    const id = orderIds[2] as string;
    expect((await search(`?q=${id}`)).orders.map((o) => o._id)).toEqual([id]);
    expect((await search(`?q=${encodeURIComponent(`#${id.toUpperCase()}`)}`)).orders.map((o) => o._id)).toEqual([id]);
    expect((await search('?q=bcde')).orders.map((o) => o._id)).toEqual(['bcde00000000000000000001']);
  });

  it('finds products by any part of the name, whatever the case', async () => {
    const body = await search('?q=SHIRT');
    expect(body.products.map((p) => p.name).sort()).toEqual(['Blue Shirt', 'Blue Shirt XL']);
    expect(body.products[0]?.category).toBe('Clothing');
    expect((await search('?q=mug')).products.map((p) => p.name)).toEqual(['Red Mug']);
  });

  it("takes LIKE's wildcards literally", async () => {
    expect((await search(`?q=${encodeURIComponent('100%')}`)).products.map((p) => p.name)).toEqual(['100% Cotton Tee']);
    expect((await search(`?q=${encodeURIComponent('%%%')}`)).products).toEqual([]);
    expect((await search('?q=b_u')).products).toEqual([]);
  });

  it('finds accounts by name or e-mail, as the Users screen shows them', async () => {
    const byName = await search('?q=lovelace');
    expect(byName.customers).toEqual([
      { _id: ada.id, name: 'Ada Lovelace', email: 'ada@analytical.example', role: 'user', isActive: true },
    ]);
    expect((await search('?q=ANALYTICAL')).customers.map((c) => c._id)).toEqual([ada.id]);
    expect((await search('?q=hopper')).customers.map((c) => c.role)).toEqual(['admin']);
  });

  it('finds discount codes by any part, with their status', async () => {
    const body = await search('?q=summer');
    expect(body.discounts).toHaveLength(1);
    expect(body.discounts[0]).toMatchObject({
      code: 'SUMMER10',
      percentage: 10,
      description: 'Summer sale',
      status: 'active',
    });
    expect((await search('?q=ER')).discounts.map((d) => d.code).sort()).toEqual(['SUMMER10', 'WINTER20']);
    expect((await search('?q=winter')).discounts[0]?.status).toBe('inactive');
  });

  it('searches only the kinds a text can match', async () => {
    const body = await search(`?q=${encodeURIComponent('blue shirt')}`);
    expect(body.products).toHaveLength(2);
    expect(body.orders).toEqual([]);
    expect(body.discounts).toEqual([]);
    // Two characters: an id prefix or a code, too short for names.
    const short = await search('?q=bl');
    expect(short.products).toEqual([]);
    expect(short.customers).toEqual([]);
  });

  it('answers limit records of each kind at most', async () => {
    const two = await search('?q=abcd0&limit=2');
    expect(two.orders).toHaveLength(2);
    expect((await search('?q=abcd0&limit=10')).orders).toHaveLength(7);
    expect((await search('?q=er&limit=1')).discounts).toHaveLength(1);
    expect((await search('?q=blue&limit=1')).products).toHaveLength(1);
  });

  it('answers empty lists for a missing, blank or one-character q', async () => {
    const empty = { success: true, q: '', orders: [], products: [], customers: [], discounts: [] };
    expect(await search('')).toEqual(empty);
    expect(await search('?q=')).toEqual(empty);
    expect(await search('?q=%20%20')).toEqual(empty);
    expect(await search('?q=a')).toEqual({ ...empty, q: 'a' });
    expect((await search('?q=%20nothing-like-this%20')).q).toBe('nothing-like-this');
  });

  it('refuses a q too long or with a NUL, and a limit out of range, naming the field', async () => {
    const refusal = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      return res.json().message as string;
    };
    expect(await refusal(`?q=${'x'.repeat(SEARCH_LIMITS.qMax + 1)}`)).toBe(
      `q: must be at most ${SEARCH_LIMITS.qMax} characters`,
    );
    expect(await refusal('?q=a%00b')).toMatch(/^q: contains an invalid character/);
    expect(await refusal('?limit=0')).toBe('limit: must be at least 1');
    expect(await refusal(`?limit=${SEARCH_LIMITS.maxPerKind + 1}`)).toBe(
      `limit: must be at most ${SEARCH_LIMITS.maxPerKind}`,
    );
    expect(await refusal('?limit=many')).toBe('limit: must be a number');
  });

  it("is an admin's call: 401 without a token, 403 with a customer's", async () => {
    expect((await get('?q=shirt', null)).statusCode).toBe(401);
    const res = await get('?q=shirt', customerToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });
});
