import { API_PATHS, CUSTOMER_PATHS, EVENTS, type Message } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { JOIN_REFUSED } from '../../src/plugins/infrastructure/realtime';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { createCustomer, joinConversation, openSocket } from '../helpers/customer-socket';
import { createSessionToken, createUser } from '../helpers/users';
import { PATIENCE_MS } from '../helpers/wait';

let t: TestApp;
let adminToken: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  adminToken = (await createSessionToken(t.database.db, admin.id)).token;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const track = <T extends Socket>(socket: T) => {
  sockets.push(socket);
  return socket;
};
const send = (token: string, body: string) =>
  t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.messages, headers: { token }, payload: { body } });
const reply = (conversationId: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.adminMessage,
    headers: { token: adminToken },
    payload: { conversationId, body },
  });
const thread = (conversationId: string) =>
  t.app.inject({
    method: 'GET',
    url: API_PATHS.adminThread.replace(':conversationId', conversationId),
    headers: { token: adminToken },
  });

/** A customer with their conversation started and a socket in its room. */
async function chattingCustomer(name?: string) {
  const customer = await createCustomer(t, name ? { name } : {});
  const res = await t.app.inject({
    method: 'GET',
    url: CUSTOMER_PATHS.conversation,
    headers: { token: customer.token },
  });
  const conversationId = res.json().conversation._id as string;
  const socket = track(await openSocket(t, customer.token));
  expect(await joinConversation(socket, conversationId)).toEqual({ ok: true });
  return { ...customer, conversationId, socket };
}

/** Collects every event of that name a socket receives. */
function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

describe('customer sockets', () => {
  it("bring a customer's message to the admins and an admin's reply to the customer", async () => {
    const casey = await chattingCustomer('Casey');
    const admin = track(await adminSocket(t, adminToken));

    const atAdmin = nextEvent<Message>(admin, EVENTS.newMessage);
    const unread = nextEvent<{ count: number }>(admin, EVENTS.adminUnreadUpdated);
    const sent = (await send(casey.token, 'Hi, is my parcel on its way?')).json();
    expect(await atAdmin).toMatchObject({ _id: sent._id, conversation: casey.conversationId, isAdmin: false });
    expect((await unread).count).toBeGreaterThanOrEqual(1);

    const atCustomer = nextEvent<Message>(casey.socket, EVENTS.newMessage, (m) => m.isAdmin);
    const answer = (await reply(casey.conversationId, 'Yes, it left today.')).json();
    expect(await atCustomer).toEqual({
      _id: answer._id,
      conversation: casey.conversationId,
      body: 'Yes, it left today.',
      isAdmin: true,
      sender: { name: 'Ada Admin' },
      createdAt: answer.createdAt,
    });
  });

  it("cannot join another customer's conversation, nor hear it", async () => {
    const alice = await chattingCustomer();
    const bob = await chattingCustomer();
    const refused = await joinConversation(bob.socket, alice.conversationId);
    expect(refused).toEqual({ ok: false, message: JOIN_REFUSED.notYours });
    expect(await joinConversation(bob.socket, 'not-an-id')).toEqual({ ok: false, message: JOIN_REFUSED.badId });
    expect(await joinConversation(bob.socket, { $ne: null })).toEqual({ ok: false, message: JOIN_REFUSED.badId });

    const bobHears = collect<Message>(bob.socket, EVENTS.newMessage);
    const aliceHears = nextEvent<Message>(alice.socket, EVENTS.newMessage, (m) => m.isAdmin);
    await reply(alice.conversationId, 'Only for Alice');
    await send(alice.token, 'Thanks, Alice here');
    expect((await aliceHears).body).toBe('Only for Alice');
    await allDelivered(t, bob.socket);
    expect(bobHears).toEqual([]);
  });

  it("may not join the admins' room, so hears no admin broadcast", async () => {
    const carol = await chattingCustomer();
    const dave = await chattingCustomer();
    expect(await carol.socket.timeout(PATIENCE_MS).emitWithAck(EVENTS.joinAdminGlobal)).toEqual({
      ok: false,
      message: JOIN_REFUSED.adminsOnly,
    });
    const carolHears = collect<Message>(carol.socket, EVENTS.newMessage);
    const carolCounts = collect<unknown>(carol.socket, EVENTS.adminUnreadUpdated);
    const admin = track(await adminSocket(t, adminToken));
    const atAdmin = nextEvent<Message>(admin, EVENTS.newMessage, (m) => m.conversation === dave.conversationId);
    await send(dave.token, 'from Dave');
    await atAdmin;
    await allDelivered(t, carol.socket);
    expect(carolHears).toEqual([]);
    expect(carolCounts).toEqual([]);
  });

  it('closes on logout, and only that session', async () => {
    const erin = await chattingCustomer();
    const other = track(await openSocket(t, erin.token));
    const secondSession = await createSessionToken(t.database.db, erin.id, undefined, 'customer');
    const stays = track(await openSocket(t, secondSession.token));
    const gone = Promise.all(
      [erin.socket, other].map((s) => new Promise<string>((resolve) => s.once('disconnect', resolve))),
    );
    const res = await t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.logout, headers: { token: erin.token } });
    expect(res.statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    // The logout closed that session's sockets at once: the other session's still hears the app after it.
    await allDelivered(t, stays);
    expect(stays.connected).toBe(true);
  });

  it('closes when the account is deactivated (its sessions revoked)', async () => {
    const frank = await chattingCustomer();
    const gone = new Promise<string>((resolve) => frank.socket.once('disconnect', resolve));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, frank.id));
    expect(await gone).toBe('io server disconnect');
  });

  it('closes when the account becomes an admin, and its storefront token stops working', async () => {
    const gina = await chattingCustomer();
    const gone = new Promise<string>((resolve) => gina.socket.once('disconnect', resolve));
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, gina.id));
    expect(await gone).toBe('io server disconnect');
    const after = await t.app.inject({
      method: 'GET',
      url: CUSTOMER_PATHS.conversation,
      headers: { token: gina.token },
    });
    expect(after.statusCode).toBe(403);
  });
});

describe('admin sockets and rooms', () => {
  it('may join any conversation, and hear a message once when in both rooms', async () => {
    const gina = await chattingCustomer();
    const admin = track(await adminSocket(t, adminToken));
    expect(await joinConversation(admin, gina.conversationId)).toEqual({ ok: true });
    const heard = collect<Message>(admin, EVENTS.newMessage);
    const first = nextEvent<Message>(admin, EVENTS.newMessage);
    await send(gina.token, 'Just once please');
    await first;
    await allDelivered(t, admin);
    expect(heard.map((m) => m.body)).toEqual(['Just once please']);
    // An admin that joined only the conversation, not the global room, hears it too.
    const roomOnly = track(await openSocket(t, adminToken));
    expect(await joinConversation(roomOnly, gina.conversationId)).toEqual({ ok: true });
    const inRoom = nextEvent<Message>(roomOnly, EVENTS.newMessage);
    await send(gina.token, 'Room only');
    expect((await inRoom).body).toBe('Room only');
  });

  it('catches up after a reconnect by re-joining and refetching the open thread', async () => {
    const hank = await chattingCustomer();
    const before = track(await adminSocket(t, adminToken));
    expect((await thread(hank.conversationId)).statusCode).toBe(200);
    before.disconnect();
    // Sent while the admin's socket was away: no event reaches it.
    await send(hank.token, 'sent during the gap');
    await reply(hank.conversationId, 'another admin answered meanwhile');

    const after = track(await adminSocket(t, adminToken));
    expect(await joinConversation(after, hank.conversationId)).toEqual({ ok: true });
    // Once the join is acknowledged no broadcast is missed, so one refetch closes the gap.
    const refetched = (await thread(hank.conversationId)).json().messages.map((m: Message) => m.body);
    expect(refetched).toEqual(['sent during the gap', 'another admin answered meanwhile']);
    const live = nextEvent<Message>(after, EVENTS.newMessage);
    await send(hank.token, 'and now live');
    expect((await live).body).toBe('and now live');
  });
});
