import { API_PATHS, MESSAGES, USER_GUARD_MESSAGES } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistItems } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken, createSessionToken, createUser } from '../helpers/users';
import { insertProduct, wish } from '../helpers/wishlists';

/* POST /api/wishlist/user and POST /api/wishlist/clear (spec 2 sections 3 and 7). */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.database.db);
});
afterAll(() => t.close());

/** A call with the admin's token, another token, or none (null). */
const post = (url: string, payload: Record<string, unknown>, as: string | null = token) =>
  t.app.inject({ method: 'POST', url, headers: as === null ? {} : { token: as }, payload });

describe('POST /api/wishlist/user', () => {
  it('answers the saved products, newest saved first, as the spec’s entries', async () => {
    const user = await createUser(t.database.db);
    const robot = await insertProduct(t.database.db, {
      name: 'Robot',
      priceCents: 1999,
      discount: 10,
      images: ['0123456789abcdef0123456789abcdef.webp'],
    });
    const cube = await insertProduct(t.database.db, { name: 'Cube', priceCents: 500 });
    await wish(t.database.db, user.id, [robot.id, cube.id]);
    const res = await post(API_PATHS.wishlistUser, { userId: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Wishlist loaded',
      wishlist: [
        {
          _id: cube.id,
          name: 'Cube',
          image: [],
          price: 5,
          discount: 0,
          mainCategory: 'Collectibles',
          subCategory: 'Figures',
        },
        {
          _id: robot.id,
          name: 'Robot',
          image: ['/uploads/0123456789abcdef0123456789abcdef.webp'],
          price: 19.99,
          discount: 10,
          mainCategory: 'Collectibles',
          subCategory: 'Figures',
        },
      ],
    });
  });

  it('answers an empty list for a user who saved nothing', async () => {
    const user = await createUser(t.database.db);
    expect((await post(API_PATHS.wishlistUser, { userId: user.id })).json().wishlist).toEqual([]);
  });
});

describe('POST /api/wishlist/clear', () => {
  it('empties the wishlist: "Wishlist cleared", other users’ kept', async () => {
    const user = await createUser(t.database.db);
    const other = await createUser(t.database.db);
    const product = await insertProduct(t.database.db);
    await wish(t.database.db, user.id, [product.id]);
    await wish(t.database.db, other.id, [product.id]);
    const res = await post(API_PATHS.wishlistClear, { userId: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.wishlistCleared });
    expect(await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, other.id))).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('401 without a token, 403 with a customer token, 404 for an unknown user, 400 naming the field', async () => {
    const customer = await createUser(t.database.db);
    const customerToken = (await createSessionToken(t.database.db, customer.id)).token;
    for (const url of [API_PATHS.wishlistUser, API_PATHS.wishlistClear]) {
      expect((await post(url, { userId: customer.id }, null)).statusCode).toBe(401);
      expect((await post(url, { userId: customer.id }, customerToken)).statusCode).toBe(403);
      const unknown = await post(url, { userId: 'ffffffffffffffffffffffff' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(USER_GUARD_MESSAGES.userNotFound);
      const bad = await post(url, { userId: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('userId: must be a 24-character hex id');
      const extra = await post(url, { userId: customer.id, more: 1 });
      expect(extra.json().message).toBe('more: is not allowed');
    }
  });
});
