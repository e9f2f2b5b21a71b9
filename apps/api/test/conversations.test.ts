import { API_PATHS } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { createUser } from './helpers/users';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (
    await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: admin.email, password: admin.password },
    })
  ).json().token;
});
afterAll(() => t.close());

const unread = async () => {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.unread, headers: { token } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/conversations/admin/unread', () => {
  it('is 0 with no conversations', async () => {
    expect(await unread()).toEqual({ success: true, unread: 0 });
  });

  it('counts the conversations unread by the admins', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    await t.database.db.insert(conversations).values([
      { userId: customers[0]?.id as string, participantName: 'A', adminUnread: true },
      { userId: customers[1]?.id as string, participantName: 'B', adminUnread: true },
      { userId: customers[2]?.id as string, participantName: 'C', adminUnread: false },
    ]);
    expect(await unread()).toEqual({ success: true, unread: 2 });
  });
});
