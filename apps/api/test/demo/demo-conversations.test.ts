import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../../src/db/schema';
import { DEMO_THREAD_MAX } from '../../src/demo/conversations';
import { generateDemo } from '../../src/demo/generate';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the demo conversations', () => {
  it('are one per customer, 1 to 40 messages long, some unread, one unnamed, the last message on the row', async () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const summary = await generateDemo(t.database.db, { customers: 200, now });
    const db = t.database.db;
    const rows = await db
      .select({
        id: conversations.id,
        userId: conversations.userId,
        participantName: conversations.participantName,
        lastMessage: conversations.lastMessage,
        lastMessageAt: conversations.lastMessageAt,
        adminUnread: conversations.adminUnread,
        role: users.role,
      })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.userId));
    expect(rows).toHaveLength(summary.conversations);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
    expect(rows.every((r) => r.role === 'user')).toBe(true);
    expect(rows.filter((r) => r.participantName === '')).toHaveLength(1);
    expect(rows.some((r) => r.adminUnread)).toBe(true);
    expect(rows.some((r) => !r.adminUnread)).toBe(true);

    const all = await db
      .select({
        conversationId: messages.conversationId,
        body: messages.body,
        isAdmin: messages.isAdmin,
        createdAt: messages.createdAt,
        id: messages.id,
      })
      .from(messages)
      .orderBy(asc(messages.createdAt));
    expect(all).toHaveLength(summary.messages);
    const lengths: number[] = [];
    for (const row of rows) {
      const thread = all.filter((m) => m.conversationId === row.id);
      lengths.push(thread.length);
      const last = thread.at(-1);
      expect(row.lastMessage).toBe(last?.body);
      expect(row.lastMessageAt?.getTime()).toBe(last?.createdAt.getTime());
      expect(last && last.createdAt.getTime() < now.getTime()).toBe(true);
      // Unread only when the customer spoke last; ids follow time, as the thread's paging needs.
      if (row.adminUnread) expect(last?.isAdmin).toBe(false);
      expect(thread.map((m) => m.id)).toEqual(thread.map((m) => m.id).sort());
      // A customer opens every thread.
      expect(thread[0]?.isAdmin).toBe(false);
    }
    expect(Math.min(...lengths)).toBe(1);
    expect(Math.max(...lengths)).toBeGreaterThan(20);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(DEMO_THREAD_MAX);
    // Varied: short threads and long ones.
    expect(new Set(lengths).size).toBeGreaterThan(10);
  });
});
