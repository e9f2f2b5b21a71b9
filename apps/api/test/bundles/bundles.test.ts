import {
  API_PATHS,
  type Bundle,
  type BundlesUpdatedEvent,
  bundlePath,
  EVENTS,
  MESSAGES,
  type Product,
  todayIn,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundles } from '../../src/db/schema';
import { recordBundlePurchase } from '../../src/modules/bundles/purchase';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, baseName, type Files, minimalFields, productForm, uploadedFiles } from '../helpers/catalogue';
import { gif, jpeg, png, svgWithScript, textFile, webp } from '../helpers/images';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * Bundle sales (issue 11): GET /api/bundle/list, POST /api/bundle/create, PUT /api/bundle/update/{id},
 * DELETE /api/bundle/{id}, POST /api/bundle/cancel/{id}, and the purchase count, on the local folder
 * (bundles-s3.test.ts runs the images on an S3-compatible bucket).
 */

let t: TestApp;
let token: string;
let customerToken: string;
let socket: Socket;
let figure: Product;
let poster: Product;
const today = todayIn('UTC');
const MISSING = '65a1b2c3d4e5f60718293a4b';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  const customer = await createUser(t.database.db, { role: 'user' });
  customerToken = (await createSessionToken(t.database.db, customer.id)).token;
  socket = await adminSocket(t, token);
  figure = await addProduct(t, token, { ...minimalFields, name: 'Bundle Figure', price: '19.99' });
  poster = await addProduct(t, token, { ...minimalFields, name: 'Bundle Poster', price: '10.01' });
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

const fields = (over: Record<string, unknown> = {}) => ({
  title: 'Starter Pack',
  description: 'A figure and a poster',
  price: '25',
  startDate: today,
  endDate: '2099-12-31',
  products: [figure._id, poster._id],
  ...over,
});

const createCall = (f: Record<string, unknown>, files: Files = {}, as: string | null = token) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.bundleCreate,
    headers: as === null ? {} : { token: as },
    payload: productForm(f, files),
  });
const updateCall = (id: string, f: Record<string, unknown>, files: Files = {}) =>
  t.app.inject({
    method: 'PUT',
    url: bundlePath(API_PATHS.bundleUpdate, id),
    headers: { token },
    payload: productForm(f, files),
  });
const listBundles = async () => {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.bundleList, headers: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; bundles: Bundle[]; today: string };
};
const findInList = async (id: string) => (await listBundles()).bundles.find((b) => b._id === id);
const bundleCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from bundles`)).rows[0]?.n;

async function createBundle(f: Record<string, unknown> = {}, files?: Files): Promise<Bundle> {
  const res = await createCall(fields(f), files ?? { images: [await png(), await jpeg()] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().bundle as Bundle;
}

/** The call refuses with 400 and this message, and leaves no new row and no new file. */
async function refusedWithNothingKept(res: Promise<{ statusCode: number; json(): unknown }>, message: string) {
  const rows = await bundleCount();
  const files = await uploadedFiles(t);
  const answer = await res;
  expect(answer.json()).toEqual({ success: false, message });
  expect(answer.statusCode).toBe(400);
  expect(await bundleCount()).toBe(rows);
  expect(await uploadedFiles(t)).toEqual(files);
}

describe('POST /api/bundle/create', () => {
  it('creates a bundle with its products, images as WebP with thumbnails, and tells the admins', async () => {
    const event = nextEvent<BundlesUpdatedEvent>(socket, EVENTS.bundlesUpdated, (e) => e.action === 'created');
    const before = await uploadedFiles(t);
    const res = await createCall(fields({ title: '  Starter Pack  ' }), { images: [await png(), await gif()] });
    expect(res.statusCode, res.body).toBe(200);
    const { success, message, bundle } = res.json() as { success: boolean; message: string; bundle: Bundle };
    expect({ success, message }).toEqual({ success: true, message: MESSAGES.bundleCreated });
    expect(bundle).toMatchObject({
      title: 'Starter Pack',
      description: 'A figure and a poster',
      price: 25,
      startDate: today,
      endDate: '2099-12-31',
      products: [
        { _id: figure._id, name: 'Bundle Figure', price: 19.99, removed: false },
        { _id: poster._id, name: 'Bundle Poster', price: 10.01, removed: false },
      ],
      productCount: 2,
      purchaseCount: 0,
      cancelled: false,
      status: 'active',
      hasRemovedProduct: false,
      purchasable: true,
    });
    expect(bundle.images).toHaveLength(2);
    expect(bundle.thumbnails).toHaveLength(2);
    expect(await event).toEqual({ action: 'created', id: bundle._id });
    // The images and their thumbnails are stored, and served as WebP.
    const written = [...bundle.images, ...bundle.thumbnails].map(baseName);
    expect(await uploadedFiles(t)).toEqual([...before, ...written].sort());
    for (const url of [...bundle.images, ...bundle.thumbnails]) {
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
    }
    expect(await findInList(bundle._id)).toEqual(bundle);
  });

  it('takes dates as the pickers write them, and a price with cents', async () => {
    const bundle = await createBundle({ startDate: '2030/01/02', endDate: '2030-01-02T00:00:00.000Z', price: 9.5 });
    expect(bundle).toMatchObject({ startDate: '2030-01-02', endDate: '2030-01-02', price: 9.5, purchasable: false });
  });

  it('refuses each rule of the form with a message naming the field, keeping nothing', async () => {
    const two = { images: [await png(), await webp()] };
    const { title: _t, ...noTitle } = fields();
    await refusedWithNothingKept(createCall(noTitle, two), 'title: Title is required');
    await refusedWithNothingKept(createCall(fields({ title: '   ' }), two), 'title: Title is required');
    await refusedWithNothingKept(createCall(fields({ price: '' }), two), 'price: Bundle price is required');
    await refusedWithNothingKept(createCall(fields({ price: '0' }), two), 'price: Bundle price must be above zero');
    await refusedWithNothingKept(createCall(fields({ price: '-3' }), two), 'price: Bundle price must be above zero');
    await refusedWithNothingKept(createCall(fields({ price: 'abc' }), two), 'price: Bundle price must be a number');
    await refusedWithNothingKept(createCall(fields({ products: [] }), two), 'products: Select at least one product');
    await refusedWithNothingKept(
      createCall(fields({ products: [figure._id, MISSING] }), two),
      `products: no product in the catalogue has the id ${MISSING}`,
    );
    await refusedWithNothingKept(createCall(fields(), {}), 'images: At least one image is required');
    await refusedWithNothingKept(
      createCall(fields({ startDate: '2030-01-02', endDate: '2030-01-01' }), two),
      'endDate: must not be before startDate',
    );
    await refusedWithNothingKept(
      createCall(fields({ existingImages: ['/uploads/0123456789abcdef0123456789abcdef.webp'] }), two),
      'existingImages: a new bundle has no images to keep',
    );
  });

  it('takes 5 images and refuses a 6th', async () => {
    const five = await Promise.all([1, 2, 3, 4, 5].map((i) => png(10 + i, 10)));
    const bundle = await createBundle({}, { images: five });
    expect(bundle.images).toHaveLength(5);
    await refusedWithNothingKept(
      createCall(fields(), { images: [...five, await png(9, 9)] }),
      'images: Upload up to 5 images',
    );
  });

  it('accepts images by content only: an SVG or a text file named .png is refused', async () => {
    await refusedWithNothingKept(
      createCall(fields(), { images: [await png(), svgWithScript] }),
      'images: must be a JPEG, PNG, WebP, GIF or AVIF image',
    );
    await refusedWithNothingKept(
      createCall(fields(), { images: [textFile] }),
      'images: must be a JPEG, PNG, WebP, GIF or AVIF image',
    );
    const other = await createCall(fields(), { photo: await png() });
    expect(other.json()).toEqual({ success: false, message: 'photo: is not a file field of this form' });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.bundleCreate, headers: { token }, payload: {} });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.notMultipart });
  });
});

/** Runs fn while the database refuses every bundle line: a real failure inside the write's transaction. */
async function withFailingLines(fn: () => Promise<void>) {
  await t.database.db.execute(sql`
    create function bundle_lines_fail() returns trigger language plpgsql as $$
    begin raise exception 'disk full (test)'; end $$;
    create trigger bundle_lines_fail before insert on bundle_products execute function bundle_lines_fail();`);
  try {
    await fn();
  } finally {
    await t.database.db.execute(sql`
      drop trigger bundle_lines_fail on bundle_products; drop function bundle_lines_fail();`);
  }
}

describe('a failed write leaves nothing half-done', () => {
  it('removes the files when the database refuses the bundle', async () => {
    await withFailingLines(async () => {
      const rows = await bundleCount();
      const files = await uploadedFiles(t);
      const res = await createCall(fields(), { images: [await png(), await jpeg()] });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.serverError });
      expect(await bundleCount()).toBe(rows);
      expect(await uploadedFiles(t)).toEqual(files);
    });
  });

  it('keeps the images an update drops until it commits: a failed update changes nothing', async () => {
    const b = await createBundle();
    await withFailingLines(async () => {
      const files = await uploadedFiles(t);
      const res = await updateCall(b._id, fields({ title: 'Never saved', existingImages: [b.images[0]] }), {
        images: [await webp()],
      });
      expect(res.statusCode).toBe(500);
      // The dropped image is still there and served; the new one was removed again.
      expect(await uploadedFiles(t)).toEqual(files);
      expect((await t.app.inject({ method: 'GET', url: b.images[1] as string })).statusCode).toBe(200);
      expect(await findInList(b._id)).toEqual(b);
    });
  });

  it('removes what was written when the storage fails half-way, and writes no row', async () => {
    const storage = t.app.ctx.storage;
    const put = storage.put;
    let puts = 0;
    storage.put = async (name, data) => {
      puts += 1;
      if (puts === 3) throw new Error('storage unavailable (test)');
      return put.call(storage, name, data);
    };
    try {
      const rows = await bundleCount();
      const files = await uploadedFiles(t);
      const res = await createCall(fields(), { images: [await png(), await jpeg()] });
      expect(res.statusCode).toBe(500);
      expect(await bundleCount()).toBe(rows);
      expect(await uploadedFiles(t)).toEqual(files);
    } finally {
      storage.put = put;
    }
  });
});

describe('PUT /api/bundle/update/{id}', () => {
  it('keeps, removes and adds images, deleting the removed one only after the change is saved', async () => {
    const b = await createBundle();
    const [keep, drop] = b.images as [string, string];
    const event = nextEvent<BundlesUpdatedEvent>(socket, EVENTS.bundlesUpdated, (e) => e.action === 'updated');
    const res = await updateCall(
      b._id,
      fields({ title: 'Renamed Pack', price: '27.50', products: [poster._id], existingImages: [keep] }),
      { images: [await webp()] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().bundle as Bundle;
    expect(res.json().message).toBe(MESSAGES.bundleUpdated);
    expect(updated).toMatchObject({ title: 'Renamed Pack', price: 27.5, productCount: 1 });
    expect(updated.products.map((p) => p._id)).toEqual([poster._id]);
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(keep);
    expect(await event).toEqual({ action: 'updated', id: b._id });
    const files = await uploadedFiles(t);
    expect(files).toContain(baseName(keep));
    expect(files).not.toContain(baseName(drop));
    expect(files).not.toContain(baseName(b.thumbnails[1] as string));
    expect((await t.app.inject({ method: 'GET', url: drop })).statusCode).toBe(404);
  });

  it("refuses another bundle's image in existingImages, and changes nothing", async () => {
    const mine = await createBundle();
    const other = await createBundle();
    await refusedWithNothingKept(
      updateCall(mine._id, fields({ existingImages: [mine.images[0], other.images[0]] }), { images: [await png()] }),
      `existingImages: ${other.images[0]} is not one of this bundle's images`,
    );
    await refusedWithNothingKept(
      updateCall(mine._id, fields({ existingImages: ['../../etc/passwd'] })),
      "existingImages: ../../etc/passwd is not one of this bundle's images",
    );
    expect(await findInList(mine._id)).toEqual(mine);
    expect(await findInList(other._id)).toEqual(other);
  });

  it('counts kept and new images together: none, or 6, are refused', async () => {
    const b = await createBundle();
    await refusedWithNothingKept(
      updateCall(b._id, fields({ existingImages: [] })),
      'images: At least one image is required',
    );
    const four = await Promise.all([1, 2, 3, 4].map((i) => png(20 + i, 20)));
    await refusedWithNothingKept(
      updateCall(b._id, fields({ existingImages: b.images }), { images: four }),
      'images: Upload up to 5 images',
    );
    expect(await findInList(b._id)).toEqual(b);
  });

  it('refuses the form rules as create does, leaving the bundle as it was', async () => {
    const b = await createBundle();
    const keep = { existingImages: b.images };
    await refusedWithNothingKept(updateCall(b._id, fields({ ...keep, title: '' })), 'title: Title is required');
    await refusedWithNothingKept(
      updateCall(b._id, fields({ ...keep, endDate: '2000-01-01' })),
      'endDate: must not be before startDate',
    );
    await refusedWithNothingKept(
      updateCall(b._id, fields({ ...keep, products: [MISSING] }), { images: [await png()] }),
      `products: no product in the catalogue has the id ${MISSING}`,
    );
    expect(await findInList(b._id)).toEqual(b);
  });

  it('answers 404 for a bundle that does not exist, and keeps no file', async () => {
    const files = await uploadedFiles(t);
    const res = await updateCall(MISSING, fields(), { images: [await png()] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Bundle not found' });
    expect(await uploadedFiles(t)).toEqual(files);
  });
});

describe('POST /api/bundle/cancel/{id} and DELETE /api/bundle/{id}', () => {
  const cancel = (id: string) =>
    t.app.inject({ method: 'POST', url: bundlePath(API_PATHS.bundleCancel, id), headers: { token } });

  it('cancels, and undoes the cancel', async () => {
    const b = await createBundle();
    const event = nextEvent<BundlesUpdatedEvent>(socket, EVENTS.bundlesUpdated, (e) => e.action === 'cancelled');
    const first = await cancel(b._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Bundle cancelled',
      bundle: { _id: b._id, cancelled: true, status: 'cancelled', purchasable: false },
    });
    expect(await event).toEqual({ action: 'cancelled', id: b._id });
    expect((await findInList(b._id))?.cancelled).toBe(true);
    const undo = await cancel(b._id);
    expect(undo.json()).toMatchObject({
      success: true,
      message: 'Bundle cancellation undone',
      bundle: { cancelled: false, status: 'active', purchasable: true },
    });
    expect((await cancel(MISSING)).statusCode).toBe(404);
  });

  it('deletes the bundle and then its files, and only those', async () => {
    const b = await createBundle();
    const other = await createBundle();
    const event = nextEvent<BundlesUpdatedEvent>(socket, EVENTS.bundlesUpdated, (e) => e.action === 'deleted');
    const res = await t.app.inject({ method: 'DELETE', url: bundlePath(API_PATHS.bundle, b._id), headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.bundleDeleted });
    expect(await event).toEqual({ action: 'deleted', id: b._id });
    const files = await uploadedFiles(t);
    for (const url of [...b.images, ...b.thumbnails]) expect(files).not.toContain(baseName(url));
    for (const url of [...other.images, ...other.thumbnails]) expect(files).toContain(baseName(url));
    expect(await findInList(b._id)).toBeUndefined();
    const again = await t.app.inject({
      method: 'DELETE',
      url: bundlePath(API_PATHS.bundle, b._id),
      headers: { token },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('a product deleted from the catalogue', () => {
  it('shows as removed with its last name and price, warns on the row, blocks buying until the bundle is fixed', async () => {
    const gone = await addProduct(t, token, { ...minimalFields, name: 'Soon Gone', price: '5' });
    const b = await createBundle({ products: [figure._id, gone._id] });
    const removed = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productRemove,
      headers: { token },
      payload: { id: gone._id },
    });
    expect(removed.statusCode).toBe(200);
    const listed = await findInList(b._id);
    expect(listed).toMatchObject({
      products: [
        { _id: figure._id, name: 'Bundle Figure', removed: false },
        { _id: null, name: 'Soon Gone', price: 5, removed: true },
      ],
      productCount: 2,
      hasRemovedProduct: true,
      purchasable: false,
    });
    const refused = await recordBundlePurchase(t.database.db, { timeZone: 'UTC' }, b._id);
    expect(refused).toMatchObject({ ok: false, reason: 'productRemoved' });

    const fixed = await updateCall(b._id, fields({ products: [figure._id], existingImages: b.images }));
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().bundle).toMatchObject({ hasRemovedProduct: false, purchasable: true, productCount: 1 });
  });
});

describe('the purchase count', () => {
  it("counts a purchase in the caller's transaction, and nothing when it rolls back", async () => {
    const b = await createBundle();
    expect(await recordBundlePurchase(t.database.db, { timeZone: 'UTC' }, b._id)).toEqual({
      ok: true,
      purchaseCount: 1,
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        const result = await recordBundlePurchase(tx, { timeZone: 'UTC' }, b._id);
        expect(result).toEqual({ ok: true, purchaseCount: 2 });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect((await findInList(b._id))?.purchaseCount).toBe(1);
  });

  it('refuses a cancelled bundle, one out of its dates, and an unknown one', async () => {
    const b = await createBundle({ startDate: '2030-01-01', endDate: '2030-01-31' });
    const at = (day: string) => ({ timeZone: 'UTC', now: () => new Date(`${day}T12:00:00Z`) });
    expect(await recordBundlePurchase(t.database.db, at('2029-12-31'), b._id)).toMatchObject({
      ok: false,
      reason: 'notStarted',
    });
    expect(await recordBundlePurchase(t.database.db, at('2030-02-01'), b._id)).toMatchObject({
      ok: false,
      reason: 'ended',
    });
    expect(await recordBundlePurchase(t.database.db, at('2030-01-31'), b._id)).toEqual({ ok: true, purchaseCount: 1 });
    await t.database.db.update(bundles).set({ cancelled: true }).where(sql`id = ${b._id}`);
    expect(await recordBundlePurchase(t.database.db, at('2030-01-15'), b._id)).toMatchObject({
      ok: false,
      reason: 'cancelled',
      message: 'This bundle has been cancelled',
    });
    expect(await recordBundlePurchase(t.database.db, at('2030-01-15'), MISSING)).toMatchObject({
      ok: false,
      reason: 'unknown',
    });
    expect((await findInList(b._id))?.purchaseCount).toBe(1);
  });
});

describe('who may call', () => {
  it('answers 401 without a token and 403 with a customer token, before reading any form', async () => {
    const b = await createBundle();
    const calls = [
      { method: 'GET', url: API_PATHS.bundleList },
      { method: 'POST', url: API_PATHS.bundleCreate },
      { method: 'PUT', url: bundlePath(API_PATHS.bundleUpdate, b._id) },
      { method: 'DELETE', url: bundlePath(API_PATHS.bundle, b._id) },
      { method: 'POST', url: bundlePath(API_PATHS.bundleCancel, b._id) },
    ] as const;
    const rows = await bundleCount();
    for (const c of calls) {
      const none = await t.app.inject({ ...c, payload: productForm(fields(), { images: [await png()] }) });
      expect(none.statusCode, `${c.method} ${c.url}`).toBe(401);
      const customer = await t.app.inject({ ...c, headers: { token: customerToken } });
      expect(customer.statusCode, `${c.method} ${c.url}`).toBe(403);
      expect(customer.json().success).toBe(false);
    }
    expect(await bundleCount()).toBe(rows);
    expect(await findInList(b._id)).toEqual(b);
  });

  it('refuses a malformed id with 400 naming it', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: bundlePath(API_PATHS.bundle, 'nope'), headers: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^id: /);
  });
});
