import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { createSessionToken, createUser } from './helpers/users';

/**
 * The reviewed list of API routes anyone may call. A route added later without protection
 * fails this file until it is protected or reviewed in here.
 */
const PUBLIC_ROUTES = [
  'POST /api/user/admin',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/health/live',
  'HEAD /api/health/live',
  // The signed link in every campaign e-mail: the token is the credential (docs/decisions/026-email-campaigns.md).
  'GET /api/unsubscribe',
  'HEAD /api/unsubscribe',
  'POST /api/unsubscribe',
];

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await createUser(db, { role: 'admin' });
  const customer = await createUser(db, { role: 'user' });
  tokens.expired = (await createSessionToken(db, admin.id, new Date(Date.now() - 60_000))).token;
  const revoked = await createSessionToken(db, admin.id);
  await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { token: revoked.token } });
  tokens.revoked = revoked.token;
  tokens.customer = (await createSessionToken(db, customer.id)).token;
  tokens.garbage = 'not-a-token';
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.routeTable
    .filter((r) => r.url.startsWith('/api'))
    .map((r) => ({ ...r, key: `${r.method} ${r.url}`, path: r.url.replace(/:(\w+)/g, '65a1b2c3d4e5f60718293a4b') }));

describe('every API route', () => {
  it('is either on the reviewed public list or marked protected', () => {
    const publicOnes = apiRoutes()
      .filter((r) => r.public)
      .map((r) => r.key)
      .sort();
    expect(publicOnes).toEqual([...PUBLIC_ROUTES].sort());
    expect(apiRoutes().length).toBeGreaterThan(PUBLIC_ROUTES.length);
  });

  it('answers 401 without a token and 403 with a garbage, expired, revoked or customer token', async () => {
    const protectedRoutes = apiRoutes().filter((r) => !PUBLIC_ROUTES.includes(r.key));
    for (const route of protectedRoutes) {
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: route.method as 'GET', url: route.path, headers, payload: undefined });
      const none = await call({});
      expect(none.statusCode, `${route.key} without a token`).toBe(401);
      // A HEAD answer has no body to read.
      if (route.method !== 'HEAD') expect(none.json().success).toBe(false);
      for (const [kind, token] of Object.entries(tokens)) {
        const res = await call({ token });
        expect(res.statusCode, `${route.key} with a ${kind} token`).toBe(403);
        if (route.method !== 'HEAD') expect(res.json().success, route.key).toBe(false);
      }
    }
  });
});
