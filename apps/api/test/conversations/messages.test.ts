import { API_PATHS, CUSTOMER_PATHS, EVENTS, MESSAGE_MAX_LENGTH, MESSAGES, type Message } from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { createCustomer } from '../helpers/customer-socket';
import { createSessionToken, createUser } from '../helpers/users';

let t: TestApp;
let admin: { id: string; name: string; token: string };
let socket: Socket;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  admin = { ...user, token: (await createSessionToken(t.database.db, user.id)).token };
  socket = await adminSocket(t, admin.token);
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { token: admin.token }, ...(payload === undefined ? {} : { payload }) });
const thread = (id: string, query = '') =>
  asAdmin('GET', `${API_PATHS.adminThread.replace(':conversationId', id)}${query}`);

/** A customer who wrote `count` messages through the storefront's call. */
async function customerWith(count: number, name?: string) {
  const customer = await createCustomer(t, name ? { name } : {});
  let conversationId = '';
  for (let i = 0; i < count; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: CUSTOMER_PATHS.messages,
      headers: { token: customer.token },
      payload: { body: `message ${i + 1}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    conversationId = res.json().conversation;
  }
  return { customer, conversationId };
}

/** n messages straight in the database, a second apart, oldest first. */
async function seedMessages(conversationId: string, senderId: string, n: number) {
  await t.database.db.execute(sql`
    INSERT INTO messages (id, conversation_id, sender_id, body, is_admin, created_at)
    SELECT lpad(to_hex(1700000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'), ${conversationId}, ${senderId},
      'seeded ' || g, g % 3 = 0, timestamptz '2026-01-01' + g * interval '1 second'
    FROM generate_series(1, ${n}) g`);
}

describe('GET /api/messages/admin/{conversationId}', () => {
  it('answers the whole thread, oldest first, with the senders, and marks it read for every admin', async () => {
    const { customer, conversationId } = await customerWith(2, 'Casey Customer');
    const reply = await asAdmin('POST', API_PATHS.adminMessage, { conversationId, body: 'Hello Casey' });
    expect(reply.statusCode).toBe(200);
    // The reply read it; a new customer message makes it unread again.
    await t.app.inject({
      method: 'POST',
      url: CUSTOMER_PATHS.messages,
      headers: { token: customer.token },
      payload: { body: 'Thanks!' },
    });
    const unread = await asAdmin('GET', API_PATHS.unread);
    expect(unread.json().unread).toBe(1);
    // The counts those calls broadcast have all arrived: the next one heard is the thread's.
    await allDelivered(t, socket);

    // Another admin, on another session: every admin's shell hears the new count.
    const other = await createUser(t.database.db, { role: 'admin' });
    const otherSocket = await adminSocket(t, (await createSessionToken(t.database.db, other.id)).token);
    const broadcast = nextEvent<{ count: number }>(socket, EVENTS.adminUnreadUpdated);
    const otherHears = nextEvent<{ count: number }>(otherSocket, EVENTS.adminUnreadUpdated);
    const res = await thread(conversationId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.nextCursor).toBeNull();
    expect(body.messages.map((m: Message) => [m.body, m.isAdmin, m.sender?.name])).toEqual([
      ['message 1', false, 'Casey Customer'],
      ['message 2', false, 'Casey Customer'],
      ['Hello Casey', true, 'Ada Admin'],
      ['Thanks!', false, 'Casey Customer'],
    ]);
    for (const m of body.messages) expect(m.conversation).toBe(conversationId);
    expect(await broadcast).toEqual({ count: 0 });
    expect(await otherHears).toEqual({ count: 0 });
    otherSocket.disconnect();
    expect((await asAdmin('GET', API_PATHS.unread)).json().unread).toBe(0);

    // Opening it again changes nothing, so nothing is broadcast.
    let again = false;
    const listener = () => {
      again = true;
    };
    socket.on(EVENTS.adminUnreadUpdated, listener);
    expect((await thread(conversationId)).statusCode).toBe(200);
    // Every event of the call was sent before it answered: all of them have arrived by now.
    await allDelivered(t, socket);
    socket.off(EVENTS.adminUnreadUpdated, listener);
    expect(again).toBe(false);
  });

  it('pages 120 messages newest first: 50, 50, then the last 20, with no duplicate and in order', async () => {
    const { customer, conversationId } = await customerWith(0);
    await t.app.inject({ method: 'GET', url: CUSTOMER_PATHS.conversation, headers: { token: customer.token } });
    const found = await t.database.db.execute<{ id: string }>(
      sql`SELECT id FROM conversations WHERE user_id = ${customer.id}`,
    );
    const id = found.rows[0]?.id as string;
    expect(conversationId).toBe('');
    await seedMessages(id, customer.id, 120);

    const pages: Message[][] = [];
    let cursor: string | null = null;
    do {
      const res = await thread(id, `?limit=50${cursor ? `&before=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json().messages);
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
    expect(pages[0]?.at(-1)?.body).toBe('seeded 120');
    expect(pages[0]?.[0]?.body).toBe('seeded 71');
    // Oldest first overall once the pages are put back in reading order.
    const all = pages.reverse().flat();
    expect(all.map((m) => m.body)).toEqual(Array.from({ length: 120 }, (_, i) => `seeded ${i + 1}`));
    expect(new Set(all.map((m) => m._id)).size).toBe(120);
  });

  it('refuses an unknown conversation (404), a bad id, a bad cursor or limit (400)', async () => {
    const { conversationId } = await customerWith(1);
    const other = await customerWith(1);
    const unknown = await thread('65a1b2c3d4e5f60718293a4b');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: MESSAGES.conversationNotFound });
    expect((await thread('nope')).json().message).toBe('conversationId: must be a 24-character hex id');
    expect((await thread(conversationId, '?before=zzz')).json().message).toBe(
      'before: must be a message of this conversation',
    );
    // A message of another conversation is not a position in this one.
    const foreign = (await thread(other.conversationId)).json().messages[0]._id;
    const wrong = await thread(conversationId, `?before=${foreign}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('before: must be a message of this conversation');
    expect((await thread(conversationId, '?limit=0')).json().message).toBe('limit: must be at least 1');
    expect((await thread(conversationId, '?limit=501')).json().message).toBe('limit: must be at most 500');
    expect((await thread(conversationId, '?limit=x')).statusCode).toBe(400);
  });
});

describe('POST /api/messages/admin', () => {
  it('answers the message itself, trimmed, makes it the last message, and tells every admin and the room', async () => {
    const { conversationId } = await customerWith(1);
    const heard = nextEvent<Message>(socket, EVENTS.newMessage, (m) => m.isAdmin && m.conversation === conversationId);
    const res = await asAdmin('POST', API_PATHS.adminMessage, { conversationId, body: '  <b>On its way</b>\n ' });
    expect(res.statusCode).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({
      success: true,
      conversation: conversationId,
      body: '<b>On its way</b>',
      isAdmin: true,
      sender: { name: 'Ada Admin' },
    });
    expect(sent._id).toMatch(/^[0-9a-f]{24}$/);
    const { success: _, ...message } = sent;
    expect(await heard).toEqual(message);
    const list = (await asAdmin('GET', API_PATHS.conversations)).json().conversations;
    expect(list.find((c: { _id: string }) => c._id === conversationId)).toMatchObject({
      lastMessage: '<b>On its way</b>',
      lastMessageAt: sent.createdAt,
      adminUnread: false,
    });
  });

  it('refuses an empty, blank or too long body, a bad id, and an unknown conversation', async () => {
    const { conversationId } = await customerWith(1);
    const post = (payload: Record<string, unknown>) => asAdmin('POST', API_PATHS.adminMessage, payload);
    const cases: [Record<string, unknown>, string][] = [
      [{ conversationId, body: '' }, 'body: must not be empty'],
      [{ conversationId, body: ' \n\t ' }, 'body: must not be empty'],
      [{ conversationId, body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, 'body: must be at most 5000 characters'],
      [{ conversationId }, 'body: is required'],
      [{ conversationId: 'abc', body: 'hi' }, 'conversationId: must be a 24-character hex id'],
      [{ conversationId, body: 'a\u0000b' }, 'body: contains an invalid character (NUL or unpaired surrogate)'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    // Exactly 5,000 characters is fine.
    expect((await post({ conversationId, body: 'y'.repeat(MESSAGE_MAX_LENGTH) })).statusCode).toBe(200);
    const unknown = await post({ conversationId: '65a1b2c3d4e5f60718293a4b', body: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.conversationNotFound);
  });
});
