import { API_PATHS, CUSTOMER_MESSAGES, CUSTOMER_PATHS, MESSAGES } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_EMAIL: '3', LOGIN_MAX_PER_IP: '1000' });
});
afterAll(() => t.close());

const PASSWORD = 'a-long-customer-passphrase';
let serial = 0;
const newEmail = () => `shopper${++serial}-${Date.now()}@customer.example`;

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.register, payload });
const login = (email: string, password: string, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.login, payload: { email, password }, remoteAddress: ip });
const me = (token: string) => t.app.inject({ method: 'GET', url: CUSTOMER_PATHS.me, headers: { token } });

describe('POST /api/customer/register', () => {
  it('makes a user account, whatever role the body asks for, and signs it in', async () => {
    const email = newEmail();
    const res = await register({
      name: '  Ada Shopper ',
      email: email.toUpperCase(),
      password: PASSWORD,
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, token: expect.any(String), message: CUSTOMER_MESSAGES.registered });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Ada Shopper', role: 'user', isActive: true });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, row?.id as string));
    expect(session?.kind).toBe('customer');
    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ success: true, user: { _id: row?.id, name: 'Ada Shopper', email } });
  });

  it('refuses a taken e-mail with 409, even when two sign up at once', async () => {
    const email = newEmail();
    const both = await Promise.all([1, 2].map(() => register({ name: 'Twin', email, password: PASSWORD })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual({ success: false, message: CUSTOMER_MESSAGES.emailTaken });
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('names the field of a bad input and creates nothing', async () => {
    const email = newEmail();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ email, password: PASSWORD }, /^name: /],
      [{ name: '   ', email, password: PASSWORD }, /^name: is required/],
      [{ name: 'N', email: 'not-an-email', password: PASSWORD }, /^email: /],
      [{ name: 'N', email, password: 'short' }, /^password: must be at least 12 characters/],
      [{ name: 'N', email, password: 'password1234' }, /^password: /],
      [{ name: 'N\u0000', email, password: PASSWORD }, /^name: contains an invalid character/],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('POST /api/customer/login and /logout', () => {
  it('signs a customer in; logout ends that session at once', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const res = await login(customer.email, customer.password);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: CUSTOMER_PATHS.logout, headers: { token } });
    expect(out.json()).toEqual({ success: true, message: MESSAGES.loggedOut });
    const after = await me(token);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ success: false, message: MESSAGES.tokenInvalid });
  });

  it('answers one 401 for a wrong password, an unknown e-mail, an admin and a deactivated customer', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const admin = await createUser(t.database.db, { role: 'admin' });
    const inactive = await createUser(t.database.db, { role: 'user', isActive: false });
    const answers = [
      await login(customer.email, 'wrong-password-here', '10.1.1.1'),
      await login(newEmail(), PASSWORD, '10.1.1.2'),
      await login(admin.email, admin.password, '10.1.1.3'),
      await login(inactive.email, inactive.password, '10.1.1.4'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.invalidCredentials });
    }
  });

  it('a customer token opens no admin call, and an admin token is not a customer session', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const { token: customerToken } = (await login(customer.email, customer.password, '10.1.2.1')).json();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: admin.email, password: admin.password },
    });
    const adminToken = adminLogin.json().token as string;
    const asAdmin = await t.app.inject({ method: 'GET', url: API_PATHS.userAll, headers: { token: customerToken } });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ success: false, message: MESSAGES.notAdmin });
    const asCustomer = await me(adminToken);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ success: false, message: MESSAGES.notCustomer });
  });

  it('has its own login limits: a storm on a customer e-mail makes it wait, never an admin', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await login(customer.email, 'wrong-password-here', '10.1.3.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const waiting = await login(customer.email, customer.password, '10.1.3.2');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // The admin login counts its own keys: the same address is not held up there.
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: admin.email, password: admin.password },
      remoteAddress: '10.1.3.1',
    });
    expect(adminLogin.statusCode).toBe(200);
  });

  it('a role change ends the customer session', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const { token } = (await login(customer.email, customer.password, '10.1.4.1')).json();
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, customer.id));
    const res = await me(token);
    expect(res.statusCode).toBe(403);
  });
});
