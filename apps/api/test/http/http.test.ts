import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, MESSAGES } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Backroom</title><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ ADMIN_DIST: dist, BODY_LIMIT: '2048' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the admin', () => {
  it('serves index.html at / and for any screen path, never cached', async () => {
    // A streamed file's 'close' listeners are not reported as a leak (admin-static.ts).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    for (const url of ['/', '/orders', '/list?edit=1', '/no/such/screen']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    process.off('warning', onWarning);
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('serves hashed assets with their type, cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api/user/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.notFound });
    }
  });

  it('does not serve files outside the build folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../../etc/passwd' });
    expect(res.body).not.toContain('root:');
    const encoded = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fetc%2fpasswd' });
    expect(encoded.body).not.toContain('root:');
  });
});

describe('headers and limits', () => {
  it("sends the admin's full security headers on every document, its CSP included", async () => {
    // The admin's pages and files, and the /api routes that answer HTML (decision 054).
    for (const url of ['/', '/orders', API_PATHS.docs, API_PATHS.unsubscribe, `${API_PATHS.unsubscribe}?token=x`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('sends an API answer the short set: nothing loads, never framed, never sniffed, never read cross-origin', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: API_PATHS.health }),
      await t.app.inject({ method: 'GET', url: API_PATHS.live }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({ method: 'GET', url: API_PATHS.userInfo }),
      await t.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: 'not json',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 404, 401, 415]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      });
      // A document's policies, which a browser applies to a page it renders, not to data.
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('keeps CORS closed unless CORS_ORIGINS lists the origin', async () => {
    const preflight = (app: TestApp) =>
      app.app.inject({
        method: 'OPTIONS',
        url: API_PATHS.login,
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      });
    const closed = await preflight(t);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const open = await createTestApp({ CORS_ORIGINS: 'https://shop.example, https://other.example' });
    try {
      const allowed = await preflight(open);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
      const other = await open.app.inject({
        method: 'OPTIONS',
        url: API_PATHS.login,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('refuses a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: 'a@b.example', password: 'x'.repeat(4000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('answers the health checks without a token', async () => {
    for (const url of [API_PATHS.health, API_PATHS.live, API_PATHS.ready]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ success: true, status: 'ok' });
    }
  });
});
