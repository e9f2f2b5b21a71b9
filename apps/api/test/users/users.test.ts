import { API_PATHS, EVENTS, MESSAGES, USER_GUARD_MESSAGES, userPath } from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, orders, sessions, users, wishlistItems } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';
import { insertProduct } from '../helpers/wishlists';

/*
 * The Users screen's list, tiles, role change and deletion (spec 2 sections 2 and 7, issue 10):
 * every answer and every refusal, against the real app and database.
 */

let t: TestApp;
let admin: { id: string; token: string };
let customerToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const created = await createUser(t.database.db, { role: 'admin', name: 'Acting Admin' });
  admin = { id: created.id, token: (await createSessionToken(t.database.db, created.id)).token };
  const customer = await createUser(t.database.db);
  customerToken = (await createSessionToken(t.database.db, customer.id)).token;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: Record<string, unknown> };

function call(token: string | undefined, { method, url, payload }: Call) {
  return t.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { token },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function newAdmin(name = 'Other Admin') {
  const created = await createUser(t.database.db, { role: 'admin', name });
  return { ...created, token: (await createSessionToken(t.database.db, created.id)).token };
}

describe('refusals common to every call', () => {
  const calls = (id: string): Call[] => [
    { method: 'GET', url: API_PATHS.userAll },
    { method: 'GET', url: API_PATHS.userStats },
    { method: 'POST', url: API_PATHS.userRole, payload: { userId: id, role: 'admin' } },
    { method: 'DELETE', url: userPath(API_PATHS.user, id) },
    { method: 'GET', url: userPath(API_PATHS.userSummary, id) },
    { method: 'GET', url: userPath(API_PATHS.userOrders, id) },
    { method: 'GET', url: userPath(API_PATHS.userAddresses, id) },
  ];

  it('answers 401 without a token and 403 with a customer token, changing nothing', async () => {
    const target = await createUser(t.database.db);
    for (const request of calls(target.id)) {
      const anonymous = await call(undefined, request);
      expect(anonymous.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, message: MESSAGES.notAuthenticated });
      const customer = await call(customerToken, request);
      expect(customer.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe('user');
  });

  it('answers 404 for an unknown id and 400 naming a malformed one', async () => {
    const unknown = 'ffffffffffffffffffffffff';
    for (const request of calls(unknown).slice(2)) {
      const res = await call(admin.token, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(res.json()).toEqual({ success: false, message: USER_GUARD_MESSAGES.userNotFound });
    }
    for (const request of calls('not-an-id').slice(3)) {
      const res = await call(admin.token, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(res.json().message).toBe('id: must be a 24-character hex id');
    }
  });
});

describe('GET /api/user/all', () => {
  it('answers every user without parameters, admins first then newest', async () => {
    const res = await call(admin.token, { method: 'GET', url: API_PATHS.userAll });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const [{ n }] = (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`)).rows as [
      { n: number },
    ];
    expect(body.users).toHaveLength(n);
    expect(body.total).toBe(n);
    const roles: string[] = body.users.map((u: { role: string }) => u.role);
    expect(roles.indexOf('user')).toBeGreaterThan(roles.lastIndexOf('admin'));
    const customers = body.users.filter((u: { role: string }) => u.role === 'user');
    const ids = customers.map((u: { _id: string }) => u._id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(Object.keys(body.users[0]).sort()).toEqual(['_id', 'email', 'isActive', 'name', 'role']);
  });

  it('searches the name or the e-mail, case-insensitive, with the role filter and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await createUser(t.database.db, { name: `Mary ${tag.toUpperCase()} Smith` });
    await createUser(t.database.db, { email: `${tag}.b@test.example` });
    await createUser(t.database.db, { role: 'admin', name: `Admin ${tag}` });
    const all = await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?q=${tag.toUpperCase()}` });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(all.json().users.map((u: { role: string }) => u.role)).toEqual(['admin', 'user', 'user']);

    const customers = await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?q=${tag}&role=user` });
    expect(customers.json().total).toBe(2);
    const paged = await call(admin.token, {
      method: 'GET',
      url: `${API_PATHS.userAll}?q=${tag}&page=2&pageSize=2`,
    });
    expect(paged.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.json().users).toHaveLength(1);
    const past = await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?q=${tag}&page=9` });
    expect(past.json()).toMatchObject({ users: [], total: 3 });
    // LIKE's wildcards are taken literally.
    const wildcard = await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?q=%25` });
    expect(wildcard.json().total).toBe(0);
  });

  it('pages without a search: the totals come from the counter, each role apart', async () => {
    const everyone = (await call(admin.token, { method: 'GET', url: API_PATHS.userAll })).json();
    const page1 = (await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?page=1&pageSize=3` })).json();
    expect(page1.total).toBe(everyone.total);
    expect(page1.users).toEqual(everyone.users.slice(0, 3));
    const page2 = (await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?page=2&pageSize=3` })).json();
    expect(page2.users).toEqual(everyone.users.slice(3, 6));
    const admins = (
      await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?role=admin&pageSize=100` })
    ).json();
    const customers = (
      await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?role=user&pageSize=100` })
    ).json();
    expect(admins.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(admins.total + customers.total).toBe(everyone.total);
    expect(customers.users).toEqual(everyone.users.filter((u: { role: string }) => u.role === 'user').slice(0, 100));
  });

  it('refuses bad parameters naming them', async () => {
    const cases: [string, string][] = [
      ['role=boss', 'role: must be one of admin, user'],
      ['page=0', 'page: must be at least 1'],
      ['pageSize=101', 'pageSize: must be at most 100'],
      ['pageSize=abc', 'pageSize: must be a number'],
      ['extra=1', 'extra: is not allowed'],
      [`q=${'x'.repeat(101)}`, 'q: is too long'],
    ];
    for (const [query, message] of cases) {
      const res = await call(admin.token, { method: 'GET', url: `${API_PATHS.userAll}?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});

describe('GET /api/user/stats', () => {
  it('counts users, customers with an order, orders and revenue from the counters and rollups', async () => {
    const buyer = await createUser(t.database.db);
    await insertOrder(t.database.db, { userId: buyer.id, amountCents: 1250 });
    await insertOrder(t.database.db, { userId: buyer.id, amountCents: 750 });
    await insertOrder(t.database.db, { userId: null, amountCents: 500 });
    const res = await call(admin.token, { method: 'GET', url: API_PATHS.userStats });
    expect(res.statusCode).toBe(200);
    const figures = (
      await t.database.db.execute<{ users: number; active: number; orders: number; revenue: string }>(sql`
        SELECT (SELECT count(*)::int FROM users) AS users,
               (SELECT count(DISTINCT user_id)::int FROM orders) AS active,
               (SELECT count(*)::int FROM orders) AS orders,
               (SELECT sum(total_cents)::text FROM orders) AS revenue`)
    ).rows[0];
    expect(res.json()).toEqual({
      success: true,
      totalUsers: figures?.users,
      activeUsers: figures?.active,
      totalOrders: figures?.orders,
      totalRevenue: Number(figures?.revenue) / 100,
    });
    expect(res.json().activeUsers).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/user/role', () => {
  it('makes a customer an admin and back, telling the admins', async () => {
    const target = await createUser(t.database.db);
    const socket = await adminSocket(t, admin.token);
    try {
      const event = nextEvent(socket, EVENTS.usersUpdated);
      const res = await call(admin.token, {
        method: 'POST',
        url: API_PATHS.userRole,
        payload: { userId: target.id, role: 'admin' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'User role updated to admin',
        user: { _id: target.id, role: 'admin' },
      });
      expect(await event).toEqual({ action: 'roleChanged', id: target.id });
      const back = await call(admin.token, {
        method: 'POST',
        url: API_PATHS.userRole,
        payload: { userId: target.id, role: 'user' },
      });
      expect(back.json().message).toBe('User role updated to user');
    } finally {
      socket.disconnect();
    }
  });

  it('ends the sessions and closes the sockets of an admin who leaves the role', async () => {
    const other = await newAdmin();
    const socket = await adminSocket(t, other.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const before = await call(other.token, { method: 'GET', url: API_PATHS.userStats });
    expect(before.statusCode).toBe(200);
    const res = await call(admin.token, {
      method: 'POST',
      url: API_PATHS.userRole,
      payload: { userId: other.id, role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const after = await call(other.token, { method: 'GET', url: API_PATHS.userStats });
    expect([401, 403]).toContain(after.statusCode);
    const open = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${other.id} AND revoked_at IS NULL`,
    );
    expect(open.rows[0]?.n).toBe(0);
  });

  it('refuses an admin’s own role with 409, whatever the role asked', async () => {
    for (const role of ['user', 'admin']) {
      const res = await call(admin.token, {
        method: 'POST',
        url: API_PATHS.userRole,
        payload: { userId: admin.id, role },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, message: USER_GUARD_MESSAGES.ownRole });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.role).toBe('admin');
  });

  it('refuses bad bodies naming the field', async () => {
    const target = await createUser(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ userId: target.id }, 'role: must be one of user, admin'],
      [{ userId: target.id, role: 'root' }, 'role: must be one of user, admin'],
      [{ role: 'admin' }, 'userId: Invalid input: expected string, received undefined'],
      [{ userId: 'abc', role: 'admin' }, 'userId: must be a 24-character hex id'],
      [{ userId: target.id, role: 'admin', extra: 1 }, 'extra: is not allowed'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin.token, { method: 'POST', url: API_PATHS.userRole, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.split(':')[0], JSON.stringify(payload)).toBe(message.split(':')[0]);
    }
  });
});

describe('DELETE /api/user/{id}', () => {
  it('removes the account, sessions, wishlist and conversations; the orders and the dashboard figures stay', async () => {
    const customer = await createUser(t.database.db, { name: 'Leaving Customer' });
    const product = await insertProduct(t.database.db);
    await t.database.db.insert(wishlistItems).values({ userId: customer.id, productId: product.id });
    await t.database.db.insert(conversations).values({ userId: customer.id, participantName: 'Leaving Customer' });
    await createSessionToken(t.database.db, customer.id);
    const order = await insertOrder(t.database.db, { userId: customer.id, amountCents: 4321, status: 'Delivered' });
    const summary = async () =>
      (await call(admin.token, { method: 'GET', url: API_PATHS.dashboardSummary })).json().totals;
    const before = await summary();
    const statsBefore = (await call(admin.token, { method: 'GET', url: API_PATHS.userStats })).json();

    const socket = await adminSocket(t, admin.token);
    try {
      const event = nextEvent(socket, EVENTS.usersUpdated);
      const res = await call(admin.token, { method: 'DELETE', url: userPath(API_PATHS.user, customer.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'User deleted successfully' });
      expect(await event).toEqual({ action: 'deleted', id: customer.id });
    } finally {
      socket.disconnect();
    }

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, customer.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.userId, customer.id))).toEqual([]);
    expect(await db.select().from(conversations).where(eq(conversations.userId, customer.id))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: null, firstName: order.firstName, street: order.street, totalCents: 4321 });

    const after = await summary();
    expect(after).toEqual({ ...before, users: before.users - 1 });
    const statsAfter = (await call(admin.token, { method: 'GET', url: API_PATHS.userStats })).json();
    expect(statsAfter).toEqual({
      ...statsBefore,
      totalUsers: statsBefore.totalUsers - 1,
      activeUsers: statsBefore.activeUsers - 1,
    });
    const again = await call(admin.token, { method: 'DELETE', url: userPath(API_PATHS.user, customer.id) });
    expect(again.statusCode).toBe(404);
  });

  it('deletes another admin and closes their sockets', async () => {
    const other = await newAdmin();
    const socket = await adminSocket(t, other.token);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const res = await call(admin.token, { method: 'DELETE', url: userPath(API_PATHS.user, other.id) });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect((await call(other.token, { method: 'GET', url: API_PATHS.userStats })).statusCode).toBe(403);
  });

  it('refuses the admin’s own account with 409', async () => {
    const res = await call(admin.token, { method: 'DELETE', url: userPath(API_PATHS.user, admin.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: USER_GUARD_MESSAGES.ownAccount });
    expect(await t.database.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});
