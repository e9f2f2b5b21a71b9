import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  API_PATHS,
  adminUnreadUpdatedEventSchema,
  CUSTOMER_PATHS,
  customerConversationResponseSchema,
  customerSessionResponseSchema,
  dashboardSummaryResponseSchema,
  EVENTS,
  loginResponseSchema,
  type Message,
  messageSchema,
  ordersUpdatedEventSchema,
  placeOrderResponseSchema,
  productSavedResponseSchema,
  sentMessageResponseSchema,
  threadResponseSchema,
  unreadResponseSchema,
} from '@backroom/contract';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nextEvent } from '../helpers/admin-socket';
import { productForm } from '../helpers/catalogue';
import { createFreshDatabase } from '../helpers/database';
import { type Instance, startInstance } from '../helpers/instances';
import { type Nginx, startNginx } from '../helpers/nginx';
import { adminSocketAt, connected, customerSocketAt, joinAdmins, serverDisconnect } from '../helpers/remote-socket';
import { storefrontAddress } from '../helpers/storefront';
import { waitUntil } from '../helpers/wait';

/**
 * Two real `npm run serve` processes on one PostgreSQL database, as behind a load balancer: what
 * happens on one reaches the sockets of the other (through the socket.io PostgreSQL adapter and
 * the revocation NOTIFY), and a socket that was away catches up by refetching (called directly);
 * then docs/deploy.md's nginx configuration, exactly as the doc writes it (only the instances'
 * ports and its own listening port swapped for free ones), run by Debian's nginx in front of the
 * two, with the instances' settings the doc gives. (two-instances.test.ts was this file's first
 * half, on two processes of its own: one pair of processes now serves both.)
 */
const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/deploy.md'), 'utf8');

/** The fenced block right after `<!-- deploy.md: <marker> -->`. */
function block(marker: string, language: string): string {
  const found = doc.match(new RegExp(`<!-- deploy\\.md: ${marker} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\`\\n`));
  if (!found?.[1]) throw new Error(`docs/deploy.md has no \`\`\`${language} block after <!-- deploy.md: ${marker} -->`);
  return found[1];
}
const site = block('the tested configuration', 'nginx');
const settings = block("the instances' settings", 'sh');

function setting(name: string): string {
  const found = settings.match(new RegExp(`\\b${name}=(\\S+)`));
  if (!found?.[1]) throw new Error(`docs/deploy.md's settings do not set ${name}`);
  return found[1];
}

const ADMIN = { email: 'owner@balanced.example', password: 'one shop behind nginx' };
const LOGIN_MAX_PER_IP = 3;
let a: Instance;
let b: Instance;
let nginx: Nginx;
const sockets: Socket[] = [];
let databaseUrl: string;
let adminToken: string;
let customer: { token: string; name: string; conversationId: string };

interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** A JSON call (or a form's): the status and the parsed body. */
async function call(base: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? (options.body !== undefined || options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined, text };
}

async function ok<T extends z.ZodType>(base: string, path: string, schema: T, options: CallOptions = {}, status = 200) {
  const res = await call(base, path, options);
  if (res.status !== status) throw new Error(`${options.method ?? 'call'} ${path}: ${res.status} ${res.text}`);
  return schema.parse(res.json) as z.infer<T>;
}

const adminLogin = () => ok(nginx.base, API_PATHS.login, loginResponseSchema, { body: ADMIN }).then((r) => r.token);

async function track<T extends Socket>(socket: Promise<T>): Promise<T> {
  const s = await socket;
  sockets.push(s);
  return s;
}

/**
 * An admin's socket through nginx as the browser opens one: long-polling first, then the upgrade
 * to a websocket (both only work if every polling request reaches the one instance), then the
 * admins' room.
 */
async function adminThroughNginx(token: string): Promise<Socket> {
  const socket = io(nginx.base, { auth: { token }, reconnection: false });
  sockets.push(socket);
  await connected(socket);
  await waitUntil(() => socket.io.engine.transport.name === 'websocket', 'the socket to upgrade to a websocket');
  await joinAdmins(socket);
  return socket;
}

beforeAll(async () => {
  databaseUrl = await createFreshDatabase();
  const env = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: setting('TRUST_PROXY'),
    KEEP_ALIVE_TIMEOUT: setting('KEEP_ALIVE_TIMEOUT'),
    LOGIN_MAX_PER_IP: String(LOGIN_MAX_PER_IP),
    LOGIN_MAX_PER_EMAIL: '1000',
  };
  // One after the other: the first makes the first admin, the second finds it.
  a = await startInstance(databaseUrl, env);
  // B is shut down by the last test: readiness fails until a second SIGTERM ends the wait.
  b = await startInstance(databaseUrl, { ...env, SHUTDOWN_DELAY: '10m' });
  for (const placeholder of ['127.0.0.1:3001', '127.0.0.1:3002']) {
    if (!site.includes(placeholder)) throw new Error(`docs/deploy.md's configuration no longer names ${placeholder}`);
  }
  nginx = await startNginx(
    site.replaceAll('127.0.0.1:3001', `127.0.0.1:${a.port}`).replaceAll('127.0.0.1:3002', `127.0.0.1:${b.port}`),
    '/api/health',
  );
  adminToken = await adminLogin();
  const name = 'Sam Balanced';
  const registered = await ok(
    nginx.base,
    CUSTOMER_PATHS.register,
    customerSessionResponseSchema,
    { body: { name, email: 'sam@balanced.example', password: 'a customer behind nginx' } },
    201,
  );
  const mine = await ok(nginx.base, CUSTOMER_PATHS.conversation, customerConversationResponseSchema, {
    token: registered.token,
  });
  customer = { token: registered.token, name, conversationId: mine.conversation._id };
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
});

// First, each instance called directly (nothing sent to either yet: the unread count starts at 0).
describe('two instances on one database', () => {
  it('a customer message sent through A reaches an admin socket on B, with the unread count', async () => {
    const admin = await track(adminSocketAt(b.base, adminToken));
    const arrived = nextEvent<Message>(admin, EVENTS.newMessage, (m) => m.body === 'Is the Goku figure in stock?');
    const unread = nextEvent<unknown>(admin, EVENTS.adminUnreadUpdated);

    const sent = await ok(a.base, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
      token: customer.token,
      body: { body: '  Is the Goku figure in stock?  ' },
    });
    const message = messageSchema.parse(await arrived);
    expect(message).toMatchObject({ _id: sent._id, conversation: customer.conversationId, isAdmin: false });
    expect(message.sender?.name).toBe(customer.name);
    expect(adminUnreadUpdatedEventSchema.parse(await unread).count).toBe(1);
    // Both instances count the same from the one database.
    for (const instance of [a, b]) {
      const counted = await ok(instance.base, API_PATHS.unread, unreadResponseSchema, { token: adminToken });
      expect(counted.unread).toBe(1);
    }
  });

  it("an admin reply sent through B reaches the customer's socket on A", async () => {
    const socket = await track(customerSocketAt(a.base, customer.token, customer.conversationId));
    const arrived = nextEvent<Message>(socket, EVENTS.newMessage, (m) => m.isAdmin);
    const reply = await ok(b.base, API_PATHS.adminMessage, sentMessageResponseSchema, {
      token: adminToken,
      body: { conversationId: customer.conversationId, body: 'Yes, 4 left!' },
    });
    const message = messageSchema.parse(await arrived);
    expect(message).toMatchObject({ _id: reply._id, body: 'Yes, 4 left!', isAdmin: true });
  });

  it("an order placed by a customer on A makes B's admin sockets refetch the dashboard (ordersUpdated)", async () => {
    const product = await ok(a.base, API_PATHS.productAdd, productSavedResponseSchema, {
      token: adminToken,
      form: productForm({ name: 'Goku Figure', description: 'Super Saiyan, 18 cm', price: '34.50' }),
    });
    const admin = await track(adminSocketAt(b.base, adminToken));
    const updated = nextEvent<unknown>(admin, EVENTS.ordersUpdated);
    const placed = await ok(
      a.base,
      CUSTOMER_PATHS.orders,
      placeOrderResponseSchema,
      {
        token: customer.token,
        body: {
          items: [{ productId: product.product._id, quantity: 2 }],
          address: storefrontAddress,
          paymentMethod: 'COD',
        },
      },
      201,
    );
    expect(ordersUpdatedEventSchema.parse(await updated)).toEqual({ action: 'placed', id: placed.order._id });
    // What the dashboard refetches on that event, from B, already counts it.
    const summary = await ok(b.base, API_PATHS.dashboardSummary, dashboardSummaryResponseSchema, {
      token: adminToken,
    });
    expect(summary.totals.orders).toBe(1);
    expect(summary.totals.revenue).toBe(69);
    expect(summary.recentOrders[0]?._id).toBe(placed.order._id);
  });

  it('an admin socket on B that was away catches up on the open thread by refetching it after reconnecting', async () => {
    const admin = await track(adminSocketAt(b.base, adminToken));
    admin.disconnect();
    const missed = await ok(a.base, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
      token: customer.token,
      body: { body: 'Sent while you were away' },
    });
    // Back again: the shell rejoins, and on the acknowledgement refetches what it shows.
    admin.connect();
    await connected(admin);
    await joinAdmins(admin);
    const thread = await ok(
      b.base,
      API_PATHS.adminThread.replace(':conversationId', customer.conversationId),
      threadResponseSchema,
      { token: adminToken },
    );
    expect(thread.messages.map((m) => m._id)).toContain(missed._id);
    expect(thread.messages.at(-1)?.body).toBe('Sent while you were away');
    // And from now on it hears new ones live again.
    const live = nextEvent<Message>(admin, EVENTS.newMessage);
    await ok(a.base, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
      token: customer.token,
      body: { body: 'Back?' },
    });
    expect((await live).body).toBe('Back?');
  });
  // A logout on one closing that session's sockets on the other: the logout test behind nginx below
  // (a socket held on each instance, and another session's left open).
});

describe("docs/deploy.md's nginx in front of two instances", () => {
  it("the configuration keeps the instances' connections open longer than nginx, and sets X-Forwarded-For in every location", () => {
    const seconds = (value: string) => {
      const found = value.match(/^(\d+)s$/);
      if (!found?.[1]) throw new Error(`${value} is not written in seconds`);
      return Number(found[1]);
    };
    const upstreamIdle = site.match(/\bkeepalive_timeout (\S+);/)?.[1];
    expect(upstreamIdle).toBeDefined();
    expect(seconds(setting('KEEP_ALIVE_TIMEOUT'))).toBeGreaterThan(seconds(upstreamIdle ?? ''));

    const locations = [...site.matchAll(/\blocation\s+(\S+)\s*\{([^}]*)\}/g)];
    expect(locations.map((l) => l[1])).toEqual(['/', '/socket.io/']);
    for (const [, where, body] of locations) {
      if (!body?.includes('proxy_set_header')) continue;
      expect(body, `location ${where}`).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    }
    expect(site).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('a customer message sent through either instance reaches an admin socket connected through nginx', async () => {
    const admin = await adminThroughNginx(adminToken);
    // The socket sits on one of the two instances: one of these messages is always the other's.
    for (const [name, base] of [
      ['A', a.base],
      ['B', b.base],
      ['nginx', nginx.base],
    ] as const) {
      const body = `Sent through ${name}`;
      const arrived = nextEvent<Message>(admin, EVENTS.newMessage, (m) => m.body === body);
      const sent = await ok(base, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
        token: customer.token,
        body: { body },
      });
      expect(messageSchema.parse(await arrived)).toMatchObject({
        _id: sent._id,
        conversation: customer.conversationId,
        isAdmin: false,
      });
    }
  });

  it("a logout through nginx closes that session's sockets on both instances, and only that session's", async () => {
    const token = await adminLogin();
    // Whichever instance nginx gives the logout to, one of these is held by the other one.
    const held = [
      await adminThroughNginx(token),
      await track(adminSocketAt(a.base, token)),
      await track(adminSocketAt(b.base, token)),
    ];
    const other = await adminThroughNginx(adminToken);
    const closed = held.map((socket) => serverDisconnect(socket));
    const out = await call(nginx.base, API_PATHS.logout, { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(await Promise.all(closed)).toEqual(held.map(() => 'io server disconnect'));
    expect((await call(nginx.base, API_PATHS.unread, { token })).status).toBe(403);
    // Refused on both instances, whichever took the logout (a revoked token is a 403, which ends a session in the admin).
    for (const instance of [a, b]) expect((await call(instance.base, API_PATHS.unread, { token })).status).toBe(403);
    expect(other.connected).toBe(true);
    expect((await call(nginx.base, API_PATHS.unread, { token: adminToken })).status).toBe(200);
  });

  it('login attempts through nginx with made-up X-Forwarded-For headers all count against the one real address', async () => {
    const forged = ['198.51.100.1', '198.51.100.2, 203.0.113.2', '203.0.113.3', '198.51.100.4, 127.0.0.1', '10.0.0.5'];
    const statuses: number[] = [];
    for (const forwardedFor of forged) {
      const res = await call(nginx.base, API_PATHS.login, {
        body: { email: ADMIN.email, password: 'not the password' },
        headers: { 'x-forwarded-for': forwardedFor },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(forged.map((_, i) => (i < LOGIN_MAX_PER_IP ? 401 : 429)));

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ key: string; count: number }>(
        "select key, count from login_attempts where key like 'ip:%' order by key",
      );
      expect(rows).toEqual([{ key: 'ip:127.0.0.1', count: LOGIN_MAX_PER_IP }]);
    } finally {
      await db.end();
    }
  });

  it('SIGTERM: readiness fails first, nginx takes the instance out, and a request under way still gets its answer', async () => {
    // A customer's message to B whose body has not all arrived when the shutdown begins.
    const body = JSON.stringify({ body: 'Sent while B shuts down' });
    const slow = net.connect(b.port, '127.0.0.1');
    await once(slow, 'connect');
    let answer = '';
    slow.on('data', (d) => {
      answer += d;
    });
    slow.write(
      `POST ${CUSTOMER_PATHS.messages} HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${customer.token}\r\n` +
        `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 8)}`,
    );
    const ready = (base: string) => fetch(`${base}${API_PATHS.ready}`).then((r) => r.status);
    expect(await ready(b.base)).toBe(200);

    b.child.kill('SIGTERM');
    await waitUntil(async () => (await ready(b.base)) === 503, "B's readiness to fail");
    // B still answers everything else while the balancer is told (SHUTDOWN_DELAY), and A readiness.
    expect((await call(b.base, API_PATHS.live)).status).toBe(200);
    expect(await ready(a.base)).toBe(200);

    // A second SIGTERM ends the wait: B stops accepting connections …
    b.child.kill('SIGTERM');
    await waitUntil(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = net.connect(b.port, '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve(false);
          });
          probe.once('error', () => resolve(true));
        }),
      'B to stop accepting connections',
    );
    // … nginx sends everything to A …
    for (let i = 0; i < 4; i++) expect((await call(nginx.base, API_PATHS.ready)).status).toBe(200);
    // … and the request under way gets its answer before B exits, cleanly.
    slow.write(body.slice(8));
    await waitUntil(() => answer.includes('\r\n\r\n'), "the slow request's answer");
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    slow.destroy();
    await waitUntil(() => b.child.exitCode !== null || b.child.signalCode !== null, 'B to exit');
    expect(b.child.exitCode).toBe(0);
    expect(b.output()).not.toMatch(/"level":(50|60)/);
  });
});
