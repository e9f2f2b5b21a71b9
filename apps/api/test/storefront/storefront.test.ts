import {
  CUSTOMER_PATHS,
  type CustomerBundleListResponse,
  type CustomerProduct,
  type CustomerProductListResponse,
  type CustomerWishlistResponse,
  customerDiscountPath,
  customerProductPath,
  customerWishlistItemPath,
  newObjectId,
  REDEMPTION_MESSAGES,
  STOREFRONT_LIMITS,
  STOREFRONT_MESSAGES,
} from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, wishlistItems } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCustomer, insertBundle, insertDiscountCode, insertStoreProduct, setHidden } from '../helpers/storefront';

/*
 * The storefront's catalogue, bundles, discount check and wishlist (docs/customer-api.md), on a
 * real database: what a customer may see follows the Visibility Settings, to the letter.
 */

let t: TestApp;
let me: { id: string; token: string };
let other: { id: string; token: string };

const product = (values: Parameters<typeof insertStoreProduct>[1] = {}) => insertStoreProduct(t.database.db, values);
const hide = (categories: string[], tags: string[] = []) => setHidden(t.database.db, categories, tags);

const get = (url: string, token = me.token) => t.app.inject({ method: 'GET', url, headers: { token } });

beforeAll(async () => {
  t = await createTestApp();
  me = await createCustomer(t.database.db);
  other = await createCustomer(t.database.db);
});
afterAll(() => t.close());
afterEach(() => hide([], []));

describe('GET /api/customer/products', () => {
  it('pages the visible catalogue, newest first, 24 a page unless told, with no internal field', async () => {
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await product({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }));
    const first = await get(CUSTOMER_PATHS.products);
    expect(first.statusCode).toBe(200);
    const body = first.json() as CustomerProductListResponse;
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(STOREFRONT_LIMITS.productPageSize);
    expect(body.products).toHaveLength(24);
    expect(body.total).toBeGreaterThanOrEqual(30);
    expect(body.products[0]?._id).toBe(made.at(-1)?.id);
    const second = (await get(`${CUSTOMER_PATHS.products}?page=2&pageSize=24`)).json() as CustomerProductListResponse;
    expect(second.products.map((p) => p._id)).not.toContain(body.products[0]?._id);
    const keys = Object.keys(body.products[0] as object).sort();
    expect(keys).toEqual(
      [
        '_id',
        'name',
        'description',
        'price',
        'discount',
        'finalPrice',
        'mainCategory',
        'subCategory',
        'subSubCategory',
        'image',
        'thumbnails',
        'tags',
        'outOfStock',
        'trackStock',
        'stock',
        'lowStock',
        'colors',
        'sizes',
        'date',
      ].sort(),
    );
    expect(first.body).not.toMatch(/isDemo|is_demo|stockLevels|lowStockThreshold|updatedAt|priceCents/);
  });

  it('refuses a page size over 100 and a page below 1, naming the field', async () => {
    const big = await get(`${CUSTOMER_PATHS.products}?pageSize=101`);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ success: false, message: 'pageSize: must be at most 100' });
    expect((await get(`${CUSTOMER_PATHS.products}?page=0`)).json().message).toBe('page: must be at least 1');
    expect((await get(`${CUSTOMER_PATHS.products}?price=1`)).statusCode).toBe(400);
  });

  it('searches the name case-insensitively, LIKE wildcards taken literally, and filters by category', async () => {
    const dragon = await product({ name: 'Golden DRAGON 50%', mainCategory: 'Dragons', subCategory: 'Gold' });
    await product({ name: 'Silver dragon', mainCategory: 'Dragons', subCategory: 'Silver' });
    const found = (await get(`${CUSTOMER_PATHS.products}?q=dragon%2050%25`)).json() as CustomerProductListResponse;
    expect(found.products.map((p) => p._id)).toEqual([dragon.id]);
    expect((await get(`${CUSTOMER_PATHS.products}?q=%25`)).json().products.map((p: CustomerProduct) => p._id)).toEqual([
      dragon.id,
    ]);
    const byCategory = (await get(`${CUSTOMER_PATHS.products}?category=Dragons`)).json() as CustomerProductListResponse;
    expect(byCategory.total).toBe(2);
    const bySub = (await get(`${CUSTOMER_PATHS.products}?category=Dragons&subCategory=Gold`)).json();
    expect(bySub.products.map((p: CustomerProduct) => p._id)).toEqual([dragon.id]);
  });

  it('answers prices in dollars with the final price after the discount, tags and options', async () => {
    const p = await product({
      name: 'Priced',
      priceCents: 1999,
      discount: 15,
      bestseller: true,
      isNewProduct: true,
      colorVariants: [{ color: 'Red', image: null, stock: 3, outOfStock: false }],
      clothingSizes: ['S', 'M'],
    });
    const res = await get(customerProductPath(p.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      _id: p.id,
      price: 19.99,
      discount: 15,
      finalPrice: 16.99,
      tags: ['bestseller', 'isNewProduct'],
      colors: [{ color: 'Red', image: null, outOfStock: false }],
      sizes: ['S', 'M'],
      outOfStock: false,
    });
    expect(res.json().product.image[0]).toMatch(/^\/uploads\//);
  });

  it('never returns a product of a hidden category or with a hidden tag: not listed, 404 by id', async () => {
    const secret = await product({ name: 'Secret thing', mainCategory: 'Secret' });
    const vaulted = await product({ name: 'Vaulted thing', vaulted: true });
    const plain = await product({ name: 'Plain thing' });
    await hide(['Secret'], ['vaulted']);
    const listed = (await get(`${CUSTOMER_PATHS.products}?q=thing`)).json() as CustomerProductListResponse;
    expect(listed.products.map((p) => p._id)).toEqual([plain.id]);
    expect(listed.total).toBe(1);
    expect((await get(`${CUSTOMER_PATHS.products}?category=Secret`)).json().total).toBe(0);
    for (const id of [secret.id, vaulted.id]) {
      const res = await get(customerProductPath(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: STOREFRONT_MESSAGES.productNotFound });
    }
    expect((await get(customerProductPath(newObjectId()))).statusCode).toBe(404);
    await hide([], []);
    expect((await get(customerProductPath(secret.id))).statusCode).toBe(200);
  });

  it('hides out-of-stock products too when the shop hides that tag', async () => {
    const gone = await product({ name: 'Sold out thing', outOfStock: true });
    expect((await get(customerProductPath(gone.id))).json().product.outOfStock).toBe(true);
    await hide([], ['outOfStock']);
    expect((await get(customerProductPath(gone.id))).statusCode).toBe(404);
  });
});

describe('GET /api/customer/bundles', () => {
  const bundle = (values: Parameters<typeof insertBundle>[1], productIds: (string | null)[]) =>
    insertBundle(t.database.db, values, productIds);

  it('lists only the bundles on sale now whose products are all there, visible and in stock', async () => {
    const a = await product({ priceCents: 2000 });
    const b = await product({ priceCents: 1000, discount: 50 });
    const hiddenOne = await product({ mainCategory: 'Hidden bundles' });
    const soldOut = await product({ outOfStock: true });
    const onSale = await bundle({ title: 'On sale' }, [a.id, b.id]);
    await bundle({ title: 'Cancelled', cancelled: true }, [a.id]);
    await bundle({ title: 'Ended', startDate: '2020-01-01', endDate: '2021-01-01' }, [a.id]);
    await bundle({ title: 'Not yet', startDate: '2098-01-01', endDate: '2099-01-01' }, [a.id]);
    await bundle({ title: 'Removed product' }, [a.id, null]);
    await bundle({ title: 'Hidden product' }, [a.id, hiddenOne.id]);
    await bundle({ title: 'Sold out product' }, [soldOut.id]);
    await hide(['Hidden bundles']);
    const res = await get(CUSTOMER_PATHS.bundles);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CustomerBundleListResponse;
    expect(body.bundles.map((x) => x.title)).toEqual(['On sale']);
    expect(body.bundles[0]).toMatchObject({
      _id: onSale,
      price: 25,
      productsPrice: 25,
      products: [
        { _id: a.id, finalPrice: 20 },
        { _id: b.id, finalPrice: 5 },
      ],
    });
    await hide([]);
    expect(
      ((await get(CUSTOMER_PATHS.bundles)).json() as CustomerBundleListResponse).bundles.map((x) => x.title),
    ).toEqual(['Hidden product', 'On sale']);
  });
});

describe('GET /api/customer/discounts/{code}', () => {
  const code = (values: Parameters<typeof insertDiscountCode>[1]) => insertDiscountCode(t.database.db, values);

  it('says whether a code applies to me now, with its percentage, or why not', async () => {
    await code({ code: 'OPEN10', percentage: 10 });
    await code({ code: 'MINE25', percentage: 25, assignedTo: me.id });
    await code({ code: 'OFF10', isActive: false });
    await code({ code: 'OLD10', endDate: '2021-01-01' });
    await code({ code: 'LATER10', startDate: '2098-01-01' });
    await code({ code: 'FULL10', maxUsage: 2, usageCount: 2 });
    await code({ code: 'THEIRS10', assignedTo: other.id });

    const ok = await get(customerDiscountPath(' open10 '));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      message: STOREFRONT_MESSAGES.discountApplies,
      discount: { code: 'OPEN10', percentage: 10 },
    });
    expect((await get(customerDiscountPath('MINE25'))).json().discount).toEqual({ code: 'MINE25', percentage: 25 });
    const cases: [string, number, string][] = [
      ['NOPE1234', 404, REDEMPTION_MESSAGES.unknown],
      ['OFF10', 409, REDEMPTION_MESSAGES.inactive],
      ['OLD10', 409, REDEMPTION_MESSAGES.expired],
      ['LATER10', 409, REDEMPTION_MESSAGES.notYetValid],
      ['FULL10', 409, REDEMPTION_MESSAGES.usedUp],
      ['THEIRS10', 409, REDEMPTION_MESSAGES.notYours],
      ['MINE25', 409, REDEMPTION_MESSAGES.notYours],
    ];
    for (const [name, status, message] of cases) {
      const token = name === 'MINE25' ? other.token : me.token;
      const res = await get(customerDiscountPath(name), token);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toEqual({ success: false, message });
    }
    // Checking counts nothing.
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.code, 'OPEN10'));
    expect(row?.usageCount).toBe(0);
  });

  it('refuses a code longer than 32 characters, naming the field', async () => {
    const res = await get(customerDiscountPath('X'.repeat(33)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('code: must be at most 32 characters');
  });
});

describe('the wishlist', () => {
  const add = (productId: unknown, token = me.token) =>
    t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.wishlist, headers: { token }, payload: { productId } });
  const remove = (productId: string, token = me.token) =>
    t.app.inject({ method: 'DELETE', url: customerWishlistItemPath(productId), headers: { token } });
  const list = async (token = me.token) =>
    ((await get(CUSTOMER_PATHS.wishlist, token)).json() as CustomerWishlistResponse).wishlist.map((e) => e._id);

  it('adds a product once however often it is sent, newest saved first, and removes it', async () => {
    const a = await product({ priceCents: 2000, discount: 25 });
    const b = await product();
    const first = await add(a.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: STOREFRONT_MESSAGES.addedToWishlist,
      wishlist: [{ _id: a.id, price: 20, discount: 25, finalPrice: 15 }],
    });
    expect((await add(a.id)).statusCode).toBe(200);
    await Promise.all([add(b.id), add(b.id), add(b.id)]);
    expect(await list()).toEqual([b.id, a.id]);
    const rows = await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, me.id));
    expect(rows).toHaveLength(2);
    expect(await list(other.token)).toEqual([]);

    const removed = await remove(a.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().wishlist.map((e: { _id: string }) => e._id)).toEqual([b.id]);
    // Removing it again is not an error.
    expect((await remove(a.id)).statusCode).toBe(200);
    await remove(b.id);
    expect(await list()).toEqual([]);
  });

  it('refuses an unknown or hidden product, and leaves out a saved product once it is hidden', async () => {
    const hiddenLater = await product({ mainCategory: 'Later hidden' });
    const tagged = await product({ limitedEdition: true });
    expect((await add(hiddenLater.id)).statusCode).toBe(200);
    await hide(['Later hidden'], ['limitedEdition']);
    expect(await list()).toEqual([]);
    const refused = await add(tagged.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, message: `productId: ${STOREFRONT_MESSAGES.productNotFound}` });
    expect((await add(newObjectId())).statusCode).toBe(404);
    expect((await add('nope')).json().message).toBe('productId: must be a 24-character hex id');
    await hide([], []);
    expect(await list()).toEqual([hiddenLater.id]);
    await remove(hiddenLater.id);
  });

  it('a deleted product leaves the wishlist', async () => {
    const p = await product();
    await add(p.id);
    await t.database.db.execute(sql`DELETE FROM products WHERE id = ${p.id}`);
    expect(await list()).toEqual([]);
  });
});
