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
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nextEvent } from '../helpers/admin-socket';
import { productForm } from '../helpers/catalogue';
import { createFreshDatabase } from '../helpers/database';
import { type Instance, startInstance } from '../helpers/instances';
import { adminSocketAt, connected, customerSocketAt, joinAdmins, serverDisconnect } from '../helpers/remote-socket';

/**
 * Two real `npm run serve` processes on one PostgreSQL database, as behind a load balancer:
 * what happens on one reaches the sockets of the other (through the socket.io PostgreSQL
 * adapter and the revocation NOTIFY), and a socket that was away catches up by refetching.
 */
const ADMIN = { email: 'owner@two.example', password: 'two instances, one shop' };
let a: Instance;
let b: Instance;
const sockets: Socket[] = [];

interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  form?: FormData;
}

/** A JSON call to an instance: the status and the parsed body. */
async function call(instance: Instance, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.token = options.token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${instance.base}${path}`, {
    method: options.method ?? (options.body !== undefined || options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined, text };
}

/** A call that must succeed with `status`, its answer parsed by the contract's schema. */
async function ok<T extends z.ZodType>(
  instance: Instance,
  path: string,
  schema: T,
  options: CallOptions = {},
  status = 200,
) {
  const res = await call(instance, path, options);
  if (res.status !== status) throw new Error(`${options.method ?? 'call'} ${path}: ${res.status} ${res.text}`);
  return schema.parse(res.json) as z.infer<T>;
}

const adminLogin = (instance: Instance) =>
  ok(instance, API_PATHS.login, loginResponseSchema, { body: ADMIN }).then((r) => r.token);

async function track<T extends Socket>(socket: Promise<T>): Promise<T> {
  const s = await socket;
  sockets.push(s);
  return s;
}

const ADDRESS = {
  firstName: 'Robin',
  lastName: 'Two',
  email: 'robin@two.example',
  phone: '+1 503 555 0199',
  street: '42 Cedar Lane',
  city: 'Portland',
  state: 'OR',
  zipcode: '97205',
  country: 'USA',
};

let adminToken: string;
let customer: { token: string; name: string; conversationId: string };

beforeAll(async () => {
  const url = await createFreshDatabase();
  const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  // One after the other: the first makes the first admin, the second finds it.
  a = await startInstance(url, env);
  b = await startInstance(url, env);
  adminToken = await adminLogin(b);

  const name = 'Robin Two';
  const registered = await ok(
    a,
    CUSTOMER_PATHS.register,
    customerSessionResponseSchema,
    { body: { name, email: 'robin@two.example', password: 'a customer on two instances' } },
    201,
  );
  const mine = await ok(a, CUSTOMER_PATHS.conversation, customerConversationResponseSchema, {
    token: registered.token,
  });
  customer = { token: registered.token, name, conversationId: mine.conversation._id };
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('two instances on one database', () => {
  it('a customer message sent through A reaches an admin socket on B, with the unread count', async () => {
    const admin = await track(adminSocketAt(b.base, adminToken));
    const arrived = nextEvent<Message>(admin, EVENTS.newMessage, (m) => m.body === 'Is the Goku figure in stock?');
    const unread = nextEvent<unknown>(admin, EVENTS.adminUnreadUpdated);

    const sent = await ok(a, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
      token: customer.token,
      body: { body: '  Is the Goku figure in stock?  ' },
    });
    const message = messageSchema.parse(await arrived);
    expect(message).toMatchObject({ _id: sent._id, conversation: customer.conversationId, isAdmin: false });
    expect(message.sender?.name).toBe(customer.name);
    expect(adminUnreadUpdatedEventSchema.parse(await unread).count).toBe(1);
    // Both instances count the same from the one database.
    for (const instance of [a, b]) {
      const counted = await ok(instance, API_PATHS.unread, unreadResponseSchema, { token: adminToken });
      expect(counted.unread).toBe(1);
    }
  });

  it("an admin reply sent through B reaches the customer's socket on A", async () => {
    const socket = await track(customerSocketAt(a.base, customer.token, customer.conversationId));
    const arrived = nextEvent<Message>(socket, EVENTS.newMessage, (m) => m.isAdmin);
    const reply = await ok(b, API_PATHS.adminMessage, sentMessageResponseSchema, {
      token: adminToken,
      body: { conversationId: customer.conversationId, body: 'Yes, 4 left!' },
    });
    const message = messageSchema.parse(await arrived);
    expect(message).toMatchObject({ _id: reply._id, body: 'Yes, 4 left!', isAdmin: true });
  });

  it("an order placed by a customer on A makes B's admin sockets refetch the dashboard (ordersUpdated)", async () => {
    const product = await ok(a, API_PATHS.productAdd, productSavedResponseSchema, {
      token: adminToken,
      form: productForm({ name: 'Goku Figure', description: 'Super Saiyan, 18 cm', price: '34.50' }),
    });
    const admin = await track(adminSocketAt(b.base, adminToken));
    const updated = nextEvent<unknown>(admin, EVENTS.ordersUpdated);
    const placed = await ok(
      a,
      CUSTOMER_PATHS.orders,
      placeOrderResponseSchema,
      {
        token: customer.token,
        body: { items: [{ productId: product.product._id, quantity: 2 }], address: ADDRESS, paymentMethod: 'COD' },
      },
      201,
    );
    expect(ordersUpdatedEventSchema.parse(await updated)).toEqual({ action: 'placed', id: placed.order._id });
    // What the dashboard refetches on that event, from B, already counts it.
    const summary = await ok(b, API_PATHS.dashboardSummary, dashboardSummaryResponseSchema, { token: adminToken });
    expect(summary.totals.orders).toBe(1);
    expect(summary.totals.revenue).toBe(69);
    expect(summary.recentOrders[0]?._id).toBe(placed.order._id);
  });

  it('an admin socket on B that was away catches up on the open thread by refetching it after reconnecting', async () => {
    const admin = await track(adminSocketAt(b.base, adminToken));
    admin.disconnect();
    const missed = await ok(a, CUSTOMER_PATHS.messages, sentMessageResponseSchema, {
      token: customer.token,
      body: { body: 'Sent while you were away' },
    });
    // Back again: the shell rejoins, and on the acknowledgement refetches what it shows.
    admin.connect();
    await connected(admin);
    await joinAdmins(admin);
    const thread = await ok(
      b,
      API_PATHS.adminThread.replace(':conversationId', customer.conversationId),
      threadResponseSchema,
      {
        token: adminToken,
      },
    );
    expect(thread.messages.map((m) => m._id)).toContain(missed._id);
    expect(thread.messages.at(-1)?.body).toBe('Sent while you were away');
    // And from now on it hears new ones live again.
    const live = nextEvent<Message>(admin, EVENTS.newMessage);
    await ok(a, CUSTOMER_PATHS.messages, sentMessageResponseSchema, { token: customer.token, body: { body: 'Back?' } });
    expect((await live).body).toBe('Back?');
  });

  it("a logout on A closes that admin's socket on B", async () => {
    const token = await adminLogin(a);
    const socket = await track(adminSocketAt(b.base, token));
    const other = await track(adminSocketAt(b.base, adminToken));
    const closed = serverDisconnect(socket);
    const out = await call(a, API_PATHS.logout, { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // The session is gone on both (a revoked token is refused with 403, which ends a session in the admin).
    expect((await call(b, API_PATHS.unread, { token })).status).toBe(403);
    // Only that session's sockets close: another admin's socket on B stays.
    expect(other.connected).toBe(true);
    expect((await call(b, API_PATHS.unread, { token: adminToken })).status).toBe(200);
  });
});
