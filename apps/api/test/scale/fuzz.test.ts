import * as contract from '@backroom/contract';
import { MESSAGES } from '@backroom/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/context';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, minimalFields } from '../helpers/catalogue';
import { insertOrder } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * Hostile input on every route the app has (issue 9, 'Bad input must never be a 500'). The
 * routes come from the app's routeTable, and each route's fields from the schemas it was
 * registered with (body, querystring, params; multipart forms from the contract's *FieldsSchema),
 * so a route or a field added later is fuzzed without touching this file. Every answer must be a
 * 2xx or a 4xx; a 4xx is { success: false, message }, and a 400 about a field names it. How long
 * a call takes is reported, never asserted: speed is the bench's (npm run bench), not a test's.
 */

// The app is built while the file is collected: its routes name the tests, one per route.
const t: TestApp = await createTestApp();
let adminId: string;
let token: string;
/** A storefront customer's session, for the routes with access 'customer'. */
let customerId: string;
let customerToken: string;
/** How many times the admin's session had to be made again (a logout, or a 403 the fuzz caused). */
let sessionsMade = 0;

async function newSession() {
  token = (await createSessionToken(t.database.db, adminId)).token;
  customerToken = (await createSessionToken(t.database.db, customerId, undefined, 'customer')).token;
  sessionsMade += 1;
}

/** Ids of rows that exist (a product, an order), so that hostile values also reach real rows. */
const realIds: string[] = [];

beforeAll(async () => {
  adminId = (await createUser(t.database.db, { role: 'admin' })).id;
  customerId = (await createUser(t.database.db, { role: 'user' })).id;
  await newSession();
  realIds.push((await addProduct(t, token, minimalFields))._id, (await insertOrder(t.database.db)).id);
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG = 'x'.repeat(100_000);
const VALID_ID = '65a1b2c3d4e5f60718293a4b';

/** Text PostgreSQL cannot keep, or far too long, by kind: every field must refuse each kind. */
const BAD_TEXT_KINDS = {
  nul: ['a\u0000b', '\u0000'],
  surrogate: ['\ud800', 'x\udc00y', '\udfff\ud800'],
  long: [LONG, `${LONG}\u0000`],
};
const BAD_TEXT = Object.values(BAD_TEXT_KINDS).flat();

/*
 * Each field gets one value of each kind, not every value of every kind: the values of a kind take
 * turns (next()), field after field, so that every value is still sent, on some field of some
 * route, in every run (the order of routes and fields is the app's, the same each run).
 */
const turns = new Map<readonly unknown[], number>();
function next<T>(list: readonly T[]): T {
  const turn = turns.get(list) ?? 0;
  turns.set(list, turn + 1);
  return list[turn % list.length] as T;
}
/** One bad text of each kind (NUL, lone surrogate, too long), each kind's values taking turns. */
const badTexts = (kinds: readonly (readonly string[])[] = Object.values(BAD_TEXT_KINDS)) => kinds.map(next);

/** Text that is odd for most fields: accepted or refused, never a failure. */
const ODD_TEXT = [
  '',
  ' ',
  '../../../etc/passwd',
  "'; drop table products; --",
  '\\%_',
  '<script>alert(1)</script>',
  '😀\u202e\ufeff\u200b',
  '-1',
  '1e309',
  '2026-02-30',
  VALID_ID,
  '{"__proto__":{"x":1}}',
];
const HOSTILE_TEXT = [...BAD_TEXT, ...ODD_TEXT];

/** Values of other JSON types, for fields that expect one type: scalars, then lists and objects. */
const WRONG_SCALARS: unknown[] = [null, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER + 2, true];
const WRONG_STRUCTURES: unknown[] = [
  [],
  ['a\u0000'],
  ['\ud800', 'ok'],
  Array.from({ length: 10_000 }, (_, i) => `v${i}`),
  {},
  { nested: { deeper: ['a\u0000'] } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];
const WRONG_TYPES = [...WRONG_SCALARS, ...WRONG_STRUCTURES];
/** What one field of a JSON body is sent: one bad text of each kind, one odd text, one scalar and one structure of the wrong type. */
const hostileValues = (): unknown[] => [...badTexts(), next(ODD_TEXT), next(WRONG_SCALARS), next(WRONG_STRUCTURES)];

/** Whole bodies that are not what any JSON route takes, by kind: a JSON route gets one of each kind. */
const RAW_BODIES: { kind: string; what: string; type?: string; body: string | Buffer }[] = [
  { kind: 'broken JSON', what: 'bad JSON', type: 'application/json', body: '{"a":' },
  { kind: 'broken JSON', what: 'a lone brace', type: 'application/json', body: '{' },
  { kind: 'not an object', what: 'JSON null', type: 'application/json', body: 'null' },
  { kind: 'not an object', what: 'a JSON array', type: 'application/json', body: '[1,2]' },
  { kind: 'not an object', what: 'a JSON string', type: 'application/json', body: '"text"' },
  { kind: 'not an object', what: 'a JSON number', type: 'application/json', body: '12' },
  { kind: 'broken JSON', what: 'an empty JSON body', type: 'application/json', body: '' },
  { kind: 'prototype keys', what: '__proto__', type: 'application/json', body: '{"__proto__":{"polluted":true}}' },
  {
    kind: 'prototype keys',
    what: 'constructor.prototype',
    type: 'application/json',
    body: '{"constructor":{"prototype":{"x":1}}}',
  },
  { kind: 'bad bytes', what: 'a raw NUL byte in a string', type: 'application/json', body: '{"name":"a\u0000"}' },
  {
    kind: 'bad bytes',
    what: 'a surrogate as raw bytes',
    type: 'application/json',
    body: Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  },
  {
    kind: 'bad bytes',
    what: 'invalid UTF-8',
    type: 'application/json',
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
  },
  { kind: 'deep', what: 'deep nesting', type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { kind: 'deep', what: 'deep objects', type: 'application/json', body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  { kind: 'another type', what: 'JSON as UTF-16', type: 'application/json; charset=utf-16', body: '{}' },
  { kind: 'another type', what: 'plain text', type: 'text/plain', body: 'hello' },
  { kind: 'another type', what: 'XML', type: 'application/xml', body: '<a/>' },
  { kind: 'another type', what: 'a form', type: 'application/x-www-form-urlencoded', body: 'a=1&b=%00' },
  { kind: 'another type', what: 'no content type', body: '{"a":1}' },
  { kind: 'another type', what: 'a made-up type', type: 'x/\u00e9; q=\u0000', body: '{}' },
];

const BOUNDARY = 'fuzz-boundary';
const part = (name: string, value: string, extra = '') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
const fileHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const END = `--${BOUNDARY}--\r\n`;
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

/** Multipart bodies a client should never send. */
const MULTIPART_GARBAGE: { what: string; type: string; body: string | Buffer }[] = [
  { what: 'no boundary', type: 'multipart/form-data', body: part('name', 'x') + END },
  { what: 'an empty boundary', type: 'multipart/form-data; boundary=', body: part('name', 'x') + END },
  { what: 'no closing boundary', type: FORM, body: part('name', 'x') + part('description', 'y') },
  { what: 'a file without its end', type: FORM, body: `${part('name', 'x')}${fileHead('image1')}\x89PNG` },
  {
    what: 'another boundary',
    type: FORM,
    body: '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--',
  },
  { what: 'no headers', type: FORM, body: `--${BOUNDARY}\r\n\r\nvalue\r\n${END}` },
  {
    what: 'a part without a name',
    type: FORM,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nv\r\n${END}`,
  },
  { what: 'a __proto__ field', type: FORM, body: part('__proto__', '{"x":1}') + END },
  { what: 'a constructor field', type: FORM, body: part('constructor', 'x') + part('name', 'y') + END },
  { what: 'a NUL in a field name', type: FORM, body: part('na\u0000me', 'x') + END },
  { what: 'a huge field name', type: FORM, body: part('n'.repeat(100_000), 'x') + END },
  { what: 'a huge header', type: FORM, body: part('name', 'x', `; x="${'h'.repeat(100_000)}"`) + END },
  {
    what: 'a JSON-typed field that is not JSON',
    type: FORM,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="accessories"\r\nContent-Type: application/json\r\n\r\n{bad\r\n${END}`,
  },
  {
    what: 'a file that is not an image',
    type: FORM,
    body: `${part('name', 'x')}${fileHead('image1')}not an image\r\n${END}`,
  },
  { what: 'a file under an unknown field', type: FORM, body: `${fileHead('whatever')}\x89PNG\r\n${END}` },
  { what: 'the same field twice', type: FORM, body: part('name', 'x') + part('name', 'y') + END },
  {
    what: 'three hundred parts',
    type: FORM,
    body: Array.from({ length: 300 }, (_, i) => part(`f${i}`, 'x')).join('') + END,
  },
  { what: 'only the closing boundary', type: FORM, body: END },
  { what: 'nothing', type: FORM, body: '' },
  { what: 'binary noise', type: FORM, body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) },
];

/**
 * Hostile path parameter values, as they appear in the URL (already encoded, or raw on purpose), by
 * kind: NUL, a way out, bad encodings, too long, and ids that look right or nearly.
 */
const HOSTILE_PARAM_KINDS = [
  ['%00', 'a%00', '65a1b2c3d4e5f60718293a4b%00'],
  ['..', '%2e%2e', '..%2F..%2Fetc%2Fpasswd'],
  ['%ED%A0%80', '%C0%80', '%', '%zz'],
  ['x'.repeat(10_000)],
  ['65a1b2c3d4e5f60718293a4b', '65A1B2C3D4E5F60718293A4B', 'null', '-1', '%20', '%F0%9F%98%80'],
];

/** Hostile query values, already encoded, by kind: NUL, a lone surrogate, bad encodings, empty or too long. */
const HOSTILE_QUERY_KINDS = [
  ['%00', 'a%00'],
  ['%ED%A0%80', '%ED%B0%80'],
  ['%C0%80', '%', '%zz', '%FF'],
  ['', 'x'.repeat(100_000)],
];

// ---------------------------------------------------------------------------------------------
// Reading fields out of a route's zod schemas

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}
const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as ZodLike)._zod?.def === 'object';

/** The wrapped schema of optional, default, pipe and the like: what the value is checked as. */
function inner(schema: ZodLike): ZodLike | undefined {
  const def = schema._zod.def;
  for (const key of ['innerType', 'out', 'schema', 'getter'] as const) {
    const next = def[key];
    if (isZod(next)) return next;
  }
  return undefined;
}

/** The fields of the object a schema checks, by name, looking through wrappers, pipes and unions. */
function fieldSchemas(schema: unknown): Record<string, unknown> {
  if (!isZod(schema)) return {};
  const def = schema._zod.def;
  if (def.type === 'object') return { ...(def.shape as Record<string, unknown>) };
  if (def.type === 'union') return Object.assign({}, ...(def.options as unknown[]).map(fieldSchemas).reverse());
  if (def.type === 'pipe') return { ...fieldSchemas(def.out), ...fieldSchemas(def.in) };
  const next = inner(schema);
  return next ? fieldSchemas(next) : {};
}
const fieldNames = (schema: unknown) => Object.keys(fieldSchemas(schema));

/**
 * A value shaped like the schema with every text in it set to `leaf`: objects with every key,
 * lists of one, the first choice of an enum, JSON-in-text fields as JSON text.
 */
function shaped(schema: unknown, leaf: string, depth = 0): unknown {
  if (!isZod(schema) || depth > 12) return leaf;
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return leaf;
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
    case 'set':
      return [shaped(def.element, leaf, depth + 1)];
    case 'tuple':
      return (def.items as unknown[]).map((item) => shaped(item, leaf, depth + 1));
    case 'record':
      return { [leaf]: shaped(def.valueType, leaf, depth + 1) };
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, shaped(v, leaf, depth + 1)]),
      );
    case 'union':
      return shaped((def.options as unknown[])[0], leaf, depth + 1);
    case 'pipe': {
      // Text that is parsed into something else (a JSON field): the text of that something.
      const into = shaped(def.in, leaf, depth + 1);
      const out = shaped(def.out, leaf, depth + 1);
      return typeof into === 'string' && typeof out === 'object' && out !== null ? JSON.stringify(out) : into;
    }
    default: {
      const next = inner(schema);
      return next ? shaped(next, leaf, depth + 1) : leaf;
    }
  }
}

/** The multipart forms the contract describes (addProductFieldsSchema, updateProductFieldsSchema, …). */
const MULTIPART_SCHEMAS = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('FieldsSchema') && isZod(value))
  .map(([, value]) => value);

// ---------------------------------------------------------------------------------------------
// Calling and checking

interface Case {
  route: RouteEntry;
  what: string;
  url: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
  /** A 400 must name the field it is about ('field: problem'). */
  namesField?: boolean;
}

interface Finding {
  call: string;
  status: number;
  problem: string;
}

const findings: Finding[] = [];
let calls = 0;
const statuses = new Map<number, number>();
/** The slowest call so far, for the log only. */
let slowest = { ms: 0, call: '' };

const describeCase = (c: Case) => `${c.route.method} ${c.url.slice(0, 120)} (${c.what.slice(0, 80)})`;

function problemWith(c: Case, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 200 || res.statusCode >= 500 || (res.statusCode >= 300 && res.statusCode < 400)) {
    return `answered ${res.statusCode}, neither 2xx nor 4xx`;
  }
  if (res.statusCode < 400 || c.route.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 100)}`;
  }
  const { success, message } = (body ?? {}) as { success?: unknown; message?: unknown };
  if (success !== false || typeof message !== 'string' || message === '') {
    return `answered ${res.statusCode} without { success: false, message }: ${res.body.slice(0, 200)}`;
  }
  if (res.statusCode === 400 && c.namesField && !/^[^\s:][^:]*: \S/.test(message)) {
    return `a 400 that names no field: ${message.slice(0, 200)}`;
  }
  return null;
}

async function run(c: Case): Promise<void> {
  const send = () =>
    t.app.inject({
      method: c.route.method as InjectOptions['method'],
      url: c.url,
      headers: { token: c.route.access === 'customer' ? customerToken : token, ...c.headers },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
  let started = performance.now();
  let res = await send();
  let ms = performance.now() - started;
  // A logout (or anything else) that ended the session: a new one, and the call again.
  if (res.statusCode === 403 && c.route.method !== 'HEAD' && res.json().message === MESSAGES.tokenInvalid) {
    await newSession();
    started = performance.now();
    res = await send();
    ms = performance.now() - started;
  }
  calls += 1;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (ms > slowest.ms) slowest = { ms, call: describeCase(c) };
  const problem = problemWith(c, res);
  if (problem) findings.push({ call: describeCase(c), status: res.statusCode, problem });
}

// ---------------------------------------------------------------------------------------------
// The cases of one route

/** The route's URL with every parameter filled with a harmless value, or one of them with `value`. */
function urlOf(route: RouteEntry, param?: { name: string; value: string }): string {
  return route.url
    .replace(/:(\w+)/g, (_, name: string) => (param?.name === name ? param.value : VALID_ID))
    .replace(/\*$/, param?.name === '*' ? param.value : 'index.html');
}
const paramNames = (route: RouteEntry) => [
  ...[...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
  ...(route.url.endsWith('*') ? ['*'] : []),
];
const takesBody = (route: RouteEntry) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

/** Percent-encodes any string, a lone surrogate included (as its UTF-8 replacement). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** The choices of an enum field (looking through optional and the like), or none. */
function enumChoices(schema: unknown): unknown[] {
  if (!isZod(schema)) return [];
  if (schema._zod.def.type === 'enum') return Object.values(schema._zod.def.entries as Record<string, unknown>);
  const next = inner(schema);
  return next ? enumChoices(next) : [];
}

/** A field that holds more than text (a list, an object, JSON in a form field): worth filling in depth. */
function isStructured(schema: unknown): boolean {
  const value = shaped(schema, 'LEAF');
  return typeof value === 'object'
    ? value !== null
    : typeof value === 'string' && value !== 'LEAF' && value.includes('LEAF');
}

/** A body a JSON parser refuses before any field is read (__proto__, constructor.prototype). */
const poisoned = (payload: string) => /"__proto__"|"constructor":\{"prototype"/.test(payload);

/** Each kind of a list of entries that have one: its entries. */
function byKind<T extends { kind: string }>(entries: readonly T[]): T[][] {
  const kinds = new Map<string, T[]>();
  for (const entry of entries) kinds.set(entry.kind, [...(kinds.get(entry.kind) ?? []), entry]);
  return [...kinds.values()];
}
const RAW_BODY_KINDS = byKind(RAW_BODIES);
/** Keys no route takes, and what they are sent with. */
const UNKNOWN_KEYS = ['unknownField', '__proto__', 'constructor'];
const UNKNOWN_KEY_VALUES: unknown[] = ['a\u0000', 1, { prototype: { x: 1 } }];

/**
 * The route's JSON body schema: none for a route that reads a multipart form, whose body schema
 * only describes the form in the OpenAPI document (http-answers.ts multipartForm).
 */
function jsonBody(route: RouteEntry): unknown {
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.includes('multipart/form-data') ? undefined : route.schema?.body;
}

function jsonCases(route: RouteEntry): Case[] {
  const schema = jsonBody(route);
  const url = urlOf(route);
  const json = (what: string, value: unknown): Case => {
    const payload = JSON.stringify(value);
    const headers = { 'content-type': 'application/json' };
    return { route, what, url, headers, payload, namesField: !poisoned(payload) };
  };
  const cases: Case[] = [];
  const fields = fieldSchemas(schema);
  const whole = shaped(schema, 'ok') as Record<string, unknown>;
  const show = (value: unknown) => String(JSON.stringify(value)).slice(0, 40);
  for (const [field, fieldSchema] of Object.entries(fields)) {
    for (const value of hostileValues()) cases.push(json(`${field} = ${show(value)}`, { ...whole, [field]: value }));
    // A list or object field filled, in depth, with bad text.
    if (isStructured(fieldSchema)) {
      for (const leaf of badTexts())
        cases.push(json(`${field} holding ${show(leaf)}`, { ...whole, [field]: shaped(fieldSchema, leaf) }));
    }
  }
  // Bad text with a real id in the id fields, one enum field set to one of its choices and nothing
  // else: a search only searches with its searchBy set, a tracking number is only kept on a real
  // order, so the text must get that far with nothing else wrong in the body. Every choice of every
  // enum and every other field have their turn (not every choice with every field and every id).
  const idFields = Object.keys(fields).filter((f) => /(^|[a-z])(id|Id)$/.test(f));
  for (const [other, choices] of Object.entries(fields).map(([f, fs]) => [f, enumChoices(fs)] as const)) {
    const texts = Object.keys(fields).filter((f) => f !== other && !idFields.includes(f));
    if (choices.length === 0 || texts.length === 0) continue;
    for (let i = 0; i < Math.max(choices.length, texts.length); i += 1) {
      const [choice, field] = [choices[i % choices.length], texts[i % texts.length] as string];
      const ids = Object.fromEntries(idFields.map((f) => [f, next(realIds)]));
      const leaf = next(BAD_TEXT);
      cases.push(json(`${other} = ${choice}, ${field} = ${show(leaf)}`, { ...ids, [other]: choice, [field]: leaf }));
    }
  }
  // A key no route takes (each route one, in turn), as '__proto__' and 'constructor' are.
  const key = next(UNKNOWN_KEYS);
  const keyValue = next(UNKNOWN_KEY_VALUES);
  cases.push(json(`${key} = ${show(keyValue)}`, { ...whole, [key]: keyValue }));
  // Every text in the body at once, nested lists and objects included.
  if (schema) {
    for (const leaf of [...badTexts(), next(ODD_TEXT)])
      cases.push(json(`every text ${show(leaf)}`, shaped(schema, leaf)));
  }
  const body = next(WRONG_TYPES);
  cases.push(json(`a body of ${show(body)}`, body));
  // Whole bodies no JSON route takes, one of each kind, and one multipart body (the forms' routes get them all).
  for (const raw of [...RAW_BODY_KINDS.map(next), next(MULTIPART_GARBAGE)]) {
    cases.push({
      route,
      what: raw.what,
      url,
      headers: raw.type ? { 'content-type': raw.type } : {},
      payload: raw.body,
    });
  }
  return cases;
}

const formBody = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .map(([name, value]) => part(name, typeof value === 'string' ? value : JSON.stringify(value)))
    .join('') + END;

/** The multipart fields the contract knows, each with the form it belongs to (the first that has it). */
function formFields(): { field: string; fieldSchema: unknown; whole: Record<string, unknown> }[] {
  const seen = new Set<string>();
  return MULTIPART_SCHEMAS.flatMap((schema) => {
    const whole = shaped(schema, 'ok') as Record<string, unknown>;
    return Object.entries(fieldSchemas(schema))
      .filter(([field]) => !seen.has(field) && Boolean(seen.add(field)))
      .map(([field, fieldSchema]) => ({ field, fieldSchema, whole }));
  });
}

/** A form is slow to make and read: per field the short bad texts; the long ones come in the whole form. */
const SHORT_BAD_TEXT_KINDS = [BAD_TEXT_KINDS.nul, BAD_TEXT_KINDS.surrogate];
const FORM_ODD_TEXT = ['', '-1', '1e309', '[]', '{"__proto__":{"x":1}}'];

/** The cases of a route that reads a multipart form (it answered a JSON body notMultipart). */
function multipartCases(route: RouteEntry): Case[] {
  const url = urlOf(route);
  const form = (what: string, fields: Record<string, unknown>): Case => ({
    route,
    what,
    url,
    headers: { 'content-type': FORM },
    payload: formBody(fields),
    namesField: true,
  });
  const cases: Case[] = [];
  const show = (value: string) => JSON.stringify(value.slice(0, 20));
  for (const { field, fieldSchema, whole } of formFields()) {
    for (const leaf of [...badTexts(SHORT_BAD_TEXT_KINDS), next(FORM_ODD_TEXT)])
      cases.push(form(`${field} = ${show(leaf)}`, { ...whole, [field]: leaf }));
    if (isStructured(fieldSchema)) {
      for (const leaf of badTexts(SHORT_BAD_TEXT_KINDS))
        cases.push(form(`${field} holding ${show(leaf)}`, { ...whole, [field]: shaped(fieldSchema, leaf) }));
    }
  }
  for (const schema of MULTIPART_SCHEMAS) {
    for (const leaf of [...badTexts(), next(ODD_TEXT)])
      cases.push(form(`every form text ${show(leaf)}`, shaped(schema, leaf) as Record<string, unknown>));
  }
  for (const raw of MULTIPART_GARBAGE) {
    cases.push({
      route,
      what: `multipart: ${raw.what}`,
      url,
      headers: { 'content-type': raw.type },
      payload: raw.body,
    });
  }
  return cases;
}

function queryCases(route: RouteEntry): Case[] {
  const base = urlOf(route);
  const cases: Case[] = [];
  const add = (what: string, query: string) => cases.push({ route, what, url: `${base}?${query}`, namesField: true });
  for (const field of fieldNames(route.schema?.querystring)) {
    for (const value of HOSTILE_QUERY_KINDS.map(next)) add(`?${field}=${value.slice(0, 20)}`, `${field}=${value}`);
    for (const value of [next(BAD_TEXT), next(ODD_TEXT)])
      add(`?${field}=${JSON.stringify(value.slice(0, 20))}`, `${field}=${encode(value)}`);
    add(`?${field} twice`, `${field}=a&${field}=b`);
    add(`?${field}[x]`, `${field}[x]=1&${field}[__proto__][y]=2`);
    add(`?${field} without a value`, field);
  }
  const unknown = next(UNKNOWN_KEYS);
  add(`?${unknown}`, `${unknown}=a%00`);
  add('a broken query', '&&=&%&=%00&%ED%A0%80=1');
  return cases;
}

/** Each parameter: one hostile value of each kind, and every real id (each once per route). */
function paramCases(route: RouteEntry): Case[] {
  return paramNames(route).flatMap((name) =>
    [...HOSTILE_PARAM_KINDS.map(next), ...realIds].map((value) => ({
      route,
      what: `:${name} = ${value.slice(0, 30)}`,
      url: urlOf(route, { name, value }),
      namesField: true,
    })),
  );
}

/** A route without a JSON body schema that reads a multipart form: a JSON body is refused as not multipart. */
async function readsForm(route: RouteEntry): Promise<boolean> {
  if (!takesBody(route) || jsonBody(route)) return false;
  const res = await t.app.inject({
    method: route.method as InjectOptions['method'],
    url: urlOf(route),
    headers: { token: route.access === 'customer' ? customerToken : token, 'content-type': 'application/json' },
    payload: '{}',
  });
  return res.statusCode === 415 && res.json().message === MESSAGES.notMultipart;
}

function casesOf(route: RouteEntry, form: boolean): Case[] {
  const cases = paramCases(route);
  // HEAD answers as GET does, without a body: its parameters are enough.
  if (route.method === 'HEAD') return cases;
  cases.push(...queryCases(route));
  if (!takesBody(route)) return cases;
  return [...cases, ...jsonCases(route), ...(form ? multipartCases(route) : [])];
}

// ---------------------------------------------------------------------------------------------

const routes = () => t.app.routeTable.filter((r) => r.method !== 'OPTIONS');
/** The routes found to read a multipart form. */
const formRoutes: string[] = [];
/** Logout last, so the fuzz does not keep ending its own session (it makes a new one if it does). */
const fuzzed = routes().sort((a, b) => Number(a.url.includes('logout')) - Number(b.url.includes('logout')));

describe('every route, with hostile input', () => {
  it('knows the routes and their fields', async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(15);
    // The reading of schemas works: the calls of the examples have their fields.
    const find = (method: string, url: string) => all.find((r) => r.method === method && r.url === url);
    expect(fieldNames(find('POST', contract.API_PATHS.orderList)?.schema?.body)).toContain('search');
    expect(fieldNames(find('GET', contract.API_PATHS.productList)?.schema?.querystring)).toContain('q');
    expect(fieldNames(find('PUT', contract.API_PATHS.options)?.schema?.body)).toEqual(['options']);
    expect(MULTIPART_SCHEMAS.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(shaped(find('PUT', contract.API_PATHS.options)?.schema?.body, 'L'))).toBe(
      '{"options":[{"name":"L","values":["L"]}]}',
    );
    // The routes that read a form are found by asking them, and only they get the form's cases.
    for (const [method, url] of [
      ['POST', contract.API_PATHS.productAdd],
      ['PUT', contract.API_PATHS.productUpdate],
      ['POST', contract.API_PATHS.bundleCreate],
    ] as const) {
      expect(await readsForm(find(method, url) as RouteEntry), `${method} ${url}`).toBe(true);
    }
    expect(await readsForm(find('POST', contract.API_PATHS.orderList) as RouteEntry)).toBe(false);
  });

  describe('never answers a 5xx, and refuses with { success: false, message } naming the field', () => {
    for (const route of fuzzed) {
      it(`${route.method} ${route.url}`, async () => {
        findings.length = 0;
        const form = await readsForm(route);
        if (form) formRoutes.push(`${route.method} ${route.url}`);
        for (const c of casesOf(route, form)) await run(c);
        expect(findings, JSON.stringify(findings.slice(0, 30), null, 2)).toEqual([]);
      });
    }

    it('all told: mostly refused, something got through, and the logout did end the session', () => {
      expect(calls).toBeGreaterThan(1500);
      // Every hostile value of every kind was sent, on some field of some route.
      const lists: (readonly unknown[])[] = [
        ...Object.values(BAD_TEXT_KINDS),
        BAD_TEXT,
        ODD_TEXT,
        WRONG_SCALARS,
        WRONG_STRUCTURES,
        WRONG_TYPES,
        ...RAW_BODY_KINDS,
        MULTIPART_GARBAGE,
        ...HOSTILE_PARAM_KINDS,
        ...HOSTILE_QUERY_KINDS,
        FORM_ODD_TEXT,
        UNKNOWN_KEYS,
        UNKNOWN_KEY_VALUES,
        realIds,
      ];
      for (const list of lists)
        expect(turns.get(list) ?? 0, JSON.stringify(list).slice(0, 80)).toBeGreaterThanOrEqual(list.length);
      expect(formRoutes).toContain(`POST ${contract.API_PATHS.productAdd}`);
      // Hostile input is mostly refused, and at least something gets through to the handlers.
      expect(statuses.get(400)).toBeGreaterThan(calls / 3);
      expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
      // The logout route did end the session (and the fuzz went on with a new one).
      expect(sessionsMade).toBeGreaterThan(1);
      console.info(
        `fuzz: ${calls} calls (${formRoutes.length} routes read a form), the slowest ${Math.round(slowest.ms)} ms: ${slowest.call}`,
      );
    });
  });

  it('holds for generated values too (fast-check, seeded)', async () => {
    const list = routes().filter((r) => !r.url.includes('logout'));
    const codeUnits = fc.string({
      unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
      maxLength: 40,
    });
    // Short texts only, so that a counterexample stays readable (the long ones are in the table).
    const short = HOSTILE_TEXT.filter((v) => v.length < 100);
    // Any code point, as fc.string's unit 'binary' makes them, but without the reverse map of all
    // 1.1 million code points that unit builds (some 6 s of a loaded machine's CPU, and its memory).
    const codePoints = fc.string({
      unit: fc.integer({ min: 0, max: 0x10ffff }).map((n) => String.fromCodePoint(n)),
      maxLength: 40,
    });
    const text = fc.oneof(codeUnits, codePoints, fc.constantFrom(...short));
    const value = fc.oneof(text, fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...short, ...WRONG_TYPES.slice(0, 10)));
    findings.length = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: list.length - 1 }),
        fc.constantFrom('body', 'query', 'param', 'form'),
        fc.nat(),
        text,
        value,
        async (index, where, pick, leaf, hostile) => {
          const route = list[index] as RouteEntry;
          const params = paramNames(route);
          let c: Case;
          if (where === 'param' && params.length > 0) {
            const name = params[pick % params.length] as string;
            c = {
              route,
              what: `:${name} generated`,
              url: urlOf(route, { name, value: encode(leaf) }),
              namesField: true,
            };
          } else if (where === 'query' || !takesBody(route)) {
            const fields = [...fieldNames(route.schema?.querystring), 'other'];
            const field = fields[pick % fields.length] as string;
            c = {
              route,
              what: `?${field} generated`,
              url: `${urlOf(route)}?${field}=${encode(leaf)}`,
              namesField: true,
            };
          } else if (where === 'form' && !jsonBody(route)) {
            const schema = MULTIPART_SCHEMAS[pick % MULTIPART_SCHEMAS.length];
            const payload = formBody(shaped(schema, leaf) as Record<string, unknown>);
            c = {
              route,
              what: 'generated form',
              url: urlOf(route),
              headers: { 'content-type': FORM },
              payload,
              namesField: true,
            };
          } else {
            const schema = jsonBody(route);
            const fields = [...fieldNames(schema), 'other'];
            const field = fields[pick % fields.length] as string;
            const payload = JSON.stringify({ ...(shaped(schema, leaf) as object), [field]: hostile });
            const headers = { 'content-type': 'application/json' };
            c = {
              route,
              what: `generated ${field}`,
              url: urlOf(route),
              headers,
              payload,
              namesField: !poisoned(payload),
            };
          }
          await run(c);
          const found = findings.pop();
          if (found) throw new Error(JSON.stringify(found).slice(0, 500));
        },
      ),
      { seed: 20261124, numRuns: 600 },
    );
    expect(findings).toEqual([]);
  });
});
