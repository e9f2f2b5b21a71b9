import { API_PATHS, MESSAGES } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_EMAIL: '5', LOGIN_MAX_PER_IP: '1000' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: API_PATHS.login, payload: { email, password }, remoteAddress: ip });
const info = (token: string) => t.app.inject({ method: 'GET', url: API_PATHS.userInfo, headers: { token } });

describe('POST /api/user/admin', () => {
  it('signs an admin in and hands out a working token', async () => {
    const admin = await createUser(t.database.db, { role: 'admin', name: 'grace hopper' });
    const res = await login(admin.email.toUpperCase(), admin.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, token: expect.any(String), message: MESSAGES.loggedIn });
    const me = await info(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ success: true, user: { name: 'grace hopper', email: admin.email, role: 'admin' } });
  });

  it('keeps only the hash of the token', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = (await login(admin.email, admin.password)).json();
    const rows = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('answers 401 with one message for a wrong password, an unknown e-mail and a customer', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const customer = await createUser(t.database.db, { role: 'user' });
    const inactive = await createUser(t.database.db, { role: 'admin', isActive: false });
    for (const res of [
      await login(admin.email, 'wrong-password'),
      await login('nobody@nowhere.example', 'whatever'),
      await login(customer.email, customer.password),
      await login(inactive.email, inactive.password),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.invalidCredentials });
    }
  });

  it('refuses bad input with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ password: 'x' }, 'email: is required'],
      [{ email: 'a@b.example' }, 'password: is required'],
      [{ email: 'not-an-email', password: 'x' }, 'email: must be a valid email address'],
      [{ email: 'a@b.example', password: '' }, 'password: is required'],
      [{ email: 'a@b.example', password: 'x', role: 'admin' }, 'role: is not allowed'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: API_PATHS.login, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

describe('login limits', () => {
  it('locks an e-mail after its attempts are used up, even for the right password', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    for (let i = 0; i < 5; i++) expect((await login(admin.email, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await login(admin.email, admin.password, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    // The message says the wait Retry-After gives.
    expect(locked.json()).toEqual({
      success: false,
      message: MESSAGES.tooManyLogins(Number(locked.headers['retry-after'])),
    });
    expect(locked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    expect(locked.json().token).toBeUndefined();
  });

  it('gives no token to right and wrong passwords sent together in a burst', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(admin.email, i === 11 ? admin.password : 'wrong', '10.2.0.1')),
    );
    const statuses = burst.map((r) => r.statusCode);
    // At most five attempts are checked at all; the rest are refused before any password check.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    const right = burst[11];
    if (right?.statusCode === 200) {
      // The right password may only pass if it was among the first five attempts counted (and,
      // a success, it gave its attempt back: four wrong ones leave the e-mail below the limit).
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(4);
    } else {
      const afterwards = await login(admin.email, admin.password, '10.2.0.2');
      expect(afterwards.statusCode).toBe(429);
    }
  });

  it('a successful login does not use up an attempt', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    for (let i = 0; i < 8; i++) expect((await login(admin.email, admin.password)).statusCode).toBe(200);
  });

  it('limits attempts per address, whatever the e-mail', async () => {
    const limited = await createTestApp({ LOGIN_MAX_PER_EMAIL: '100', LOGIN_MAX_PER_IP: '3' });
    try {
      const send = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: API_PATHS.login,
          payload: { email, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      for (let i = 0; i < 3; i++) expect((await send(`a${i}@x.example`)).statusCode).toBe(401);
      expect((await send('another@x.example')).statusCode).toBe(429);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: 'another@x.example', password: 'x' },
        remoteAddress: '10.9.9.10',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('GET /api/user/info answers 401 without a token and 403 with a bad one', async () => {
    const none = await t.app.inject({ method: 'GET', url: API_PATHS.userInfo });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: MESSAGES.notAuthenticated });
    const bad = await info('garbage');
    expect(bad.statusCode).toBe(403);
    expect(bad.json().success).toBe(false);
  });

  it('logout ends the session at once', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = (await login(admin.email, admin.password)).json();
    const out = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: MESSAGES.loggedOut });
    expect((await info(token)).statusCode).toBe(403);
    const again = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } });
    expect(again.statusCode).toBe(403);
  });

  it('an expired token is refused', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = await createSessionToken(t.database.db, admin.id, new Date(Date.now() - 1000));
    expect((await info(token)).statusCode).toBe(403);
  });

  it('a token lives for TOKEN_TTL', async () => {
    const short = await createTestApp({ TOKEN_TTL: '1h' });
    try {
      const admin = await createUser(short.database.db, { role: 'admin' });
      const before = Date.now();
      const res = await short.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: admin.email, password: admin.password },
      });
      const after = Date.now();
      expect(res.statusCode).toBe(200);
      const [row] = await short.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions);
      // An hour after the login, whenever during the call it happened (however long the call took).
      const expires = row?.expiresAt.getTime() ?? 0;
      expect(expires).toBeGreaterThanOrEqual(before + 3_600_000);
      expect(expires).toBeLessThanOrEqual(after + 3_600_000);
    } finally {
      await short.close();
    }
  });

  it("a customer's token is refused with 403", async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const { token } = await createSessionToken(t.database.db, customer.id);
    const res = await info(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.notAdmin });
  });

  it('a role change away from admin, a password change or a deleted account end the session', async () => {
    const db = t.database.db;
    const demoted = await createUser(db, { role: 'admin' });
    const moved = await createUser(db, { role: 'admin' });
    const deleted = await createUser(db, { role: 'admin' });
    const tokens = await Promise.all(
      [demoted, moved, deleted].map(async (u) => (await login(u.email, u.password)).json().token as string),
    );
    for (const token of tokens) expect((await info(token)).statusCode).toBe(200);

    await db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    await db
      .update(users)
      .set({ passwordHash: await hashPassword('a-new-password') })
      .where(eq(users.id, moved.id));
    await db.delete(users).where(eq(users.id, deleted.id));

    for (const token of tokens) expect((await info(token)).statusCode).toBe(403);
    // Promoted back, the old session stays ended: it was revoked, not just refused.
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, demoted.id));
    expect((await info(tokens[0] as string)).statusCode).toBe(403);
  });
});
