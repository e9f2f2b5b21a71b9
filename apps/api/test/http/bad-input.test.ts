import {
  API_PATHS,
  CUSTOMER_PATHS,
  INVALID_TEXT_MESSAGE,
  MESSAGES,
  type Product,
  productPath,
  productUpdatePath,
} from '@backroom/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { MEDIA_TYPE_MESSAGE, URL_MESSAGES } from '../../src/plugins/app/errors';
import { INVALID_JSON_PART, MALFORMED_MULTIPART_MESSAGE } from '../../src/plugins/app/uploads';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, minimalFields, uploadedFiles } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { adminToken } from '../helpers/users';

/*
 * The examples of issue 9 ('Bad input must never be a 500'): text PostgreSQL cannot keep (NUL,
 * a lone surrogate) is refused by the contract naming its field, and a malformed multipart form
 * is the client's fault, refused before anything is written.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.database.db);
});
afterAll(() => t.close());

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
const invalid = (field: string) => ({ success: false, message: `${field}: ${INVALID_TEXT_MESSAGE}` });

describe('text PostgreSQL cannot keep', () => {
  it('is refused in a JSON body, naming the field (POST /api/order/list)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.orderList,
      headers: { token, 'content-type': 'application/json' },
      payload: '{"searchBy":"userName","search":"a\\u0000"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalid('search'));
  });

  it('is refused in a query string (GET /api/product/list?q=a%00)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.productList}?q=a%00`, headers: { token } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalid('q'));
  });

  it('is refused inside a list (PUT /api/options with a lone surrogate)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.options,
      headers: { token, 'content-type': 'application/json' },
      payload: '{"options":[{"name":"Colors","values":["Red","\\ud800"]}]}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalid('options.0.values.1'));
  });

  it('is refused in a path parameter (GET /api/product/%00)', async () => {
    const res = await t.app.inject({ method: 'GET', url: productPath('\u0000'), headers: { token } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^id: /);
  });

  it('a path that does not decode, or a parameter far too long, is refused in the same envelope', async () => {
    for (const [url, status, message] of [
      ['/api/product/%zz', 400, URL_MESSAGES.badUrl],
      ['/api/product/%ED%A0%80', 400, URL_MESSAGES.badUrl],
      [productUpdatePath('x'.repeat(5000)), 414, URL_MESSAGES.paramTooLong],
      ['/uploads/%', 400, URL_MESSAGES.badUrl],
    ] as const) {
      const res = await t.app.inject({ method: url.includes('update') ? 'PUT' : 'GET', url, headers: { token } });
      expect(res.statusCode, url).toBe(status);
      expect(res.json(), url).toEqual({ success: false, message });
    }
  });

  it('is refused in a multipart text field, and nothing is written', async () => {
    const before = { rows: await productCount(), files: await uploadedFiles(t) };
    const form = new FormData();
    form.append('name', 'Figure\u0000');
    form.append('description', 'A test product');
    form.append('price', '19.99');
    form.append('image1', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.productAdd, headers: { token }, payload: form });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(invalid('name'));
    expect({ rows: await productCount(), files: await uploadedFiles(t) }).toEqual(before);
  });

  it('in the token header is a bad token (403), never a database error', async () => {
    for (const bad of ['a\u0000b', 'x'.repeat(43).replace(/^x/, '\u0000'), '\ud800'.repeat(43)]) {
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.userInfo, headers: { token: bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(403);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.tokenInvalid });
    }
  });
});

const BOUNDARY = 'backroom-test-boundary';
const part = (name: string, value: string, type?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;

/** A form whose last part never ends: no closing boundary. */
const unterminated =
  part('name', minimalFields.name) +
  part('description', minimalFields.description) +
  part('price', minimalFields.price) +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image1"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG`;

const malformed = [
  {
    kind: 'a part without its closing boundary',
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: unterminated,
  },
  { kind: 'multipart/form-data without a boundary', type: 'multipart/form-data', body: part('name', 'x') },
];

describe('a body in a type no call reads', () => {
  it('without Content-Type, as a form, as text/plain or as a multipart form, is a 415 that says what to send (POST /api/customer/register)', async () => {
    const body = JSON.stringify({
      name: 'Ada Lovelace',
      email: 'ada.415@example.com',
      password: 'analytical-engine-1843',
    });
    // No type, a form's (curl -d without -H) and plain text.
    for (const headers of [
      {},
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'text/plain' },
      // Multipart is parsed only on the routes that read a form (plugins/app/uploads.ts multipartParsing).
      { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.register, headers, payload: body });
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ success: false, message: MEDIA_TYPE_MESSAGE });
    }
  });
});

describe('a malformed multipart form', () => {
  let existing: Product;
  beforeAll(async () => {
    existing = await addProduct(t, token, minimalFields, { image1: await png() });
  });

  for (const { kind, type, body } of malformed) {
    it(`on add: ${kind} is a 400 and nothing is written`, async () => {
      const before = { rows: await productCount(), files: await uploadedFiles(t) };
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.productAdd,
        headers: { token, 'content-type': type },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MALFORMED_MULTIPART_MESSAGE });
      expect({ rows: await productCount(), files: await uploadedFiles(t) }).toEqual(before);
    });

    it(`on update: ${kind} is a 400 and nothing is written`, async () => {
      const before = { rows: await productCount(), files: await uploadedFiles(t) };
      const res = await t.app.inject({
        method: 'PUT',
        url: productUpdatePath(existing._id),
        headers: { token, 'content-type': type },
        payload: body.replace(minimalFields.name, 'Renamed'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MALFORMED_MULTIPART_MESSAGE });
      expect({ rows: await productCount(), files: await uploadedFiles(t) }).toEqual(before);
      const after = await t.app.inject({ method: 'GET', url: productPath(existing._id), headers: { token } });
      expect(after.json().product).toEqual(existing);
    });
  }
});

/*
 * A part may say it holds JSON (curl -F 'clothingSizes=["M"];type=application/json').
 * @fastify/multipart parses such a part itself and answered 406 for one that was not JSON; it is
 * a bad field like any other: a 400 naming it, nothing written. One that is JSON counts as its text.
 */
describe('a multipart part typed application/json', () => {
  const form = (...parts: string[]) =>
    `${part('name', 'JSON-typed figure')}${part('description', minimalFields.description)}${part('price', minimalFields.price)}${parts.join('')}--${BOUNDARY}--\r\n`;
  const call = (method: 'POST' | 'PUT', url: string, payload: string) =>
    t.app.inject({
      method,
      url,
      headers: { token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });

  it('whose text is not JSON is a 400 naming the field, on add and update, and nothing is written', async () => {
    const existing = await addProduct(t, token, minimalFields, { image1: await png() });
    const before = { rows: await productCount(), files: await uploadedFiles(t) };
    // A valid JSON-typed part before the bad one: the refusal names the bad one.
    const bad = form(
      part('clothingSizes', '["M"]', 'application/json'),
      part('canvasSizes', '["A4"', 'application/json'),
    );
    for (const [method, url] of [
      ['POST', API_PATHS.productAdd],
      ['PUT', productUpdatePath(existing._id)],
    ] as const) {
      const res = await call(method, url, bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message: `canvasSizes: ${INVALID_JSON_PART}` });
    }
    expect({ rows: await productCount(), files: await uploadedFiles(t) }).toEqual(before);
    const after = await t.app.inject({ method: 'GET', url: productPath(existing._id), headers: { token } });
    expect(after.json().product).toEqual(existing);
  });

  it('whose text is JSON is read as that text', async () => {
    const res = await call(
      'POST',
      API_PATHS.productAdd,
      form(part('clothingSizes', '["M", "L"]', 'application/json; charset=utf-8')),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.clothingSizes).toEqual(['M', 'L']);
  });
});
