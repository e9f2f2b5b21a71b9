import { API_PATHS, BULK_PATHS, CUSTOMER_PATHS, EVENTS, type ProductsUpdatedEvent } from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productStock, products } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, orderCall, rollupsAndRecount } from '../helpers/orders';
import { createCustomer, insertBundle, insertStoreProduct, storefrontAddress } from '../helpers/storefront';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * Stock that counts (docs/decisions/055-stock.md): a storefront order takes its units in its own
 * transaction and never below zero; Cancelled (or a delete before delivery) gives them back once,
 * whatever the path; out of Cancelled takes them again; orders written straight into the database
 * count the same, through the orders' triggers.
 */

let t: TestApp;
let admin: string;
let buyer: { id: string; token: string };
let socket: Socket;

beforeAll(async () => {
  t = await createTestApp({}, { max: 20 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.database.db, { role: 'admin', name: 'Stock Admin' });
  admin = (await createSessionToken(t.database.db, user.id)).token;
  buyer = await createCustomer(t.database.db);
  socket = await adminSocket(t, admin);
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

const address = storefrontAddress;

const place = (items: Record<string, unknown>[], token = buyer.token, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: CUSTOMER_PATHS.orders,
    headers: { token },
    payload: { address, paymentMethod: 'COD', items, ...extra },
  });

/** The next productsUpdated naming this product: what makes an open Product List refetch. */
const listRefreshed = (productId: string) =>
  nextEvent<ProductsUpdatedEvent>(socket, EVENTS.productsUpdated, (e) => e.id === productId);

/** A product that tracks stock: `cells` of [colour, size, units] ('' where it has none). */
async function stocked(cells: [string, string, number][], values: Parameters<typeof insertStoreProduct>[1] = {}) {
  const colors = [...new Set(cells.map(([c]) => c).filter(Boolean))];
  const sizes = [...new Set(cells.map(([, s]) => s).filter(Boolean))];
  const product = await insertStoreProduct(t.database.db, {
    trackStock: true,
    colorVariants: colors.map((color) => ({ color, image: null, stock: 0, outOfStock: false })),
    clothingSizes: sizes,
    ...values,
  });
  await t.database.db
    .insert(productStock)
    .values(cells.map(([color, size, quantity]) => ({ productId: product.id, color, size, quantity })));
  return product;
}

const units = async (productId: string, color = '', size = '') =>
  (
    await t.database.db.execute<{ quantity: number }>(
      sql`select quantity from product_stock where product_id = ${productId} and color = ${color} and size = ${size}`,
    )
  ).rows[0]?.quantity;

const outOfStock = async (id: string) =>
  (await t.database.db.select({ f: products.outOfStock }).from(products).where(eq(products.id, id)))[0]?.f;

const setStatus = (orderId: string, status: string) => orderCall(t, admin, API_PATHS.orderStatus, { orderId, status });

const line = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId,
  quantity,
  ...extra,
});

describe('a storefront order', () => {
  it('takes its units per colour and size, and refuses a shortfall naming the item and what is left', async () => {
    const p = await stocked([
      ['Red', 'M', 3],
      ['Red', 'L', 1],
    ]);
    const ok = await place([line(p.id, 2, { color: 'red', size: 'M' })]);
    expect(ok.statusCode).toBe(201);
    expect(await units(p.id, 'Red', 'M')).toBe(1);

    const short = await place([line(p.id, 1, { color: 'Red', size: 'L' }), line(p.id, 2, { color: 'Red', size: 'M' })]);
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe(`items.1: "${p.name}" (Red, M): only 1 left`);
    // The whole order is refused: the other line's unit is still there.
    expect(await units(p.id, 'Red', 'L')).toBe(1);

    const noSize = await place([line(p.id, 1, { color: 'Red' })]);
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toMatch(/^items\.0\.size: /);
  });

  it('at zero the product is out of stock, and a further order is refused', async () => {
    const p = await stocked([['', '', 1]]);
    expect((await place([line(p.id, 1)])).statusCode).toBe(201);
    expect(await outOfStock(p.id)).toBe(true);
    const again = await place([line(p.id, 1)]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`items.0: "${p.name}" is out of stock`);
  });

  it('rings the bell once when a product reaches its low-stock threshold and once at zero, not for a refused order', async () => {
    const p = await stocked([['', '', 4]], { lowStockThreshold: 2 });
    const bell = async () =>
      (
        await t.database.db.execute<{ kind: string; title: string }>(
          sql`select kind, title from notifications where subject->>'productId' = ${p.id} order by seq`,
        )
      ).rows.map((r) => [r.kind, r.title]);
    expect((await place([line(p.id, 1)])).statusCode).toBe(201);
    expect(await bell()).toEqual([]);
    expect((await place([line(p.id, 1)])).statusCode).toBe(201);
    expect(await bell()).toEqual([['stockLow', `Low stock: ${p.name} (2 left)`]]);
    expect((await place([line(p.id, 3)])).statusCode).toBe(409);
    expect((await place([line(p.id, 2)])).statusCode).toBe(201);
    expect(await bell()).toEqual([
      ['stockLow', `Low stock: ${p.name} (2 left)`],
      ['stockOut', `Out of stock: ${p.name}`],
    ]);
  });

  it('50 parallel orders for the last 5 units place exactly 5', async () => {
    const p = await stocked([['', '', 5]]);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createCustomer(t.database.db)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => place([line(p.id, 1)], buyers[i % buyers.length]?.token)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    expect(await units(p.id)).toBe(0);
    const placed = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where items @> ${JSON.stringify([{ productId: p.id }])}::jsonb`,
    );
    expect(placed.rows[0]?.n).toBe(5);
    expect(await outOfStock(p.id)).toBe(true);
  });
});

describe('cancelling and deleting', () => {
  it('Cancelled gives the units back once; out of Cancelled takes them again, or is refused when gone', async () => {
    const p = await stocked([['', '', 3]]);
    const placed = await place([line(p.id, 2)]);
    const id = placed.json().order._id as string;
    expect(await units(p.id)).toBe(1);

    expect((await setStatus(id, 'Cancelled')).statusCode).toBe(200);
    expect(await units(p.id)).toBe(3);
    // Cancelled again (no change) and another status change within Cancelled give nothing more.
    await t.database.db.update(orders).set({ paymentMethod: 'Stripe' }).where(eq(orders.id, id));
    expect(await units(p.id)).toBe(3);

    expect((await setStatus(id, 'Packing')).statusCode).toBe(200);
    expect(await units(p.id)).toBe(1);

    expect((await setStatus(id, 'Cancelled')).statusCode).toBe(200);
    expect((await place([line(p.id, 3)])).statusCode).toBe(201);
    const refused = await setStatus(id, 'Order Placed');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is out of stock|only \d+ left/);
    expect(await units(p.id)).toBe(0);
  });

  it('a bulk cancel gives back every order once; a bulk delete gives back only the undelivered', async () => {
    const p = await stocked([['', '', 10]]);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await place([line(p.id, 2)])).json().order._id);
    expect(await units(p.id)).toBe(2);

    const cancel = await orderCall(t, admin, BULK_PATHS.orderBulk, {
      selection: { ids: ids.slice(0, 2) },
      action: { kind: 'status', status: 'Cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await units(p.id)).toBe(6);

    await setStatus(ids[2] as string, 'Delivered');
    const gone = await orderCall(t, admin, BULK_PATHS.orderBulk, {
      selection: { ids },
      action: { kind: 'delete' },
    });
    expect(gone.statusCode).toBe(200);
    // The cancelled two had given theirs back already, the delivered one went out: only the fourth returns.
    expect(await units(p.id)).toBe(8);
  });

  it('one order deleted before delivery gives back; a customer deleted with their account keeps the orders, and the units', async () => {
    const p = await stocked([['', '', 5]]);
    const id = (await place([line(p.id, 2)])).json().order._id as string;
    expect((await orderCall(t, admin, API_PATHS.orderDelete, { orderId: id })).statusCode).toBe(200);
    expect(await units(p.id)).toBe(5);

    const someone = await createCustomer(t.database.db);
    expect((await place([line(p.id, 1)], someone.token)).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'DELETE',
      url: API_PATHS.user.replace(':id', someone.id),
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    // The order stays as the shop's record (decision 023), so its unit stays taken.
    expect(await units(p.id)).toBe(4);
  });
});

describe('bundles of products that track stock', () => {
  it('takes one unit of each, from the cell with the most left, named on the line; Cancelled gives them back', async () => {
    const plain = await stocked([['', '', 2]]);
    const sized = await stocked([
      ['Red', 'M', 1],
      ['Blue', 'M', 3],
      ['Blue', 'L', 3],
    ]);
    const untracked = await insertStoreProduct(t.database.db);
    const bundleId = await insertBundle(t.database.db, {}, [plain.id, sized.id, untracked.id]);

    const res = await place([], buyer.token, { bundleId });
    expect(res.statusCode).toBe(201);
    const order = res.json().order as { _id: string; items: { productId: string; color: string | null }[] };
    expect(order.items.map((i) => [i.productId, i.color])).toEqual([
      [plain.id, null],
      [sized.id, 'Blue|L'],
      [untracked.id, null],
    ]);
    expect(await units(plain.id)).toBe(1);
    expect([
      await units(sized.id, 'Red', 'M'),
      await units(sized.id, 'Blue', 'M'),
      await units(sized.id, 'Blue', 'L'),
    ]).toEqual([1, 3, 2]);

    expect((await setStatus(order._id, 'Cancelled')).statusCode).toBe(200);
    expect(await units(plain.id)).toBe(2);
    expect(await units(sized.id, 'Blue', 'L')).toBe(3);
  });

  it('a shortfall refuses the whole order, naming the bundle or the line; no unit taken, no purchase counted', async () => {
    const last = await stocked([['', '', 1]]);
    const other = await stocked([['Green', '', 4]]);
    const bundleId = await insertBundle(t.database.db, {}, [last.id, other.id]);
    const purchases = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select purchase_count as n from bundles where id = ${bundleId}`))
        .rows[0]?.n;
    const before = await purchases();

    // The bundle's unit and the line's together are more than is left: the trigger refuses.
    const both = await place([line(last.id, 1)], buyer.token, { bundleId });
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe(`items.0: "${last.name}": only 1 left`);
    expect([await units(last.id), await units(other.id, 'Green')]).toEqual([1, 4]);
    expect(await purchases()).toBe(before);

    expect((await place([line(last.id, 1)])).statusCode).toBe(201);
    // Now at zero: the bundle's product is out of stock, refused before anything is written.
    const gone = await place([], buyer.token, { bundleId });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(`bundleId: "${last.name}" is out of stock`);
    expect(await units(other.id, 'Green')).toBe(4);
    expect(await purchases()).toBe(before);
  });
});

describe('an open Product List hears of units that orders move', () => {
  it('a storefront order, a status change, a bulk cancel and a SQL writer each tell the admins once committed', async () => {
    const p = await stocked([['', '', 9]]);
    let heard = listRefreshed(p.id);
    const placed = (await place([line(p.id, 2)])).json().order._id as string;
    expect(await heard).toEqual({ action: 'updated', id: p.id });

    heard = listRefreshed(p.id);
    await setStatus(placed, 'Cancelled');
    await heard;

    const second = (await place([line(p.id, 1)])).json().order._id as string;
    heard = listRefreshed(p.id);
    const bulk = await orderCall(t, admin, BULK_PATHS.orderBulk, {
      selection: { ids: [second] },
      action: { kind: 'status', status: 'Cancelled' },
    });
    expect(bulk.statusCode).toBe(200);
    await heard;

    heard = listRefreshed(p.id);
    const item = { productId: p.id, name: p.name, quantity: 1, unitPriceCents: 1000 };
    await insertOrder(t.database.db, { items: [item] });
    await heard;
    expect(await units(p.id)).toBe(8);
  });

  it('one statement moving many products sends one event, without ids past 100 products', async () => {
    // 101 tracked products of one unit each, in two statements.
    const many = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Crowd ${i}`,
          priceCents: 100,
          mainCategory: 'Figures',
          subCategory: 'Heroes',
          trackStock: true,
        })),
      )
      .returning({ id: products.id, name: products.name });
    await t.database.db.insert(productStock).values(many.map((p) => ({ productId: p.id, quantity: 1 })));
    const events: ProductsUpdatedEvent[] = [];
    const onUpdated = (e: ProductsUpdatedEvent) => events.push(e);
    socket.on(EVENTS.productsUpdated, onUpdated);
    const heard = nextEvent<ProductsUpdatedEvent>(socket, EVENTS.productsUpdated, (e) => e.id === undefined);
    await insertOrder(t.database.db, {
      items: many.map((p) => ({ productId: p.id, name: p.name, quantity: 1, unitPriceCents: 100 })),
    });
    expect(await heard).toEqual({ action: 'updated' });
    socket.off(EVENTS.productsUpdated, onUpdated);
    expect(events).toEqual([{ action: 'updated' }]);
  });
});

describe('orders written straight into the database', () => {
  it('take, give back and refuse exactly as the storefront does, the rollups staying exact', async () => {
    const p = await stocked([['Blue', '', 4]]);
    const item = { productId: p.id, name: p.name, quantity: 3, unitPriceCents: 1000, color: 'Blue|null' };
    const order = await insertOrder(t.database.db, { items: [item] });
    expect(await units(p.id, 'Blue')).toBe(1);

    await expect(insertOrder(t.database.db, { items: [{ ...item, quantity: 2 }] })).rejects.toThrow();
    expect(await units(p.id, 'Blue')).toBe(1);

    // Rewriting the items gives the old units back and takes the new ones.
    await t.database.db
      .update(orders)
      .set({ items: [{ ...item, quantity: 4, image: null }] })
      .where(eq(orders.id, order.id));
    expect(await units(p.id, 'Blue')).toBe(0);
    expect(await outOfStock(p.id)).toBe(true);

    await t.database.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
    expect(await units(p.id, 'Blue')).toBe(4);
    expect(await outOfStock(p.id)).toBe(false);

    await t.database.db.update(orders).set({ status: 'Delivered' }).where(eq(orders.id, order.id));
    await t.database.db.delete(orders).where(eq(orders.id, order.id));
    expect(await units(p.id, 'Blue')).toBe(0);

    const { counters, recount } = await rollupsAndRecount(t.database.db);
    expect(counters).toEqual(recount);
  });

  it('a product that does not track stock keeps its manual flag and counts nothing', async () => {
    const p = await insertStoreProduct(t.database.db);
    expect((await place([line(p.id, 5)])).statusCode).toBe(201);
    const [row] = await t.database.db.select({ f: products.outOfStock }).from(products).where(eq(products.id, p.id));
    expect(row?.f).toBe(false);
    const taken = await t.database.db.execute(sql`select 1 from order_stock where product_id = ${p.id}`);
    expect(taken.rows).toHaveLength(0);
  });
});
