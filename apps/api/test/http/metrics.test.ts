import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, CUSTOMER_PATHS, HEALTH_MESSAGES } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { freePort } from '../helpers/processes';
import { createUser } from '../helpers/users';

/**
 * GET /metrics (docs/decisions/061-metrics.md) and the readiness probe
 * (062-health-and-shutdown.md). One app with METRICS_TOKEN and METRICS_PORT; a second on the same
 * database without them.
 */
const TOKEN = 'metrics-token-for-the-test-0123456789';
let t: TestApp;
let metricsPort: number;

/** The same database, metrics off; readiness not asked until the migration test. */
let off: TestApp;

beforeAll(async () => {
  metricsPort = await freePort();
  t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  off = await createTestApp({ DATABASE_URL: t.config.databaseUrl as string });
});
afterAll(async () => {
  await off?.close();
  await t?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

/** The value of the one sample whose name and labels start so. */
const sample = (text: string, prefix: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('GET /metrics', () => {
  it('is refused without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('backroom_');
    }
  });

  it('counts answers by route pattern, method and status, and login refusals by kind, with no personal data', async () => {
    const customer = await createUser(t.database.db, { role: 'user', email: 'metrics.person@example.com' });
    const before = await scrape();
    const id = '65a1b2c3d4e5f60718293a4b';
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: API_PATHS.live });
    await t.app.inject({ method: 'GET', url: `/api/product/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing?email=metrics.person@example.com' });
    const wrong = { email: customer.email, password: 'not the password at all' };
    await t.app.inject({ method: 'POST', url: API_PATHS.login, payload: wrong });
    await t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.login, payload: wrong });
    await t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.login, payload: wrong });
    const after = await scrape();

    const live = `backroom_http_request_duration_seconds_count{method="GET",route="${API_PATHS.live}",status="200"}`;
    expect((sample(after, live) ?? 0) - (sample(before, live) ?? 0)).toBe(3);
    // The pattern, never the URL: the id is not in any label.
    expect(
      sample(after, 'backroom_http_request_duration_seconds_count{method="GET",route="/api/product/:id",status="401"}'),
    ).toBe(1);
    expect(
      sample(after, 'backroom_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    const le = `backroom_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="${API_PATHS.live}",status="200"}`;
    expect(sample(after, le)).toBe(sample(after, live));
    expect(sample(after, 'backroom_login_refusals_total{kind="admin",status="401"}')).toBe(1);
    expect(sample(after, 'backroom_login_refusals_total{kind="customer",status="401"}')).toBe(2);
    for (const personal of [id, customer.email, customer.id, TOKEN, 'no-such-thing']) {
      expect(after, personal).not.toContain(personal);
    }
  });

  it("shows the pool, the requests in flight, the sockets, the job queues, the e-mails and the event loop's delay", async () => {
    const text = await scrape();
    // The scrape itself is in flight.
    expect(sample(text, 'backroom_http_requests_in_flight ')).toBe(1);
    expect(sample(text, 'backroom_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'backroom_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'backroom_db_pool_waiting ')).toBe(0);
    expect(sample(text, 'backroom_db_pool_waiting_max ')).toBe(0);
    expect(sample(text, 'backroom_sockets_connected{kind="admin"}')).toBe(0);
    expect(sample(text, 'backroom_sockets_connected{kind="customer"}')).toBe(0);
    expect(text).toContain('# TYPE backroom_job_queue_jobs gauge');
    expect(text).toContain('# TYPE backroom_email_deliveries gauge');
    // prom-client's own figures; NaN (written 'Nan') when the loop was not sampled since the last scrape.
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds (\d|Nan)/m);
    // Every sample line parses as name{labels} value.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? (-?\d|Nan|\+Inf)/);
    }
  });

  it("serves every metric the README's Metrics section and the Grafana dashboard name", async () => {
    const text = await scrape();
    const root = path.resolve(import.meta.dirname, '../../../..');
    const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
    const docs = {
      'README.md':
        read('README.md')
          .split(/^## Metrics$/m)[1]
          ?.split(/^## /m)[0] ?? '',
      'docs/grafana-dashboard.json': read('docs/grafana-dashboard.json'),
    };
    for (const [doc, content] of Object.entries(docs)) {
      const named = new Set(content.match(/\b(backroom|nodejs)_[a-z0-9_]+/g));
      expect(named.size, doc).toBeGreaterThan(5);
      for (const name of named) expect(text, `${doc} names ${name}`).toMatch(new RegExp(`^(# TYPE )?${name}[ {]`, 'm'));
    }
  });

  it("adds no 'close' listener past Node's limit on the admin's pages, streamed from their files", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'backroom-admin-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Backroom</title>');
    const pages = await createTestApp({
      DATABASE_URL: t.config.databaseUrl as string,
      METRICS_TOKEN: TOKEN,
      ADMIN_DIST: dist,
    });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const url = await pages.app.listen({ port: 0, host: '127.0.0.1' });
      for (const page of ['/', '/orders', '/login']) {
        const res = await fetch(`${url}${page}`, { headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<title>Backroom</title>');
      }
      // process.emitWarning reports on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await pages.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('is served without a token on METRICS_PORT, on 127.0.0.1 only', async () => {
    expect(t.app.metricsServer?.address()).toMatchObject({ address: '127.0.0.1', port: metricsPort });
    // Real connections this time: every answered request leaves the in-flight count.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${port}${API_PATHS.live}`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'backroom_http_requests_in_flight ')).toBe(0);
    expect(text).toContain('backroom_http_request_duration_seconds_count');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });

  it('counts a request in flight until its answer goes or its connection closes, with no listener per request', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const inFlight = async () =>
      sample(
        await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
        'backroom_http_requests_in_flight ',
      );
    // The responses node:http hands the app, to see what listens on them once they are answered.
    const responses: ServerResponse[] = [];
    const onRequest = (_req: IncomingMessage, res: ServerResponse) => responses.push(res);
    t.app.server.on('request', onRequest);
    const client = net.connect(port, '127.0.0.1');
    let received = '';
    client.on('data', (chunk) => {
      received += chunk;
    });
    // Waited for, not timed: a loaded machine answers late, never wrongly.
    const until = { timeout: 10_000 };
    const answered = (n: number) => vi.waitFor(() => expect(received.split('HTTP/1.1 200').length - 1).toBe(n), until);
    const live = `GET ${API_PATHS.live} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`;
    client.write(live.repeat(3));
    await answered(3);
    t.app.server.off('request', onRequest);
    // Counted per connection, not with a listener on each response.
    expect(responses.map((res) => res.listenerCount('close'))).toEqual([0, 0, 0]);
    expect(await inFlight()).toBe(0);
    // A request whose body never comes is in flight until its client goes away.
    client.write(
      `POST ${API_PATHS.login} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"email":`,
    );
    await vi.waitFor(async () => expect(await inFlight()).toBe(1), until);
    client.destroy();
    await vi.waitFor(async () => expect(await inFlight()).toBe(0), until);
  });

  it('is off (404) without METRICS_TOKEN', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer x' } });
    expect(res.statusCode).toBe(404);
    expect(off.app.metricsServer).toBeUndefined();
  });
});

describe('readiness', () => {
  it('answers 503 once a shutdown has begun, while liveness still answers', async () => {
    for (const url of [API_PATHS.ready, API_PATHS.health]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    t.app.ctx.lifecycle.shuttingDown = true;
    try {
      for (const url of [API_PATHS.ready, API_PATHS.health]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ success: false, message: HEALTH_MESSAGES.shuttingDown });
      }
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.live })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.shuttingDown = false;
    }
  });

  it("answers 503 while a migration of this build is missing from the database's record", async () => {
    const { pool } = t.database;
    const removed = await pool.query<{ hash: string; created_at: string }>(
      `delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    try {
      const res = await off.app.inject({ method: 'GET', url: API_PATHS.ready });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ success: false, message: HEALTH_MESSAGES.migrations });
    } finally {
      for (const row of removed.rows) {
        await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
          row.hash,
          row.created_at,
        ]);
      }
    }
  });
});
