import { API_PATHS, type Conversation, CUSTOMER_PATHS, EVENTS, MESSAGES } from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../../src/db/schema';
import { nextEvent, socketApp } from '../helpers/admin-socket';
import type { TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { createCustomer } from '../helpers/customer-socket';
import { createUser } from '../helpers/users';

let t: TestApp;
let token: string;
let socket: Socket;

beforeAll(async () => {
  ({ t, token, socket } = await socketApp());
});
afterAll(async () => {
  socket.disconnect();
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { token } });
const unread = async () => {
  const res = await get(API_PATHS.unread);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const list = async (query = '') => {
  const res = await get(`${API_PATHS.conversations}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; conversations: Conversation[]; nextCursor: string | null };
};

/** A conversation straight in the database, with its last activity `minutesAgo` (none when null). */
async function conversation(values: {
  name?: string;
  participantName?: string;
  email?: string;
  minutesAgo: number | null;
  unread?: boolean;
}) {
  const user = await createUser(t.database.db, {
    ...(values.name ? { name: values.name } : {}),
    ...(values.email ? { email: values.email } : {}),
  });
  const at = values.minutesAgo === null ? null : new Date(Date.now() - values.minutesAgo * 60_000);
  const rows = await t.database.db
    .insert(conversations)
    .values({
      userId: user.id,
      participantName: values.participantName ?? user.name,
      lastMessage: at ? `last of ${user.name}` : null,
      lastMessageAt: at,
      adminUnread: values.unread ?? false,
    })
    .returning({ id: conversations.id });
  return { id: (rows[0] as { id: string }).id, user };
}

describe('GET /api/conversations/admin/unread', () => {
  beforeEach(async () => {
    await t.database.db.delete(conversations);
  });

  it('is 0 with no conversations', async () => {
    expect(await unread()).toEqual({ success: true, unread: 0 });
  });

  it('counts the conversations unread by the admins', async () => {
    await conversation({ minutesAgo: 1, unread: true });
    await conversation({ minutesAgo: 2, unread: true });
    await conversation({ minutesAgo: 3, unread: false });
    expect(await unread()).toEqual({ success: true, unread: 2 });
  });
});

describe('GET /api/conversations', () => {
  beforeEach(async () => {
    await t.database.db.delete(conversations);
  });

  it('lists every conversation newest activity first, those without a message last, with the spec fields', async () => {
    const old = await conversation({ name: 'Olga Old', minutesAgo: 60 });
    const recent = await conversation({ name: 'Rita Recent', minutesAgo: 1, unread: true });
    const silent = await conversation({ name: 'Sam Silent', minutesAgo: null });
    const unnamed = await conversation({ name: 'Nora Noname', participantName: '', minutesAgo: 30 });
    const body = await list();
    expect(body.success).toBe(true);
    expect(body.nextCursor).toBeNull();
    expect(body.conversations.map((c) => c._id)).toEqual([recent.id, unnamed.id, old.id, silent.id]);
    expect(body.conversations[0]).toEqual({
      _id: recent.id,
      participantName: 'Rita Recent',
      user: { _id: recent.user.id, name: 'Rita Recent' },
      lastMessage: 'last of Rita Recent',
      lastMessageAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      adminUnread: true,
    });
    expect(body.conversations[1]?.participantName).toBe('');
    expect(body.conversations[3]).toMatchObject({ lastMessage: null, lastMessageAt: null, adminUnread: false });
  });

  it('pages with limit and the cursor: every conversation once, in order, ties on the time broken by id', async () => {
    const made: string[] = [];
    // Seven share one time to the microsecond, three have none: the cursor must cross both.
    const tie = new Date(Date.now() - 5 * 60_000);
    for (let i = 0; i < 12; i++) {
      const c = await conversation({ minutesAgo: i });
      made.push(c.id);
    }
    await t.database.db
      .update(conversations)
      .set({ lastMessageAt: sql`${tie.toISOString()}::timestamptz + interval '7 microseconds'` })
      .where(sql`${conversations.id} IN ${made.slice(3, 10)}`);
    await t.database.db
      .update(conversations)
      .set({ lastMessageAt: null })
      .where(sql`${conversations.id} IN ${made.slice(10)}`);
    const whole = (await list()).conversations.map((c) => c._id);
    expect(whole).toHaveLength(12);

    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = await list(`?limit=5${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...body.conversations.map((c) => c._id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(paged).toEqual(whole);
    // The first three by time, then the tie by id descending, then the silent ones by id descending.
    expect(whole.slice(0, 3)).toEqual(made.slice(0, 3));
    expect(whole.slice(3, 10)).toEqual([...made.slice(3, 10)].sort().reverse());
    expect(whole.slice(10)).toEqual([...made.slice(10)].sort().reverse());
  });

  it('does not shift later pages when a conversation jumps to the top meanwhile', async () => {
    const made: { id: string; user: { id: string } }[] = [];
    for (let i = 0; i < 6; i++) made.push(await conversation({ minutesAgo: i + 1 }));
    const first = await list('?limit=3');
    expect(first.conversations.map((c) => c._id)).toEqual(made.slice(0, 3).map((c) => c.id));
    // The last of the first page gets a new message: it is now the newest of all.
    await t.database.db
      .update(conversations)
      .set({ lastMessageAt: new Date() })
      .where(eq(conversations.id, made[2]?.id as string));
    const second = await list(`?limit=3&before=${encodeURIComponent(first.nextCursor as string)}`);
    expect(second.conversations.map((c) => c._id)).toEqual(made.slice(3).map((c) => c.id));
    expect(second.nextCursor).toBeNull();
  });

  it("searches the participant's name, the user's name and e-mail, case-insensitively, wildcards taken literally", async () => {
    const byParticipant = await conversation({ name: 'Anon One', participantName: 'Zelda Quill', minutesAgo: 1 });
    const byName = await conversation({ name: 'Harriet Zeldin', participantName: 'H.', minutesAgo: 2 });
    const byEmail = await conversation({ name: 'Pat Mail', email: 'pat.zeld@shop.example', minutesAgo: 3 });
    await conversation({ name: 'Other Person', minutesAgo: 4 });
    const percent = await conversation({ name: 'Fifty 50%_off', minutesAgo: 5 });
    expect((await list('?q=ZELD')).conversations.map((c) => c._id)).toEqual([byParticipant.id, byName.id, byEmail.id]);
    expect((await list('?q=%25_')).conversations.map((c) => c._id)).toEqual([percent.id]);
    expect((await list('?q=nobody-here')).conversations).toEqual([]);
    // A search pages too.
    const page = await list('?q=zeld&limit=2');
    expect(page.conversations.map((c) => c._id)).toEqual([byParticipant.id, byName.id]);
    const rest = await list(`?q=zeld&limit=2&before=${encodeURIComponent(page.nextCursor as string)}`);
    expect(rest.conversations.map((c) => c._id)).toEqual([byEmail.id]);
  });

  it('refuses a cursor it did not give and a bad limit', async () => {
    for (const before of ['garbage', '123.zz', `1.${'a'.repeat(23)}`, 'x'.repeat(201)]) {
      const res = await get(`${API_PATHS.conversations}?before=${before}`);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().message).toMatch(/^before: /);
    }
    expect((await get(`${API_PATHS.conversations}?limit=0`)).json().message).toBe('limit: must be at least 1');
    expect((await get(`${API_PATHS.conversations}?limit=501`)).json().message).toBe('limit: must be at most 500');
  });
});

describe('DELETE /api/conversations/{id}', () => {
  const remove = (id: string) =>
    t.app.inject({ method: 'DELETE', url: API_PATHS.conversation.replace(':id', id), headers: { token } });

  it('deletes it with its messages, tells every admin, and the new unread count when it was unread', async () => {
    await t.database.db.delete(conversations);
    const customer = await createCustomer(t);
    const posted = await t.app.inject({
      method: 'POST',
      url: CUSTOMER_PATHS.messages,
      headers: { token: customer.token },
      payload: { body: 'Where is my order?' },
    });
    const id = posted.json().conversation as string;
    await conversation({ minutesAgo: 1, unread: true });
    expect((await unread()).unread).toBe(2);
    // The count the customer's message broadcast has arrived: the next one heard is the deletion's.
    await allDelivered(t, socket);

    const deleted = nextEvent<{ _id: string }>(socket, EVENTS.conversationDeleted);
    const count = nextEvent<{ count: number }>(socket, EVENTS.adminUnreadUpdated);
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.conversationDeleted });
    expect(await deleted).toEqual({ _id: id });
    expect(await count).toEqual({ count: 1 });
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    expect((await list()).conversations.map((c) => c._id)).not.toContain(id);
    // The customer's account stays; their next visit starts a new conversation.
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, customer.id))).toHaveLength(1);
    const again = await t.app.inject({
      method: 'GET',
      url: CUSTOMER_PATHS.conversation,
      headers: { token: customer.token },
    });
    expect(again.json().conversation._id).not.toBe(id);
    expect(again.json().messages).toEqual([]);
  });

  it('does not broadcast an unread count that did not change', async () => {
    const read = await conversation({ minutesAgo: 1, unread: false });
    let told = false;
    const listener = () => {
      told = true;
    };
    socket.on(EVENTS.adminUnreadUpdated, listener);
    const deleted = nextEvent<{ _id: string }>(socket, EVENTS.conversationDeleted);
    expect((await remove(read.id)).statusCode).toBe(200);
    await deleted;
    // Every event of the call was sent before it answered: all of them have arrived by now.
    await allDelivered(t, socket);
    socket.off(EVENTS.adminUnreadUpdated, listener);
    expect(told).toBe(false);
  });

  it('answers 404 for an unknown conversation and 400 for a bad id', async () => {
    const unknown = await remove('65a1b2c3d4e5f60718293a4b');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: MESSAGES.conversationNotFound });
    const bad = await remove('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id: must be a 24-character hex id');
  });
});
