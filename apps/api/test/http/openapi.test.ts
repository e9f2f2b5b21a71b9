import zlib from 'node:zlib';
import { API_PATHS, CUSTOMER_PATHS } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { openapiPath } from '../helpers/openapi-check';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * The OpenAPI document (decision 060): every route is in it, the storefront's part is public and
 * the rest only for a signed-in admin, and the reference page runs under the app's CSP. That every
 * answer of the suite matches it is checked on every test app (helpers/openapi-check.ts).
 */

type Doc = { openapi: string; paths: Record<string, Record<string, { security?: unknown[]; responses: object }>> };

let t: TestApp;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminToken = (await createSessionToken(db, (await createUser(db, { role: 'admin' })).id)).token;
  const customer = await createUser(db, { role: 'user' });
  customerToken = (await createSessionToken(db, customer.id, undefined, 'customer')).token;
});
afterAll(() => t.close());

const fetchDoc = async (headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.openapi, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Doc;
};
const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));

describe('the OpenAPI document', () => {
  it('has every route of the API with its method (a HEAD as its GET), the protected ones with the token scheme and their refusals', async () => {
    const doc = await fetchDoc({ token: adminToken });
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(operations(doc));
    const routes = t.app.routeTable.filter((r) => /^\/(api|uploads)\//.test(r.url));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      // A HEAD is described by its GET.
      const method = route.method === 'HEAD' ? 'GET' : route.method;
      const key = `${method} ${openapiPath(route.url)}`;
      expect(documented.has(key), key).toBe(true);
      const op = doc.paths[openapiPath(route.url)]?.[method.toLowerCase()];
      if (!route.public && route.url.startsWith('/api/')) {
        expect(op?.security, key).toEqual([{ token: [] }]);
        const statuses = Object.keys(op?.responses ?? {});
        expect(statuses, key).toEqual(expect.arrayContaining(['401', '403']));
        expect(
          statuses.some((s) => s.startsWith('2')),
          key,
        ).toBe(true);
      }
    }
    // Only routes: nothing the app does not answer.
    expect(documented.size).toBe(routes.filter((r) => r.method !== 'HEAD').length);
  });

  it("gives anyone the storefront's part, a customer too, and a signed-in admin all of it", async () => {
    const whole = operations(await fetchDoc({ token: adminToken }));
    for (const headers of [{}, { token: customerToken }, { token: 'not-a-token' }] as Record<string, string>[]) {
      const part = operations(await fetchDoc(headers));
      expect(part).toContain(`GET ${CUSTOMER_PATHS.me}`);
      expect(part).toContain(`POST ${CUSTOMER_PATHS.login}`);
      expect(part).toContain(`GET ${API_PATHS.openapi}`);
      expect(part).not.toContain(`GET ${API_PATHS.productList}`);
      expect(part).not.toContain(`POST ${API_PATHS.login}`);
      expect(part.every((op) => whole.includes(op))).toBe(true);
      expect(part.length).toBeLessThan(whole.length / 2);
    }
    expect(whole).toContain(`GET ${API_PATHS.productList}`);
  });

  it('gives anyone all of it with OPENAPI_PUBLIC=true', async () => {
    const whole = operations(await fetchDoc({ token: adminToken }));
    t.app.ctx.config.openapiPublic = true;
    try {
      expect(operations(await fetchDoc())).toEqual(whole);
    } finally {
      t.app.ctx.config.openapiPublic = false;
    }
  });
});

describe('the reference page at /api/docs', () => {
  it('loads its scripts from the app itself, under the CSP that allows no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_PATHS.docs });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map((s) => s[1]?.trim())).toEqual([
      `src="${API_PATHS.docs}/scalar.js"`,
      `src="${API_PATHS.docs}/docs.js"`,
    ]);
    expect(scripts.every((s) => s[2] === '')).toBe(true);
    const own = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/docs.js` });
    expect(own.headers['content-type']).toMatch(/^text\/javascript/);
    expect(own.body).toContain(API_PATHS.openapi);
    const scalar = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/scalar.js` });
    expect(scalar.statusCode).toBe(200);
    expect(scalar.headers['content-type']).toMatch(/^text\/javascript/);
    expect(scalar.body).toContain('createApiReference');
    expect(scalar.body).not.toMatch(/https:\/\/cdn\.jsdelivr/);
    expect(scalar.headers['content-encoding']).toBeUndefined();
    expect(scalar.headers.vary).toMatch(/accept-encoding/i);
    // Compressed once per encoding and sent as it is: the same text, twice the same bytes.
    for (const [asked, encoding, inflate] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const [first, second] = await Promise.all(
        [1, 2].map(() =>
          t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/scalar.js`, headers: { 'accept-encoding': asked } }),
        ),
      );
      expect(first?.headers['content-encoding']).toBe(encoding);
      // Sent as bytes made beforehand, so with their length: the compression plugin streams an
      // answer this large and sends none.
      expect(Number(first?.headers['content-length'])).toBe(first?.rawPayload.byteLength);
      expect(first?.headers['content-type']).toMatch(/^text\/javascript/);
      expect(first?.rawPayload.equals(second?.rawPayload ?? Buffer.alloc(0))).toBe(true);
      expect(first?.rawPayload.byteLength).toBeLessThan(scalar.rawPayload.byteLength / 3);
      expect(inflate(first?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(scalar.body);
    }
  });
});
