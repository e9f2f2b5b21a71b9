import {
  API_PATHS,
  CUSTOMER_MESSAGES_PER_MINUTE,
  CUSTOMER_PATHS,
  EVENTS,
  MESSAGE_PAGE_SIZE,
  MESSAGES,
  type Message,
} from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { createCustomer } from '../helpers/customer-socket';
import { createSessionToken, createUser } from '../helpers/users';

let t: TestApp;
let adminToken: string;
let socket: Socket;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  adminToken = (await createSessionToken(t.database.db, admin.id)).token;
  socket = await adminSocket(t, adminToken);
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const mine = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${CUSTOMER_PATHS.conversation}${query}`, headers: { token } });
const older = (token: string, query: string) =>
  t.app.inject({ method: 'GET', url: `${CUSTOMER_PATHS.messages}${query}`, headers: { token } });
const send = (token: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.messages, headers: { token }, payload: { body } });
const conversationsOf = (userId: string) =>
  t.database.db.select().from(conversations).where(eq(conversations.userId, userId));

describe('GET /api/customer/conversation', () => {
  it('starts my conversation on first use, named after me, and answers the same one after', async () => {
    const customer = await createCustomer(t, { name: 'Fiona First' });
    const first = await mine(customer.token);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      success: true,
      conversation: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        lastMessage: null,
        lastMessageAt: null,
        createdAt: expect.any(String),
      },
      messages: [],
      nextCursor: null,
    });
    expect((await mine(customer.token)).json().conversation._id).toBe(body.conversation._id);
    const rows = await conversationsOf(customer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ participantName: 'Fiona First', adminUnread: false });
  });

  it('makes one conversation however many first calls race, reads and sends alike', async () => {
    const customer = await createCustomer(t);
    const calls = Array.from({ length: 2 * (CUSTOMER_MESSAGES_PER_MINUTE - 1) }, (_, i) =>
      i % 2 === 0 ? mine(customer.token) : send(customer.token, `race ${i}`),
    );
    const answers = await Promise.all(calls);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(answers.map((res, i) => (i % 2 === 0 ? res.json().conversation._id : res.json().conversation)));
    expect(ids.size).toBe(1);
    expect(await conversationsOf(customer.id)).toHaveLength(1);
  });

  it('answers the newest page oldest first and pages back through GET /api/customer/messages', async () => {
    const customer = await createCustomer(t);
    const id = (await mine(customer.token)).json().conversation._id as string;
    await t.database.db.execute(sql`
      INSERT INTO messages (id, conversation_id, sender_id, body, is_admin, created_at)
      SELECT lpad(to_hex(1700000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'), ${id}, ${customer.id},
        'old ' || g, false, timestamptz '2026-01-01' + g * interval '1 minute'
      FROM generate_series(1, 120) g`);
    const first = (await mine(customer.token)).json();
    expect(first.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(first.messages[0].body).toBe('old 71');
    expect(first.messages.at(-1).body).toBe('old 120');
    const seen: Message[] = [...first.messages];
    let cursor: string | null = first.nextCursor;
    const sizes: number[] = [];
    while (cursor) {
      const res = await older(customer.token, `?before=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      sizes.push(res.json().messages.length);
      seen.unshift(...res.json().messages);
      cursor = res.json().nextCursor;
    }
    expect(sizes).toEqual([50, 20]);
    expect(seen.map((m) => m.body)).toEqual(Array.from({ length: 120 }, (_, i) => `old ${i + 1}`));
    // A smaller page when asked.
    expect((await mine(customer.token, '?limit=7')).json().messages).toHaveLength(7);
    expect(
      (await older(customer.token, `?before=${first.nextCursor}&limit=3`)).json().messages.map((m: Message) => m.body),
    ).toEqual(['old 68', 'old 69', 'old 70']);
  });

  it("refuses another customer's message as a cursor, a bad one, and a bad limit", async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    await send(a.token, 'mine');
    const theirs = (await send(b.token, 'theirs')).json()._id as string;
    for (const before of [theirs, 'garbage', '65a1b2c3d4e5f60718293a4b']) {
      const res = await older(a.token, `?before=${before}`);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().message).toBe('before: must be a message of your conversation');
    }
    expect((await mine(a.token, '?limit=0')).json().message).toBe('limit: must be at least 1');
    expect((await older(a.token, '?limit=501')).json().message).toBe('limit: must be at most 500');
  });
});

describe('POST /api/customer/messages', () => {
  it('answers the message, makes it the last one, unread, and tells every admin with the count', async () => {
    const customer = await createCustomer(t, { name: 'Carl Chat' });
    // The counts the earlier tests' messages broadcast have all arrived: the next one is this message's.
    await allDelivered(t, socket);
    const heard = nextEvent<Message>(socket, EVENTS.newMessage, (m) => m.body === 'Is the dragon figure back?');
    const count = nextEvent<{ count: number }>(socket, EVENTS.adminUnreadUpdated);
    const res = await send(customer.token, '  Is the dragon figure back?  ');
    expect(res.statusCode).toBe(200);
    const sent = res.json();
    expect(sent).toEqual({
      success: true,
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      conversation: expect.stringMatching(/^[0-9a-f]{24}$/),
      body: 'Is the dragon figure back?',
      isAdmin: false,
      sender: { name: 'Carl Chat' },
      createdAt: expect.any(String),
    });
    const { success: _, ...message } = sent;
    expect(await heard).toEqual(message);
    const unread = await t.app.inject({ method: 'GET', url: API_PATHS.unread, headers: { token: adminToken } });
    expect(await count).toEqual({ count: unread.json().unread });
    const [row] = await conversationsOf(customer.id);
    expect(row).toMatchObject({
      lastMessage: 'Is the dragon figure back?',
      adminUnread: true,
      participantName: 'Carl Chat',
    });
    expect(row?.lastMessageAt?.toISOString()).toBe(sent.createdAt);
    const conversation = (await mine(customer.token)).json();
    expect(conversation.conversation.lastMessage).toBe('Is the dragon figure back?');
    expect(conversation.messages).toEqual([message]);
  });

  it('stores the text as it is: markup is text, never rendered here', async () => {
    const customer = await createCustomer(t);
    const text = '<script>alert(1)</script> & <img src=x onerror=alert(2)>\nline two';
    const sent = (await send(customer.token, text)).json();
    expect(sent.body).toBe(text);
    const thread = await t.app.inject({
      method: 'GET',
      url: API_PATHS.adminThread.replace(':conversationId', sent.conversation),
      headers: { token: adminToken },
    });
    expect(thread.json().messages[0].body).toBe(text);
  });

  it('refuses an empty, blank, missing, too long or non-text body', async () => {
    const customer = await createCustomer(t);
    const cases: [unknown, string][] = [
      ['', 'body: must not be empty'],
      ['   \n ', 'body: must not be empty'],
      [undefined, 'body: is required'],
      [42, 'body: is required'],
      ['z'.repeat(5001), 'body: must be at most 5000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await send(customer.token, body);
      expect(res.statusCode, String(body).slice(0, 20)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    // Nothing was sent: the conversation, if any, has no message.
    const rows = await conversationsOf(customer.id);
    expect(rows.every((r) => r.lastMessage === null)).toBe(true);
  });

  it(`lets exactly ${CUSTOMER_MESSAGES_PER_MINUTE} through a burst of 30 concurrent sends, the rest 429 with Retry-After`, async () => {
    const customer = await createCustomer(t);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => send(customer.token, `burst ${i}`)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(CUSTOMER_MESSAGES_PER_MINUTE);
    expect(refused).toHaveLength(30 - CUSTOMER_MESSAGES_PER_MINUTE);
    for (const res of refused) {
      const retry = Number(res.headers['retry-after']);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.tooManyMessages(retry) });
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
    const [row] = await conversationsOf(customer.id);
    const stored = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM messages WHERE conversation_id = ${row?.id as string}`,
    );
    expect(stored.rows[0]?.n).toBe(CUSTOMER_MESSAGES_PER_MINUTE);
    // Admin replies are not counted, and another customer has their own allowance.
    const reply = await t.app.inject({
      method: 'POST',
      url: API_PATHS.adminMessage,
      headers: { token: adminToken },
      payload: { conversationId: row?.id, body: 'Slow down please' },
    });
    expect(reply.statusCode).toBe(200);
    const other = await createCustomer(t);
    expect((await send(other.token, 'hello')).statusCode).toBe(200);
  });

  it('lets the customer write again once the oldest of the minute is older than a minute', async () => {
    const customer = await createCustomer(t);
    for (let i = 0; i < CUSTOMER_MESSAGES_PER_MINUTE; i++)
      expect((await send(customer.token, `m${i}`)).statusCode).toBe(200);
    const refused = await send(customer.token, 'one too many');
    expect(refused.statusCode).toBe(429);
    const [row] = await conversationsOf(customer.id);
    // The first message moves 61 seconds back: one slot frees up, and only one.
    await t.database.db.execute(sql`
      UPDATE messages SET created_at = created_at - interval '61 seconds'
      WHERE id = (SELECT id FROM messages WHERE conversation_id = ${row?.id as string} ORDER BY created_at LIMIT 1)`);
    expect((await send(customer.token, 'again')).statusCode).toBe(200);
    expect((await send(customer.token, 'and again')).statusCode).toBe(429);
  });
});
