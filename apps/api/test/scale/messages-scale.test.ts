import { API_PATHS, type Conversation, type Message } from '@backroom/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeConversationCursor } from '../../src/modules/conversations/cursor';
import { conversationPageSql, threadPageSql } from '../../src/modules/conversations/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/users';

/**
 * A shop with 5,000 conversations and a 2,000-message thread, made in SQL. The pages must come out
 * right, and each page must read only its own rows from the indexes (EXPLAIN ANALYZE's row
 * counts, not timings).
 */
const CONVERSATIONS = 5_000;
const THREAD = 2_000;

let t: TestApp;
let token: string;
let threadId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.database.db);
  const db = t.database.db;
  // Ids as the app makes them: 8 hex digits of seconds, then 16 of a serial.
  await db.execute(sql`
    INSERT INTO users (id, name, email, password_hash, role)
    SELECT lpad(to_hex(1690000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'), 'Customer ' || g,
      'customer' || g || '@scale.example', 'x', 'user'
    FROM generate_series(1, ${CONVERSATIONS}) g`);
  // Every 7th conversation shares its time with the one before; every 50th has no message yet.
  await db.execute(sql`
    INSERT INTO conversations (id, user_id, participant_name, last_message, last_message_at, admin_unread)
    SELECT lpad(to_hex(1700000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'),
      lpad(to_hex(1690000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'),
      CASE WHEN g % 97 = 0 THEN '' ELSE 'Customer ' || g END,
      CASE WHEN g % 50 = 0 THEN NULL ELSE 'hello ' || g END,
      CASE WHEN g % 50 = 0 THEN NULL
        ELSE timestamptz '2026-01-01' + (g - (g % 7 = 0)::int) * interval '1 minute' + interval '123 microseconds' END,
      g % 3 = 0
    FROM generate_series(1, ${CONVERSATIONS}) g`);
  threadId = '6553f101000000000000000a';
  await db.execute(sql`UPDATE conversations SET id = ${threadId} WHERE participant_name = 'Customer 10'`);
  await db.execute(sql`
    INSERT INTO messages (id, conversation_id, sender_id, body, is_admin, created_at)
    SELECT lpad(to_hex(1710000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'), ${threadId}, NULL,
      'message ' || g, g % 2 = 0, timestamptz '2026-02-01' + (g / 2) * interval '1 second'
    FROM generate_series(1, ${THREAD}) g`);
  // Other threads, so the index holds more than the one conversation.
  await db.execute(sql`
    INSERT INTO messages (id, conversation_id, sender_id, body, is_admin, created_at)
    SELECT lpad(to_hex(1720000000 + g), 8, '0') || lpad(to_hex(g), 16, '0'),
      lpad(to_hex(1700000000 + (g % 4000) + 1), 8, '0') || lpad(to_hex((g % 4000) + 1), 16, '0'),
      NULL, 'other ' || g, false, timestamptz '2026-02-01' + g * interval '1 second'
    FROM generate_series(1, 20000) g WHERE (g % 4000) + 1 <> 10`);
  await db.execute(sql`ANALYZE users; ANALYZE conversations; ANALYZE messages`);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
async function plan(query: SQL): Promise<PlanNode[]> {
  const result = await t.database.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
  );
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((result.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan);
  return nodes;
}

describe('5,000 conversations', () => {
  it('pages the whole list 50 at a time: every conversation once, in the order of the whole list', async () => {
    const whole = (await get(API_PATHS.conversations)).conversations.map((c: Conversation) => c._id);
    expect(whole).toHaveLength(CONVERSATIONS);
    const paged: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = await get(
        `${API_PATHS.conversations}?limit=50${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(body.conversations.length).toBeLessThanOrEqual(50);
      paged.push(...body.conversations.map((c: Conversation) => c._id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(CONVERSATIONS / 50);
    expect(paged).toEqual(whole);
    // The order the database gives for the same rule.
    const expected = await t.database.db.execute<{ id: string }>(
      sql`SELECT id FROM conversations ORDER BY coalesce(last_message_at, '-infinity') DESC, id DESC`,
    );
    expect(paged).toEqual(expected.rows.map((r) => r.id));
  });

  it('reads a page, first or deep, from the activity index without sorting or reading past it', async () => {
    const first = await get(`${API_PATHS.conversations}?limit=50`);
    let cursor = first.nextCursor as string;
    for (let i = 0; i < 60; i++)
      cursor = (await get(`${API_PATHS.conversations}?limit=50&before=${encodeURIComponent(cursor)}`)).nextCursor;
    for (const page of [{ limit: 51 }, { limit: 51, cursor: decodeConversationCursor(cursor) }]) {
      const nodes = await plan(conversationPageSql(page));
      expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      const scan = nodes.find((n) => n['Index Name'] === 'conversations_activity_idx');
      expect(scan, JSON.stringify(nodes.map((n) => n['Node Type']))).toBeDefined();
      expect(scan?.['Actual Rows']).toBeLessThanOrEqual(51);
      expect(scan?.['Rows Removed by Filter'] ?? 0).toBe(0);
    }
  });

  it('searches them: the matches only, newest first', async () => {
    const body = await get(`${API_PATHS.conversations}?q=${encodeURIComponent('customer 499')}`);
    const names = body.conversations.map((c: Conversation) => c.user?.name);
    expect(names.sort()).toEqual(['Customer 499', ...Array.from({ length: 10 }, (_, i) => `Customer 499${i}`)].sort());
  });
});

describe('a 2,000-message thread', () => {
  it('pages back 50 at a time: 40 pages, every message once, oldest first overall', async () => {
    const whole = (await get(API_PATHS.adminThread.replace(':conversationId', threadId))).messages as Message[];
    expect(whole).toHaveLength(THREAD);
    const pages: Message[][] = [];
    let cursor: string | null = null;
    do {
      const body = await get(
        `${API_PATHS.adminThread.replace(':conversationId', threadId)}?limit=50${cursor ? `&before=${cursor}` : ''}`,
      );
      pages.push(body.messages);
      cursor = body.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(THREAD / 50);
    const ordered = pages.reverse().flat();
    expect(ordered.map((m) => m._id)).toEqual(whole.map((m) => m._id));
    // Two messages share each second: the id breaks the tie, the same way on every page.
    expect(ordered.map((m) => m.body)).toEqual(Array.from({ length: THREAD }, (_, i) => `message ${i + 1}`));
  });

  it('reads a page, newest or deep, from the thread index without sorting or reading past it', async () => {
    const deep = await t.database.db.execute<{ id: string }>(
      sql`SELECT id FROM messages WHERE conversation_id = ${threadId} ORDER BY created_at, id OFFSET 300 LIMIT 1`,
    );
    for (const page of [{ limit: 51 }, { limit: 51, before: deep.rows[0]?.id }]) {
      const nodes = await plan(threadPageSql(threadId, page));
      expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      const scan = nodes.find((n) => n['Index Name'] === 'messages_conversation_created_idx' && n['Actual Rows'] > 1);
      expect(scan, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))).toBeDefined();
      expect(scan?.['Actual Rows']).toBeLessThanOrEqual(51);
      expect(scan?.['Rows Removed by Filter'] ?? 0).toBe(0);
    }
  });
});
