import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { API_PATHS, type Product } from '@backroom/contract';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { addProduct, adminToken, baseName, minimalFields, updateProductCall, uploadedFiles } from './helpers/catalogue';
import { jpeg, png } from './helpers/images';

/**
 * Images in an S3-compatible bucket (S3_ENDPOINT, S3_BUCKET): a real S3 server on this machine
 * (s3rver, in this process), the real AWS SDK.
 */
// The SDK's notice that its 2027 releases will need Node 22: not this test's business.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const BUCKET = 'backroom-images';
let s3dir: string;
let server: S3rver;
let endpoint: string;
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
  endpoint = `http://127.0.0.1:${port}`;
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
