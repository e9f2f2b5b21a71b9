import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { API_PATHS, type Bundle, bundlePath, todayIn } from '@backroom/contract';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { addProduct, adminToken, baseName, minimalFields, productForm, uploadedFiles } from './helpers/catalogue';
import { jpeg, png, svgWithScript, webp } from './helpers/images';

/**
 * Bundle images in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET): a real S3 server on this
 * machine (s3rver, in this process), the real AWS SDK, as products-s3.test.ts does for products.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BUCKET = 'backroom-bundles';
let s3dir: string;
let server: S3rver;
let t: TestApp;
let token: string;
let client: S3Client;

beforeAll(async () => {
  s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  });
  token = await adminToken(t);
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
});
afterAll(async () => {
  await t.close();
  client.destroy();
  await server.close();
  await fs.rm(s3dir, { recursive: true, force: true });
});

const keys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key as string).sort();
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
