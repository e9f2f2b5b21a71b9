import {
  API_PATHS,
  EVENTS,
  MESSAGES,
  PRODUCT_TAGS,
  SETTINGS_MESSAGES,
  type SettingsUpdatedEvent,
  type VisibilitySettings,
} from '@backroom/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/* GET and PUT /api/settings. */

let t: TestApp;
let token: string;
let otherToken: string;
let customerToken: string;
let socket: Socket;
let otherSocket: Socket;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  const other = await createUser(t.database.db, { role: 'admin' });
  otherToken = (await createSessionToken(t.database.db, other.id)).token;
  const customer = await createUser(t.database.db, { role: 'user' });
  customerToken = (await createSessionToken(t.database.db, customer.id)).token;
  socket = await adminSocket(t, token);
  otherSocket = await adminSocket(t, otherToken);
});
afterAll(async () => {
  socket?.disconnect();
  otherSocket?.disconnect();
  await t.close();
});

const call = (method: 'GET' | 'PUT', payload?: unknown, as: string | null = token) =>
  t.app.inject({
    method,
    url: API_PATHS.settings,
    headers: as === null ? {} : { token: as },
    ...(payload !== undefined && { payload: payload as object }),
  });
const current = async () => (await call('GET')).json().settings as VisibilitySettings;
const reset = { hiddenCategories: [], hiddenProductTags: [], showSupportInOrders: true };

describe('GET /api/settings', () => {
  it('starts with everything visible and Contact Support shown', async () => {
    const res = await call('GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: {
        hiddenCategories: [],
        hiddenProductTags: [],
        showSupportInOrders: true,
        lowStockThreshold: 5,
        updatedAt: expect.any(String),
      },
    });
  });

  it('makes the row again with the defaults should it be gone', async () => {
    await t.database.db.delete(shopSettings);
    expect(await current()).toMatchObject(reset);
  });

  it('needs an admin: no token 401, a customer 403', async () => {
    expect((await call('GET', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', undefined, customerToken)).statusCode).toBe(403);
  });
});

describe('PUT /api/settings', () => {
  it('saves the whole state, answers it, and every admin screen hears it', async () => {
    const body = {
      hiddenCategories: [' Fidgets ', 'Figures', 'Fidgets'],
      hiddenProductTags: ['vaulted', 'preOrder', 'vaulted'],
      showSupportInOrders: false,
      lowStockThreshold: 3,
    };
    const told = nextEvent<SettingsUpdatedEvent>(otherSocket, EVENTS.settingsUpdated);
    const res = await call('PUT', body);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      hiddenCategories: ['Fidgets', 'Figures'],
      hiddenProductTags: ['vaulted', 'preOrder'],
      showSupportInOrders: false,
      lowStockThreshold: 3,
    };
    const answer = res.json();
    expect(answer).toEqual({
      success: true,
      message: MESSAGES.visibilityUpdated,
      settings: { ...expected, updatedAt: expect.any(String) },
    });
    expect(await current()).toEqual(answer.settings);
    expect((await told).settings).toEqual(answer.settings);
    expect((await call('PUT', reset)).statusCode).toBe(200);
  });

  it('takes showSupportInOrders as true when absent', async () => {
    await call('PUT', { ...reset, showSupportInOrders: false });
    const res = await call('PUT', { hiddenCategories: [], hiddenProductTags: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.showSupportInOrders).toBe(true);
  });

  it('accepts every product tag', async () => {
    const res = await call('PUT', { ...reset, hiddenProductTags: [...PRODUCT_TAGS] });
    expect(res.json().settings.hiddenProductTags).toEqual([...PRODUCT_TAGS]);
    await call('PUT', reset);
  });

  it('refuses bad inputs, naming the field, and keeps what was stored', async () => {
    const before = await current();
    const cases: [unknown, RegExp][] = [
      [{ hiddenProductTags: [] }, /^hiddenCategories: /],
      [{ hiddenCategories: [] }, /^hiddenProductTags: /],
      [{ ...reset, hiddenProductTags: ['sparkly'] }, /^hiddenProductTags\.0: must hold only bestseller/],
      [{ ...reset, hiddenCategories: 'Figures' }, /^hiddenCategories: must be a list of category names/],
      [{ ...reset, hiddenCategories: [''] }, /^hiddenCategories\.0: must not hold a blank name/],
      [{ ...reset, hiddenCategories: ['x'.repeat(101)] }, /^hiddenCategories\.0: must hold names of at most 100/],
      [
        { ...reset, hiddenCategories: Array.from({ length: 101 }, (_, i) => `C${i}`) },
        /^hiddenCategories: must hold at most 100/,
      ],
      [{ ...reset, hiddenProductTags: [...PRODUCT_TAGS, 'vaulted'] }, /^hiddenProductTags: must hold at most 8/],
      [{ ...reset, showSupportInOrders: 'yes' }, /^showSupportInOrders: must be true or false/],
      [{ ...reset, updatedAt: 'yesterday' }, /^updatedAt: /],
      [{ ...reset, theme: 'dark' }, /^theme: is not allowed/],
      [{ ...reset, hiddenCategories: ['a\u0000'] }, /^hiddenCategories\.0: contains an invalid character/],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await current()).toEqual(before);
  });

  it('needs an admin: no token 401, a customer 403', async () => {
    expect((await call('PUT', reset, null)).statusCode).toBe(401);
    expect((await call('PUT', reset, customerToken)).statusCode).toBe(403);
  });

  it('refuses a change made on stale settings (409) instead of silently undoing the other admin\u2019s', async () => {
    const seen = await current(); // both admins' screens show this version
    const first = await call('PUT', { ...reset, hiddenCategories: ['Figures'], updatedAt: seen.updatedAt }, otherToken);
    expect(first.statusCode).toBe(200);
    const second = await call('PUT', { ...reset, hiddenProductTags: ['vaulted'], updatedAt: seen.updatedAt });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, message: SETTINGS_MESSAGES.staleSettings });
    expect(await current()).toMatchObject({ hiddenCategories: ['Figures'], hiddenProductTags: [] });
    // Made again on the version it now shows, it goes through with both changes.
    const fresh = first.json().settings as VisibilitySettings;
    const again = await call('PUT', {
      hiddenCategories: fresh.hiddenCategories,
      hiddenProductTags: ['vaulted'],
      showSupportInOrders: true,
      updatedAt: fresh.updatedAt,
    });
    expect(again.statusCode).toBe(200);
    expect(await current()).toMatchObject({ hiddenCategories: ['Figures'], hiddenProductTags: ['vaulted'] });
  });

  it('answers any other well-formed version with 409, however far off', async () => {
    for (const updatedAt of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z', '2026-11-24T16:00:00.123456Z']) {
      const res = await call('PUT', { ...reset, updatedAt });
      expect(res.statusCode, updatedAt).toBe(409);
    }
    const impossible = await call('PUT', { ...reset, updatedAt: '2026-02-30T12:00:00Z' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().message).toMatch(/^updatedAt: /);
    const exact = await current();
    expect((await call('PUT', { ...reset, updatedAt: exact.updatedAt })).statusCode).toBe(200);
  });

  it('gives each write a new, increasing version, even many at once; exactly one of simultaneous versioned writes wins', async () => {
    const seen = await current();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', { ...reset, hiddenCategories: [`C${i}`], updatedAt: seen.updatedAt }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const versions: string[] = [];
    for (let i = 0; i < 5; i += 1) versions.push((await call('PUT', reset)).json().settings.updatedAt);
    const times = versions.map((v) => Date.parse(v));
    for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
  });
});
