import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API_PATHS, EXPORT_PATHS, EXPORT_TOTAL_HEADER, type OrderListResponse } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../src/plugins/infrastructure/compression';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { readCsv } from '../helpers/exports';
import { insertOrder, orderCall } from '../helpers/orders';

/*
 * Compressed answers (issue 23, decision 052): the admin's assets as built, brotli or gzip per
 * Accept-Encoding with Vary, the file itself otherwise; JSON above the threshold compressed, below
 * it not; a CSV export compressed as it streams, intact once decompressed.
 */

let t: TestApp;
let token: string;
let dist: string;
/** An asset as the admin's build leaves it: the file, its .br and its .gz (apps/admin/precompress.ts). */
const ASSET = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const ORDERS = 40;

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
};
const vary = (headers: Record<string, unknown>) => String(headers.vary ?? '').toLowerCase();

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Backroom</title><div id="root"></div>');
  const asset = path.join(dist, 'assets', 'app-abc123.js');
  await fs.writeFile(asset, ASSET);
  await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(ASSET));
  await fs.writeFile(`${asset}.gz`, zlib.gzipSync(ASSET));
  t = await createTestApp({ ADMIN_DIST: dist });
  token = await adminToken(t);
  for (let i = 0; i < ORDERS; i += 1) {
    await insertOrder(t.database.db, { firstName: `Buyer${i}`, lastName: 'Compressed', email: `buyer${i}@shop.test` });
  }
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('the built admin', () => {
  it.each([
    ['br', 'br, gzip, deflate'],
    ['gzip', 'gzip'],
  ])('sends an asset as %s when the client accepts it, with Vary and the asset cache', async (encoding, accept) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(vary(res.headers)).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 2);
    expect(decode(encoding, res.rawPayload)).toBe(ASSET);
  });

  it('sends the asset itself when no encoding is accepted, still with Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(vary(res.headers)).toContain('accept-encoding');
      expect(res.body).toBe(ASSET);
    }
  });

  it('keeps index.html uncached, for a screen path too', async () => {
    for (const url of ['/', '/orders']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode(res.headers['content-encoding'] as string | undefined, res.rawPayload)).toContain(
        '<div id="root">',
      );
    }
  });
});

describe('JSON answers', () => {
  const list = (accept: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.orderList,
      headers: { token, ...(accept ? { 'accept-encoding': accept } : {}) },
      payload: body,
    });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])('a big list is compressed (%s) and decodes to the same answer', async (encoding, accept) => {
    const plain = await list(undefined, { page: 1, pageSize: 100 });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES * 4);
    const res = await list(accept, { page: 1, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(vary(res.headers)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const body = JSON.parse(decode(encoding, res.rawPayload)) as OrderListResponse;
    expect(body.orders).toHaveLength(ORDERS);
    expect(body).toEqual(plain.json());
  });

  it('a small answer goes as it is', async () => {
    // A page past the end: no orders, the total only.
    const res = await list('br, gzip', { page: 99, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect((res.json() as OrderListResponse).orders).toEqual([]);
  });
});

describe('CSV exports', () => {
  it('streams the file compressed when the client accepts it, its rows intact', async () => {
    const plain = await t.app.inject({ method: 'GET', url: EXPORT_PATHS.orderExport, headers: { token } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, accept] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: EXPORT_PATHS.orderExport,
        headers: { token, 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      expect(res.headers[EXPORT_TOTAL_HEADER.toLowerCase()]).toBe(String(ORDERS));
      const text = decode(encoding, res.rawPayload);
      expect(text).toBe(plain.body);
      expect(readCsv(text)).toHaveLength(ORDERS);
    }
  });
});

it('compresses nothing when COMPRESSION=off', async () => {
  const off = await createTestApp({ COMPRESSION: 'off' });
  try {
    const offToken = await adminToken(off);
    for (let i = 0; i < 20; i += 1) await insertOrder(off.database.db, { lastName: 'Uncompressed' });
    const res = await orderCall(off, offToken, API_PATHS.orderList, { page: 1, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  } finally {
    await off.close();
  }
});
