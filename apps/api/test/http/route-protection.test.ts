import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, RouteEntry } from '../../src/context';
import { authPlugin } from '../../src/plugins/app/auth';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/**
 * The reviewed list of API routes anyone may call. A route added later without protection
 * fails this file until it is protected or reviewed in here.
 */
const PUBLIC_ROUTES = [
  'POST /api/user/admin',
  // The login's two-factor steps: the challenge the password step answered is the credential
  // (docs/decisions/038-two-factor-sign-in.md).
  'POST /api/user/admin/two-factor',
  'POST /api/user/admin/two-factor/setup',
  'POST /api/user/admin/two-factor/setup/confirm',
  'GET /api/health',
  'HEAD /api/health',
  'GET /api/health/live',
  'HEAD /api/health/live',
  'GET /api/health/ready',
  'HEAD /api/health/ready',
  // The signed link in every campaign e-mail: the token is the credential (docs/decisions/026-email-campaigns.md).
  'GET /api/unsubscribe',
  'HEAD /api/unsubscribe',
  'POST /api/unsubscribe',
  // The storefront's sign-up and sign-in (docs/customer-api.md).
  'POST /api/customer/register',
  'POST /api/customer/login',
  // The OpenAPI document and its reference page: the storefront's part to anyone, the whole
  // document to a signed-in admin's token (docs/decisions/060-openapi.md).
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  'GET /api/docs',
  'HEAD /api/docs',
  'GET /api/docs/docs.js',
  'HEAD /api/docs/docs.js',
  'GET /api/docs/scalar.js',
  'HEAD /api/docs/scalar.js',
];

let t: TestApp;
/** Tokens no admin route accepts. */
const tokens: Record<string, string> = {};
/** Tokens no customer route accepts. */
const customerRefused: Record<string, string> = {};

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
  tokens.customerSession = (await createSessionToken(db, customer.id, undefined, 'customer')).token;
  tokens.garbage = 'not-a-token';
  customerRefused.admin = (await createSessionToken(db, admin.id)).token;
  customerRefused.expired = (
    await createSessionToken(db, customer.id, new Date(Date.now() - 60_000), 'customer')
  ).token;
  const revokedCustomer = await createSessionToken(db, customer.id, undefined, 'customer');
  await t.app.inject({ method: 'POST', url: '/api/customer/logout', headers: { token: revokedCustomer.token } });
  customerRefused.revoked = revokedCustomer.token;
  customerRefused.garbage = 'not-a-token';
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
    const protectedRoutes = apiRoutes().filter((r) => !PUBLIC_ROUTES.includes(r.key) && r.access === 'admin');
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

  it("the storefront's routes: 401 without a token, 403 with an admin's, a garbage, expired or revoked token", async () => {
    const customerRoutes = apiRoutes().filter((r) => !PUBLIC_ROUTES.includes(r.key) && r.access === 'customer');
    expect(customerRoutes.map((r) => r.key)).toContain('GET /api/customer/me');
    for (const route of customerRoutes) {
      expect(route.url, route.key).toMatch(/^\/api\/customer\//);
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: route.method as 'GET', url: route.path, headers, payload: undefined });
      const none = await call({});
      expect(none.statusCode, `${route.key} without a token`).toBe(401);
      for (const [kind, token] of Object.entries(customerRefused)) {
        const res = await call({ token });
        expect(res.statusCode, `${route.key} with a ${kind} token`).toBe(403);
        if (route.method !== 'HEAD') expect(res.json().success, route.key).toBe(false);
      }
    }
  });

  it("every route under /api/customer is the storefront's, and no other is", () => {
    for (const route of apiRoutes()) {
      if (route.public) continue;
      expect(route.access === 'customer', route.key).toBe(route.url.startsWith('/api/customer/'));
    }
  });
});

describe('the auth plugin', () => {
  // It guards the routes added after it (its onRoute hook): an app that adds a protected route
  // before it would serve that route to anyone, so it refuses to start and names the route.
  it('refuses to start an app with a protected route added before it, naming the route', async () => {
    const app = Fastify();
    app.decorate('ctx', { db: t.database.db } as unknown as AppContext);
    // app.ts's register of every route, which the plugin's check reads once the app is ready.
    const routeTable: RouteEntry[] = [];
    app.decorate('routeTable', routeTable);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        routeTable.push({
          method,
          url: route.url,
          public: Boolean(route.config?.public),
          access: 'admin',
          schema: undefined,
        });
      }
    });
    app.get('/api/too-early', async () => ({ success: true }));
    app.get('/api/open-early', { config: { public: true } }, async () => ({ success: true }));
    await app.register(authPlugin);
    app.get('/api/after', async () => ({ success: true }));
    try {
      await expect(app.ready()).rejects.toThrow(
        new Error('routes added before the auth plugin would go unchecked: GET /api/too-early, HEAD /api/too-early'),
      );
    } finally {
      await app.close();
    }
  });
});
