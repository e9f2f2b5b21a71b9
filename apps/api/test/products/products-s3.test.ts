import { API_PATHS, type Product } from '@backroom/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import {
  addProduct,
  baseName,
  catalogueApp,
  minimalFields,
  updateProductCall,
  uploadedFiles,
} from '../helpers/catalogue';
import { jpeg, png } from '../helpers/images';
import { startS3, type TestS3 } from '../helpers/s3';

/**
 * Images in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET): a real S3 server on this machine
 * (s3rver, in this process), the real AWS SDK.
 */

let s3: TestS3;
let t: TestApp;
let token: string;

beforeAll(async () => {
  s3 = await startS3('backroom-images');
  ({ t, token } = await catalogueApp(s3.env));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const keys = () => s3.keys();

describe('images in an S3-compatible bucket', () => {
  it('stores uploads in the bucket, serves them at /uploads, and deletes them with their product', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const p: Product = await addProduct(t, token, minimalFields, { image1: await png(), image2: await jpeg() });
    const names = [...p.image, ...p.thumbnails].map(baseName);
    expect(await keys()).toEqual([...names].sort());
    expect(await uploadedFiles(t)).toEqual([]);

    const res = await t.app.inject({ method: 'GET', url: p.image[0] as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    const missing = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.uploads}/ffffffffffffffffffffffffffffffff.webp`,
    });
    expect(missing.statusCode).toBe(404);

    const updated = await updateProductCall(t, token, p._id, {
      ...minimalFields,
      removedImages: [baseName(p.image[1] as string)],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await keys()).toEqual([baseName(p.image[0] as string), baseName(p.thumbnails[0] as string)].sort());

    const removed = await t.app.inject({
      method: 'POST',
      url: API_PATHS.productRemove,
      headers: { token },
      payload: { id: p._id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await keys()).toEqual([]);
  });
});
