import type { AddressInfo } from 'node:net';
import { API_PATHS, EVENTS } from '@backroom/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { insertOrder, orderCall } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';
import { PATIENCE_MS } from '../helpers/wait';

let t: TestApp;
let base: string;
let storefrontPool: pg.Pool;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  storefrontPool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => {
  await storefrontPool.end();
  await t.close();
});

function open(token: string | undefined): Socket {
  const socket = connect(base, { auth: token ? { token } : {}, reconnection: false, transports: ['websocket'] });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

async function adminToken() {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const res = await t.app.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { email: admin.email, password: admin.password },
  });
  return { admin, token: res.json().token as string };
}

describe('realtime', () => {
  it("brings a storefront's customer message to admins who joined the global room", async () => {
    const { token } = await adminToken();
    const joined = open(token);
    const notJoined = open(token);
    await Promise.all([connected(joined), connected(notJoined)]);
    // Acknowledged once the socket is in the room.
    await joined.timeout(PATIENCE_MS).emitWithAck(EVENTS.joinAdminGlobal);

    const received = new Promise((resolve) => joined.once(EVENTS.newMessage, resolve));
    let strayMessage = false;
    notJoined.on(EVENTS.newMessage, () => {
      strayMessage = true;
    });
    // Another instance on the same database (a second API process, or the storefront's server)
    // emits through the PostgreSQL adapter: no HTTP server of its own needed.
    const other = new Server({ adapter: createAdapter(storefrontPool) });
    const payload = {
      _id: '65a1b2c3d4e5f60718293a4b',
      conversation: '65a1b2c3d4e5f60718293a4c',
      body: 'Hello?',
      isAdmin: false,
      sender: { name: 'Casey' },
      createdAt: new Date().toISOString(),
    };
    other.to('admins').emit(EVENTS.newMessage, payload);
    expect(await received).toEqual(payload);
    // The app broadcast it to the room at once: anything it sent the other socket has arrived by now.
    await allDelivered(t, notJoined);
    expect(strayMessage).toBe(false);
    // The adapter takes its LISTEN client from the pool in the background and releases only a
    // client it holds: closed before it has one, the client would stay checked out and the pool's
    // end() in afterAll would wait for ever (seen on a loaded machine).
    const pubSub = (other.of('/').adapter as unknown as { client: { client?: unknown } }).client;
    await vi.waitFor(() => expect(pubSub.client).toBeDefined(), { timeout: PATIENCE_MS });
    other.of('/').adapter.close();
  });

  it("tells the other instances of a status change through the adapter's own connections, none of the requests' pool", async () => {
    // The adapter LISTENs and NOTIFYs on connections of its own (db/pubsub.ts, decision 057): none
    // of the app's pool stays checked out for it, and a broadcast never waits in the requests' queue.
    await vi.waitFor(() => expect(t.database.pool.totalCount - t.database.pool.idleCount).toBe(0), {
      timeout: PATIENCE_MS,
    });
    const adapterBackends = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
           where datname = current_database() and application_name = 'socket.io adapter'`,
    );
    expect(adapterBackends.rows[0]?.n).toBeGreaterThanOrEqual(1);

    // What another instance hears: the adapter's channel, listened to directly.
    const listener = await storefrontPool.connect();
    try {
      const heard = new Promise<unknown>((resolve) =>
        listener.on('notification', (msg) => {
          const message = JSON.parse(msg.payload ?? '{}') as { data?: { packet?: { data?: unknown[] } } };
          if (message.data?.packet?.data?.[0] === EVENTS.ordersUpdated) resolve(message.data.packet.data[1]);
        }),
      );
      await listener.query('LISTEN "socket.io#/"');
      const { token } = await adminToken();
      const order = await insertOrder(t.database.db);
      const res = await orderCall(t, token, API_PATHS.orderStatus, { orderId: order.id, status: 'Packing' });
      expect(res.statusCode).toBe(200);
      expect(await heard).toEqual({ action: 'statusChanged', id: order.id });
    } finally {
      await listener.query('UNLISTEN *');
      listener.release();
    }
  });

  it('refuses a socket without a token, with a bad one, or with a customer token', async () => {
    expect(await refused(open(undefined))).toMatch(/log in/i);
    expect(await refused(open('garbage'))).toMatch(/session expired/i);
    const customer = await createUser(t.database.db, { role: 'user' });
    const { token } = await createSessionToken(t.database.db, customer.id);
    expect(await refused(open(token))).toMatch(/admin/i);
  });

  it('closes the sockets of a session that logs out, and only those', async () => {
    const a = await adminToken();
    const b = await adminToken();
    const socketA = open(a.token);
    const socketB = open(b.token);
    await Promise.all([connected(socketA), connected(socketB)]);
    const gone = disconnected(socketA);
    await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { token: a.token } });
    expect(await gone).toBe('io server disconnect');
    // The revocation closed every socket of that session at once: B still hears the app after it.
    await allDelivered(t, socketB);
    expect(socketB.connected).toBe(true);
  });

  it('closes the sockets of an admin whose role changes to user', async () => {
    const { admin, token } = await adminToken();
    const socket = open(token);
    await connected(socket);
    const gone = disconnected(socket);
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    expect(await gone).toBe('io server disconnect');
  });
});
