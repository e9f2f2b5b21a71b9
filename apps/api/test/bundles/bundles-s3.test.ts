import { API_PATHS, type Bundle, bundlePath, todayIn } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { addProduct, baseName, catalogueApp, minimalFields, productForm, uploadedFiles } from '../helpers/catalogue';
import { jpeg, png, svgWithScript, webp } from '../helpers/images';
import { startS3, type TestS3 } from '../helpers/s3';

/**
 * Bundle images in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET): a real S3 server on this
 * machine (s3rver, in this process), the real AWS SDK, as products/products-s3.test.ts does for products.
 */

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startS3('backroom-bundles');
  ({ t, token } = await catalogueApp(s3.env));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const keys = () => s3.keys();
const namesOf = (b: Bundle) => [...b.images, ...b.thumbnails].map(baseName);

describe('bundle images in an S3-compatible bucket', () => {
  it('stores uploads in the bucket, deletes removed ones after an update and all of them with the bundle', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const product = await addProduct(t, token, minimalFields);
    const fields = {
      title: 'Bucket Pack',
      price: '12',
      startDate: todayIn('UTC'),
      endDate: '2099-01-01',
      products: [product._id],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: API_PATHS.bundleCreate,
      headers: { token },
      payload: productForm(fields, { images: [await png(), await jpeg()] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const b = created.json().bundle as Bundle;
    expect(await keys()).toEqual(namesOf(b).sort());
    expect(await uploadedFiles(t)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: b.images[0] as string })).statusCode).toBe(200);

    // An SVG is refused and leaves nothing in the bucket.
    const refused = await t.app.inject({
      method: 'PUT',
      url: bundlePath(API_PATHS.bundleUpdate, b._id),
      headers: { token },
      payload: productForm({ ...fields, existingImages: b.images }, { images: [await webp(), svgWithScript] }),
    });
    expect(refused.statusCode).toBe(400);
    expect(await keys()).toEqual(namesOf(b).sort());

    const updated = await t.app.inject({
      method: 'PUT',
      url: bundlePath(API_PATHS.bundleUpdate, b._id),
      headers: { token },
      payload: productForm({ ...fields, existingImages: [b.images[1]] }, { images: [await webp()] }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json().bundle as Bundle;
    expect(after.images[0]).toBe(b.images[1]);
    expect(await keys()).toEqual(namesOf(after).sort());

    const removed = await t.app.inject({
      method: 'DELETE',
      url: bundlePath(API_PATHS.bundle, b._id),
      headers: { token },
    });
    expect(removed.statusCode).toBe(200);
    expect(await keys()).toEqual([]);
  });
});
