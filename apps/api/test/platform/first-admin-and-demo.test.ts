import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dateFromObjectId } from '@backroom/contract';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/bootstrap/first-admin';
import { conversations, messages, users } from '../../src/db/schema';
import { DEMO_DOMAIN, generateDemo, removeDemo } from '../../src/demo/generate';
import { verifyPassword } from '../../src/modules/auth/passwords';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-first-admin-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the first admin', () => {
  it('is admin@example.com with a random password kept for the owner only', async () => {
    const first = await ensureFirstAdmin(t.database.db, { dataDir });
    expect(first.email).toBe('admin@example.com');
    expect(first.password).toMatch(/^[\w-]{16}$/);
    const file = path.join(dataDir, 'initial-admin.txt');
    expect(first.file).toBe(file);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(file, 'utf8')).toContain(first.password);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash, first.password as string)).toBe(true);

    // A later start keeps the account and reads the login back from the file.
    const again = await ensureFirstAdmin(t.database.db, { dataDir });
    expect(again.password).toBe(first.password);
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
    expect(n).toBe(1);
  });

  it('is ADMIN_EMAIL with ADMIN_PASSWORD when they are set', async () => {
    const set = await ensureFirstAdmin(t.database.db, {
      email: 'Owner@Shop.example',
      password: 'correct horse battery',
      dataDir,
    });
    expect(set).toEqual({ email: 'owner@shop.example', password: 'correct horse battery', file: undefined });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owner@shop.example'));
    expect(row?.role).toBe('admin');
    expect(await verifyPassword(row?.passwordHash, 'correct horse battery')).toBe(true);
  });

  it('is made once when several instances start together with ADMIN_EMAIL', async () => {
    const options = { email: 'together@shop.example', password: 'several instances at once', dataDir };
    const started = await Promise.all([1, 2, 3, 4].map(() => ensureFirstAdmin(t.database.db, options)));
    for (const one of started) expect(one.email).toBe('together@shop.example');
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'together@shop.example'));
    expect(rows).toHaveLength(1);
  });
});

describe('the first admin on a database that several instances open at once', () => {
  it('is made once, and every instance reports the login that was kept', async () => {
    const fresh = await createTestApp();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'backroom-first-admin-race-'));
    try {
      const started = await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(fresh.database.db, { dataDir: dir })));
      const admins = await fresh.database.db.select().from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      const kept = /password:\s*(\S+)/.exec(await fs.readFile(path.join(dir, 'initial-admin.txt'), 'utf8'))?.[1];
      expect(await verifyPassword(admins[0]?.passwordHash, kept as string)).toBe(true);
      // The one that made it knows the password; the others read it back or are told where it will be.
      expect(started.filter((s) => s.password === kept).length).toBeGreaterThanOrEqual(1);
      for (const one of started) expect([kept, undefined]).toContain(one.password);
    } finally {
      await fresh.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo shop', () => {
  it('adds customers, two admins and conversations, some unread, and a reset removes only them', async () => {
    const now = new Date('2026-11-01T12:00:00Z');
    const summary = await generateDemo(t.database.db, { customers: 30, now });
    expect(summary.customers).toBe(30);
    expect(summary.admins).toBe(2);
    expect(summary.conversations).toBeGreaterThan(0);
    expect(summary.messages).toBeGreaterThanOrEqual(summary.conversations);

    const demoUsers = await t.database.db
      .select({ id: users.id, role: users.role, createdAt: users.createdAt })
      .from(users)
      .where(like(users.email, `%@${DEMO_DOMAIN}`));
    expect(demoUsers.filter((u) => u.role === 'admin')).toHaveLength(2);
    expect(demoUsers.filter((u) => u.role === 'user')).toHaveLength(30);
    for (const u of demoUsers) {
      // The id carries the join date, as spec 2 reads it.
      expect(Math.abs(dateFromObjectId(u.id).getTime() - u.createdAt.getTime())).toBeLessThan(1000);
      expect(u.createdAt.getTime()).toBeLessThan(now.getTime());
    }
    const [unread] = await t.database.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.adminUnread, true));
    expect(unread?.n).toBeGreaterThan(0);

    await removeDemo(t.database.db);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(like(users.email, `%@${DEMO_DOMAIN}`));
    expect(left?.n).toBe(0);
    const [msgs] = await t.database.db.select({ n: count() }).from(messages);
    expect(msgs?.n).toBe(0);
    const [kept] = await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'admin@example.com'));
    expect(kept?.n).toBe(1);
  });
});
