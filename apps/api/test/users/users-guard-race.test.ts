import { API_PATHS, USER_GUARD_MESSAGES, userPath } from '@backroom/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * The last active admin can never be demoted or deleted, even when the only two admins act on
 * each other at the same moment: both calls lock the active admins first, so the second sees the
 * first's result and is refused (409), and one admin always stays.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let a: { id: string; token: string };
let b: { id: string; token: string };

beforeEach(async () => {
  const first = await createUser(t.database.db, { role: 'admin' });
  const second = await createUser(t.database.db, { role: 'admin' });
  a = { id: first.id, token: (await createSessionToken(t.database.db, first.id)).token };
  b = { id: second.id, token: (await createSessionToken(t.database.db, second.id)).token };
  // Nobody else is an admin: these two are the shop's only admins.
  await t.database.db
    .update(users)
    .set({ role: 'user' })
    .where(and(eq(users.role, 'admin'), ne(users.id, a.id), ne(users.id, b.id)));
});

const roleCall = (token: string, userId: string) =>
  t.app.inject({ method: 'POST', url: API_PATHS.userRole, headers: { token }, payload: { userId, role: 'user' } });
const deleteCall = (token: string, userId: string) =>
  t.app.inject({ method: 'DELETE', url: userPath(API_PATHS.user, userId), headers: { token } });

async function activeAdmins() {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [a.id, b.id]), eq(users.role, 'admin'), eq(users.isActive, true)));
  return rows.length;
}

/**
 * Runs both calls so that they meet inside their transactions: a third session holds the admins'
 * row locks until both calls wait for them (both already past the token check), then lets go.
 */
async function atOnce<T>(calls: () => Promise<T>[]): Promise<T[]> {
  const blocker = await t.database.pool.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query("SELECT id FROM users WHERE role = 'admin' FOR UPDATE");
    const running = Promise.all(calls());
    await waitUntil(async () => {
      // From another connection: inside the blocker's transaction the activity view would stay as first read.
      const { rows } = await t.database.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return (rows[0]?.n ?? 0) >= 2;
    }, 'the two calls to wait for the admins’ locks');
    await blocker.query('COMMIT');
    return await running;
  } finally {
    blocker.release();
  }
}

describe('two admins acting on each other at once', () => {
  it('demoting each other: one succeeds, the other is refused as the last admin', async () => {
    for (let round = 0; round < 3; round += 1) {
      if (round > 0) {
        // Back to two admins, with fresh sessions (the demoted one's ended).
        await t.database.db
          .update(users)
          .set({ role: 'admin' })
          .where(inArray(users.id, [a.id, b.id]));
        a.token = (await createSessionToken(t.database.db, a.id)).token;
        b.token = (await createSessionToken(t.database.db, b.id)).token;
      }
      const answers = await atOnce(() => [roleCall(a.token, b.id), roleCall(b.token, a.id)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((res) => res.statusCode === 409);
      expect(refused?.json().message).toBe(USER_GUARD_MESSAGES.lastAdminDemote);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it('deleting each other: one succeeds, the other is refused as the last admin', async () => {
    const answers = await atOnce(() => [deleteCall(a.token, b.id), deleteCall(b.token, a.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().message).toBe(USER_GUARD_MESSAGES.lastAdminDelete);
    expect(await activeAdmins()).toBe(1);
  });

  it('the only admin left cannot be demoted or deleted by an admin demoted meanwhile', async () => {
    await roleCall(a.token, b.id);
    // b's session ended with the role; even a request that got past the check first is refused.
    const res = await roleCall(b.token, a.id);
    expect(res.statusCode).toBe(403);
    expect(await activeAdmins()).toBe(1);
  });
});
