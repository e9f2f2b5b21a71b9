import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type Admin,
  API_PATHS,
  adminPath,
  EVENTS,
  MESSAGES,
  PASSWORD_POLICY_MESSAGE,
} from '@backroom/contract';
import argon2 from 'argon2';
import { eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/* GET /api/admin/list, POST /api/user/register, PUT /api/admin/{id}. */

let t: TestApp;
let token: string;
let customerToken: string;
let firstAdmin: { id: string; email: string; name: string };
let socket: Socket;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  firstAdmin = await createUser(t.database.db, { role: 'admin', name: 'Ada First' });
  token = (await createSessionToken(t.database.db, firstAdmin.id)).token;
  const customer = await createUser(t.database.db, { role: 'user' });
  customerToken = (await createSessionToken(t.database.db, customer.id)).token;
  socket = await adminSocket(t, token);
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, as: string | null = token) =>
  t.app.inject({
    method,
    url,
    headers: as === null ? {} : { token: as },
    ...(payload !== undefined && { payload: payload as object }),
  });

const strong = 'Violet-Harbour-Lamp-42';
let serial = 0;
const newAdmin = (over: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: `New Admin${serial}`,
    email: `new-admin-${serial}@shop.example`,
    password: strong,
    role: 'admin',
    ...over,
  };
};
const stored = async (email: string) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
};
const listed = async () => (await call('GET', API_PATHS.adminList)).json().admins as Admin[];

describe('GET /api/admin/list', () => {
  it('answers only the admins, oldest first, without password hashes', async () => {
    const second = await createUser(t.database.db, { role: 'admin', name: 'Bo Second' });
    const res = await call('GET', API_PATHS.adminList);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; admins: Admin[] };
    expect(body.success).toBe(true);
    expect(body.admins.every((a) => a.role === 'admin')).toBe(true);
    const ids = body.admins.map((a) => a._id);
    expect(ids.indexOf(firstAdmin.id)).toBeLessThan(ids.indexOf(second.id));
    expect(body.admins.find((a) => a._id === firstAdmin.id)).toEqual({
      _id: firstAdmin.id,
      name: 'Ada First',
      email: firstAdmin.email,
      role: 'admin',
      isActive: true,
    });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('passwordHash');
  });

  it('is capped at ADMIN_LIMITS.maxListed, oldest first', async () => {
    const before = (await listed()).length;
    const extra = ADMIN_LIMITS.maxListed - before + 5;
    const rows = Array.from({ length: extra }, (_, i) => ({
      name: `Bulk Admin${i}`,
      email: `bulk-${i}@shop.example`,
      passwordHash: 'not-a-hash',
      role: 'admin' as const,
    }));
    const inserted = await t.database.db.insert(users).values(rows).returning({ id: users.id });
    const admins = await listed();
    expect(admins).toHaveLength(ADMIN_LIMITS.maxListed);
    expect(admins[0]?._id).toBe(firstAdmin.id);
    await t.database.db.delete(users).where(
      inArray(
        users.id,
        inserted.map((r) => r.id),
      ),
    );
  });

  it('needs an admin: no token 401, a customer 403', async () => {
    expect((await call('GET', API_PATHS.adminList, undefined, null)).statusCode).toBe(401);
    expect((await call('GET', API_PATHS.adminList, undefined, customerToken)).statusCode).toBe(403);
  });
});

describe('POST /api/user/register', () => {
  it('creates an admin with an argon2id hash, says so, and tells every admin', async () => {
    const body = newAdmin({ email: 'Mixed.Case@Shop.Example', name: '  Grace Hopper ' });
    const told = nextEvent<{ action: string; id: string }>(socket, EVENTS.usersUpdated, (e) => e.action === 'created');
    const res = await call('POST', API_PATHS.userRegister, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.success).toBe(true);
    expect(answer.message).toBe(MESSAGES.adminCreated);
    expect(answer.admin).toMatchObject({ name: 'Grace Hopper', email: 'mixed.case@shop.example', role: 'admin' });
    const row = await stored('mixed.case@shop.example');
    expect(row?.role).toBe('admin');
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await argon2.verify(row?.passwordHash ?? '', strong)).toBe(true);
    expect(await told).toEqual({ action: 'created', id: answer.admin._id });
    expect((await listed()).some((a) => a._id === answer.admin._id)).toBe(true);
  });

  it('lets the new admin log in', async () => {
    const body = newAdmin();
    expect((await call('POST', API_PATHS.userRegister, body)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
  });

  it('is not a public sign-up: no token 401, a customer 403, and nothing is created', async () => {
    const body = newAdmin();
    expect((await call('POST', API_PATHS.userRegister, body, null)).statusCode).toBe(401);
    expect((await call('POST', API_PATHS.userRegister, body, customerToken)).statusCode).toBe(403);
    expect(await stored(body.email as string)).toBeUndefined();
  });

  it('requires every field, naming it', async () => {
    for (const field of ['name', 'email', 'password', 'role']) {
      const body: Record<string, unknown> = newAdmin();
      delete body[field];
      const res = await call('POST', API_PATHS.userRegister, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message, field).toMatch(new RegExp(`^${field}: `));
    }
    const blank = await call('POST', API_PATHS.userRegister, newAdmin({ name: '   ' }));
    expect(blank.json().message).toBe('name: is required');
  });

  it('checks the e-mail, the role and unknown fields', async () => {
    const bad = await call('POST', API_PATHS.userRegister, newAdmin({ email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email: must be a valid email address');
    const role = await call('POST', API_PATHS.userRegister, newAdmin({ role: 'user' }));
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe("role: must be 'admin'");
    const extra = await call('POST', API_PATHS.userRegister, newAdmin({ isActive: false }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('isActive: is not allowed');
    const nul = await call('POST', API_PATHS.userRegister, newAdmin({ name: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/^name: contains an invalid character/);
  });

  it('refuses a short or a common password with the one policy message', async () => {
    for (const password of ['short', 'Xk9#mQ2$vL7', 'password1234', 'PASSWORD1234', 'qwertyuiop12', 'Administrator']) {
      const body = newAdmin({ password });
      const res = await call('POST', API_PATHS.userRegister, body);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toBe(`password: ${PASSWORD_POLICY_MESSAGE}`);
      expect(await stored(body.email as string)).toBeUndefined();
    }
    const long = await call('POST', API_PATHS.userRegister, newAdmin({ password: 'x'.repeat(129) }));
    expect(long.json().message).toBe('password: must be at most 128 characters');
  });

  it('answers 409 for a taken e-mail, whatever its case, and keeps the first account', async () => {
    const res = await call('POST', API_PATHS.userRegister, newAdmin({ email: firstAdmin.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: ADMIN_MESSAGES.emailTaken });
    expect((await stored(firstAdmin.email))?.name).toBe('Ada First');
  });

  it('gives one of two simultaneous requests for the same e-mail the account, the other a 409', async () => {
    const body = newAdmin();
    const codes = (
      await Promise.all([call('POST', API_PATHS.userRegister, body), call('POST', API_PATHS.userRegister, body)])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
  });
});

describe('PUT /api/admin/{id}', () => {
  it("changes an admin's name and e-mail and tells every admin", async () => {
    const admin = await createUser(t.database.db, { role: 'admin', name: 'Old Name' });
    const told = nextEvent<{ action: string; id: string }>(socket, EVENTS.usersUpdated, (e) => e.id === admin.id);
    const res = await call('PUT', adminPath(admin.id), { name: ' New Name ', email: 'Renamed@Shop.Example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { _id: admin.id, name: 'New Name', email: 'renamed@shop.example', role: 'admin', isActive: true },
    });
    expect(await told).toEqual({ action: 'updated', id: admin.id });
    expect((await stored('renamed@shop.example'))?.id).toBe(admin.id);
    // Keeping one's own e-mail is no conflict.
    const same = await call('PUT', adminPath(admin.id), { name: 'Newer Name', email: 'renamed@shop.example' });
    expect(same.statusCode).toBe(200);
  });

  it('answers 409 for an e-mail another account holds', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const customer = await createUser(t.database.db, { role: 'user' });
    const res = await call('PUT', adminPath(admin.id), { name: 'X Y', email: customer.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_MESSAGES.emailTaken);
    expect((await stored(admin.email))?.id).toBe(admin.id);
  });

  it('answers 404 for an unknown id, 400 for a customer or a malformed id', async () => {
    const unknown = await call('PUT', adminPath('0123456789abcdef01234567'), { name: 'A B', email: 'a@b.example' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ADMIN_MESSAGES.adminNotFound);
    const customer = await createUser(t.database.db, { role: 'user', name: 'Cus Tomer' });
    const notAdmin = await call('PUT', adminPath(customer.id), { name: 'A B', email: 'c@b.example' });
    expect(notAdmin.statusCode).toBe(400);
    expect(notAdmin.json().message).toBe(ADMIN_MESSAGES.notAnAdmin);
    expect((await stored(customer.email))?.name).toBe('Cus Tomer');
    const malformed = await call('PUT', adminPath('nope'), { name: 'A B', email: 'a@b.example' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('id: must be a 24-character hex id');
  });

  it('checks the fields, naming them', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@b.example' }, 'name: is required'],
      [{ name: '', email: 'a@b.example' }, 'name: is required'],
      [{ name: 'A B' }, 'email: is required'],
      [{ name: 'A B', email: 'nope' }, 'email: must be a valid email address'],
      [{ name: 'A B', email: 'a@b.example', role: 'user' }, 'role: is not allowed'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', adminPath(admin.id), body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('needs an admin: no token 401, a customer 403', async () => {
    const body = { name: 'A B', email: 'x@b.example' };
    expect((await call('PUT', adminPath(firstAdmin.id), body, null)).statusCode).toBe(401);
    expect((await call('PUT', adminPath(firstAdmin.id), body, customerToken)).statusCode).toBe(403);
    expect((await stored(firstAdmin.email))?.name).toBe('Ada First');
  });
});
