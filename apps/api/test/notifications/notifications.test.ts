import {
  API_PATHS,
  CUSTOMER_PATHS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PATHS,
  type NotificationKind,
  notificationReadPath,
  SIGN_IN_BURST,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notifications/service';
import { ROOMS } from '../../src/plugins/infrastructure/realtime';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCustomer } from '../helpers/customer-socket';
import { bell } from '../helpers/notifications';
import { insertOrder } from '../helpers/orders';
import { insertStoreProduct } from '../helpers/storefront';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * The bell (issue 24; docs/decisions/056-notifications.md): every kind produced, read state per
 * admin, read-all, paging, the kinds an admin receives (list, count and live), refusals.
 */

let t: TestApp;
let ada: { id: string; token: string; email: string; password: string };
let bob: { id: string; token: string };
const sockets: Socket[] = [];

async function admin(name: string) {
  const user = await createUser(t.database.db, { role: 'admin', name });
  return { ...user, token: (await createSessionToken(t.database.db, user.id)).token };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ada = await admin('Ada Admin');
  bob = await admin('Bob Admin');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token === null ? {} : { token },
    ...(payload !== undefined && { payload: payload as object }),
  });

const address = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  street: '1 Compiler Way',
  city: 'Arlington',
  state: 'VA',
  zipcode: '22201',
  country: 'US',
};

async function storefrontOrder() {
  const product = await insertStoreProduct(t.database.db, { priceCents: 4200 });
  const customer = await createCustomer(t);
  const res = await call('POST', CUSTOMER_PATHS.orders, customer.token, {
    address,
    paymentMethod: 'COD',
    items: [{ productId: product.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('producers', () => {
  it('a storefront order rings, live to a socket that receives orders, and opens that order', async () => {
    const socket = await adminSocket(t, ada.token);
    sockets.push(socket);
    const event = nextEvent<{ kind: string; count: number }>(
      socket,
      NOTIFICATION_EVENTS.created,
      (e) => e.kind === 'order',
    );
    const before = (await bell(t, ada.token)).unread;
    await storefrontOrder();
    expect(await event).toEqual({ kind: 'order', count: 1 });
    const after = await bell(t, ada.token);
    expect(after.unread).toBe(before + 1);
    const [newest] = after.notifications;
    expect(newest).toMatchObject({ kind: 'order', read: false, title: 'New order from Grace Hopper: $42.00' });
    const [row] = (
      await t.database.db.execute<{ id: string }>(sql`SELECT id FROM orders ORDER BY created_at DESC LIMIT 1`)
    ).rows;
    expect(newest?.subject).toEqual({ orderId: row?.id });
    expect(newest?._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('an order written straight into the database rings; one dated more than an hour back does not', async () => {
    const recent = await insertOrder(t.database.db, { firstName: 'Direct', lastName: 'Write', amountCents: 1234 });
    await insertOrder(t.database.db, { firstName: 'Old', lastName: 'Import', createdAt: new Date('2024-01-01') });
    const { notifications } = await bell(t, ada.token);
    expect(notifications[0]).toMatchObject({ kind: 'order', title: 'New order from Direct Write: $12.34' });
    expect(notifications[0]?.subject.orderId).toBe(recent.id);
    expect(notifications.some((n) => n.title.includes('Old Import'))).toBe(false);
  });

  it("a customer's new conversation, then a message; read from the start for an admin with Messages open", async () => {
    const customer = await createCustomer(t, { name: 'Chatty Cathy' });
    const send = async (body: string) => {
      const res = await call('POST', CUSTOMER_PATHS.messages, customer.token, { body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { conversation: string };
    };
    const first = await send('Hello, is the dragon in stock?');
    const second = await send('And in blue?');
    const mine = (await bell(t, ada.token)).notifications.filter((n) => n.kind === 'conversation');
    expect(mine.slice(0, 2).map((n) => n.title)).toEqual([
      'Chatty Cathy: And in blue?',
      'New conversation with Chatty Cathy: Hello, is the dragon in stock?',
    ]);
    expect(mine[0]?.subject).toEqual({ conversationId: first.conversation });
    expect(second.conversation).toBe(first.conversation);

    // Bob opens Messages: the next message is read for him from the start, still unread for Ada.
    const bobSocket = await adminSocket(t, bob.token);
    sockets.push(bobSocket);
    bobSocket.emit(NOTIFICATION_EVENTS.messagesOpen, { open: true });
    await waitUntil(async () => (await t.app.ctx.realtime.adminsWithMessagesOpen()).includes(bob.id), 'Messages open');
    await send('Hello?');
    const forBob = (await bell(t, bob.token)).notifications[0];
    const forAda = (await bell(t, ada.token)).notifications[0];
    expect(forBob).toMatchObject({ kind: 'conversation', title: 'Chatty Cathy: Hello?', read: true });
    expect(forAda).toMatchObject({ kind: 'conversation', title: 'Chatty Cathy: Hello?', read: false });
    bobSocket.emit(NOTIFICATION_EVENTS.messagesOpen, { open: false });
    await waitUntil(
      async () => !(await t.app.ctx.realtime.adminsWithMessagesOpen()).includes(bob.id),
      'Messages closed',
    );
  });

  it("a burst of refused sign-ins on an admin's account rings once per window; a customer's account never", async () => {
    const victim = await createUser(t.database.db, { role: 'admin', name: 'Target Admin' });
    const shopper = await createUser(t.database.db, { role: 'user', name: 'Just Shopping' });
    const refuse = (email: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email, password: 'wrong-password' },
        remoteAddress: `10.9.${i}.1`,
      });
    for (let i = 0; i < SIGN_IN_BURST.refusals - 1; i++) expect((await refuse(victim.email, i)).statusCode).toBe(401);
    const bursts = async () => (await bell(t, ada.token)).notifications.filter((n) => n.kind === 'signInBurst');
    expect(await bursts()).toEqual([]);
    for (let i = 0; i < SIGN_IN_BURST.refusals; i++) await refuse(shopper.email, i);
    // The e-mail's own limit lets LOGIN_MAX_PER_EMAIL (5) attempts through: the fifth is the burst.
    expect((await refuse(victim.email, 99)).statusCode).toBe(401);
    const told = await bursts();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `5 refused sign-ins on Target Admin's account within 15 minutes`,
      subject: { adminId: victim.id },
    });
    await refuse(victim.email, 100);
    expect(await bursts()).toHaveLength(1);
  });

  it('the stock kinds are one call: notify(tx, …) rings only if the transaction commits', async () => {
    const product = await insertStoreProduct(t.database.db, { name: 'Last Dragon' });
    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, { kind: 'stockOut', title: 'Rolled back', subject: { productId: product.id } });
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.database.db.transaction((tx) =>
      notify(tx, [
        { kind: 'stockLow', title: 'Low stock: Last Dragon (3 left)', subject: { productId: product.id } },
        { kind: 'stockOut', title: 'Out of stock: Last Dragon', subject: { productId: product.id } },
      ]),
    );
    const { notifications } = await bell(t, ada.token);
    expect(notifications.slice(0, 2).map((n) => [n.kind, n.title])).toEqual([
      ['stockOut', 'Out of stock: Last Dragon'],
      ['stockLow', 'Low stock: Last Dragon (3 left)'],
    ]);
    expect(notifications.some((n) => n.title === 'Rolled back')).toBe(false);
  });
});

describe('read state, per admin', () => {
  it('one opened is read for that admin only; read-all reads everything for them alone', async () => {
    await notify(t.database.db, { kind: 'order', title: 'Per admin', subject: { orderId: 'x'.repeat(24) } });
    const carol = await admin('Carol Admin');
    const mine = await bell(t, carol.token);
    const target = mine.notifications.find((n) => n.title === 'Per admin');
    expect(target?.read).toBe(false);
    expect(mine.unread).toBe(mine.notifications.length);

    const read = await call('POST', notificationReadPath(target?._id ?? ''), carol.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ success: true, unread: mine.unread - 1 });
    // Twice is once.
    expect((await call('POST', notificationReadPath(target?._id ?? ''), carol.token)).json().unread).toBe(
      mine.unread - 1,
    );
    expect((await bell(t, carol.token)).notifications.find((n) => n._id === target?._id)?.read).toBe(true);
    const bobs = await bell(t, bob.token);
    expect(bobs.notifications.find((n) => n._id === target?._id)?.read).toBe(false);

    const all = await call('POST', NOTIFICATION_PATHS.readAll, carol.token);
    expect(all.json()).toEqual({ success: true, unread: 0 });
    const after = await bell(t, carol.token);
    expect(after.unread).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    expect((await bell(t, bob.token)).unread).toBe(bobs.unread);

    // What comes after is unread again, and counted.
    await notify(t.database.db, { kind: 'bulk', title: 'After read-all', subject: { jobId: 'j1' } });
    const later = await bell(t, carol.token);
    expect(later.unread).toBe(1);
    expect(later.notifications[0]).toMatchObject({ title: 'After read-all', read: false });
  });

  it('the unread count equals the unread rows, whatever mix of reads (one by one, then all, then one)', async () => {
    const dave = await admin('Dave Admin');
    await call('POST', NOTIFICATION_PATHS.readAll, dave.token);
    const made = await notify(
      t.database.db,
      Array.from({ length: 6 }, (_, i) => ({ kind: 'campaign' as const, title: `Mix ${i}`, subject: {} })),
    );
    for (const { id } of made.slice(0, 2)) await call('POST', notificationReadPath(id), dave.token);
    const page = await bell(t, dave.token);
    expect(page.unread).toBe(4);
    expect(page.notifications.filter((n) => !n.read)).toHaveLength(4);
  });
});

describe('paging', () => {
  it('pages newest first with limit and before; without parameters the whole list', async () => {
    const whole = await bell(t, ada.token);
    expect(whole.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await bell(t, ada.token, `?limit=3${cursor ? `&before=${cursor}` : ''}`);
      expect(page.notifications.length).toBeLessThanOrEqual(3);
      expect(page.unread).toBe(whole.unread);
      seen.push(...page.notifications.map((n) => n._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.notifications.map((n) => n._id));
    const ats = whole.notifications.map((n) => n.at);
    expect([...ats].sort().reverse()).toEqual(ats);
  });
});

describe('the kinds an admin receives', () => {
  it('filters the list, the count and the live events; saved per admin', async () => {
    const erin = await admin('Erin Admin');
    const got: string[] = [];
    const socket = await adminSocket(t, erin.token);
    sockets.push(socket);
    socket.on(NOTIFICATION_EVENTS.created, (e: { kind: string }) => got.push(e.kind));

    expect((await call('GET', NOTIFICATION_PATHS.kinds, erin.token)).json().kinds).toEqual([...NOTIFICATION_KINDS]);
    const chosen: NotificationKind[] = ['stockLow', 'campaign'];
    const put = await call('PUT', NOTIFICATION_PATHS.kinds, erin.token, {
      kinds: ['campaign', 'stockLow', 'campaign'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().kinds).toEqual(chosen);
    expect((await call('GET', NOTIFICATION_PATHS.kinds, erin.token)).json().kinds).toEqual(chosen);
    expect((await call('GET', NOTIFICATION_PATHS.kinds, ada.token)).json().kinds).toEqual([...NOTIFICATION_KINDS]);

    const list = await bell(t, erin.token);
    expect(list.notifications.every((n) => chosen.includes(n.kind))).toBe(true);
    expect(list.unread).toBe(list.notifications.filter((n) => !n.read).length);

    // An order does not reach her socket; the stock notification after it does, and alone
    // (the instance hears the database's notifications in commit order).
    await insertOrder(t.database.db, { firstName: 'Not', lastName: 'Hers' });
    await notify(t.database.db, { kind: 'stockLow', title: 'Low: Erin sees this', subject: {} });
    await waitUntil(() => got.length > 0, 'the stock event');
    expect(got).toEqual(['stockLow']);
    expect((await bell(t, erin.token)).notifications[0]?.title).toBe('Low: Erin sees this');

    await call('PUT', NOTIFICATION_PATHS.kinds, erin.token, { kinds: [] });
    expect(await bell(t, erin.token)).toMatchObject({ notifications: [], unread: 0 });
  });
});

describe('the kinds an admin receives, on every instance', () => {
  /** The rooms of the admin's kinds that a socket of an app (this test's or another's) is in. */
  const kindRooms = (app: TestApp, socket: Socket) =>
    [...(app.app.ctx.realtime.io.of('/').sockets.get(socket.id ?? '')?.rooms ?? [])]
      .filter((room) => room.startsWith(ROOMS.notifications('')))
      .sort();

  it("this instance's sockets hear the new kinds when the change returns, before the call answers", async () => {
    const frank = await admin('Frank Admin');
    const socket = await adminSocket(t, frank.token);
    sockets.push(socket);
    expect(kindRooms(t, socket)).toEqual(NOTIFICATION_KINDS.map(ROOMS.notifications).sort());
    // No wait: a notification written right after the change must not reach a kind left behind
    // (the adapter alone changes rooms after a round trip to the database).
    t.app.ctx.realtime.setNotificationKinds(frank.id, ['campaign']);
    expect(kindRooms(t, socket)).toEqual([ROOMS.notifications('campaign')]);
    t.app.ctx.realtime.setNotificationKinds(frank.id, ['order', 'stockOut']);
    expect(kindRooms(t, socket)).toEqual([ROOMS.notifications('order'), ROOMS.notifications('stockOut')].sort());
  });

  it("a choice saved through one instance reaches the admin's sockets on another", async () => {
    const grace = await admin('Grace Admin');
    const url = t.config.databaseUrl;
    if (!url) throw new Error('the test app has no database URL');
    const other = await createTestApp({ DATABASE_URL: url });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await adminSocket(other, grace.token);
      sockets.push(socket);
      const put = await call('PUT', NOTIFICATION_PATHS.kinds, grace.token, { kinds: ['bulk'] });
      expect(put.statusCode, put.body).toBe(200);
      await waitUntil(
        () => kindRooms(other, socket).join() === ROOMS.notifications('bulk'),
        "the other instance's socket to hear bulk alone",
      );
      await call('PUT', NOTIFICATION_PATHS.kinds, grace.token, { kinds: ['order', 'bulk'] });
      const both = [ROOMS.notifications('bulk'), ROOMS.notifications('order')].sort().join();
      await waitUntil(() => kindRooms(other, socket).join() === both, "the other instance's socket to hear both");
      socket.disconnect();
    } finally {
      await other.close();
    }
  });
});

describe('refusals', () => {
  it("a customer's token gets 403 on every call; no token 401", async () => {
    const customer = await createCustomer(t);
    for (const [method, url] of [
      ['GET', NOTIFICATION_PATHS.list],
      ['POST', NOTIFICATION_PATHS.readAll],
      ['GET', NOTIFICATION_PATHS.kinds],
    ] as const) {
      expect((await call(method, url, customer.token)).statusCode).toBe(403);
      expect((await call(method, url, null)).statusCode).toBe(401);
    }
  });

  it('bad inputs are 400 naming the field; an unknown id is 404', async () => {
    const bad = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await call(method, url, ada.token, payload);
      expect(res.statusCode, url).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('GET', `${NOTIFICATION_PATHS.list}?limit=0`)).toMatch(/^limit: /);
    expect(await bad('GET', `${NOTIFICATION_PATHS.list}?limit=201`)).toMatch(/^limit: /);
    expect(await bad('GET', `${NOTIFICATION_PATHS.list}?before=abc`)).toMatch(/^before: /);
    expect(await bad('GET', `${NOTIFICATION_PATHS.list}?page=2`)).toMatch(/page/);
    expect(await bad('POST', notificationReadPath('nope'))).toMatch(/^id: /);
    expect(await bad('PUT', NOTIFICATION_PATHS.kinds, { kinds: ['order', 'weather'] })).toMatch(/^kinds/);
    expect(await bad('PUT', NOTIFICATION_PATHS.kinds, {})).toMatch(/^kinds/);
    const missing = await call('POST', notificationReadPath('0'.repeat(24)), ada.token);
    expect(missing.statusCode).toBe(404);
  });
});
