import { once } from 'node:events';
import { API_PATHS, CUSTOMER_MESSAGES, CUSTOMER_PATHS, MESSAGES } from '@backroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../src/db/schema';
import { BUSY_RETRY_AFTER_SECONDS } from '../../src/http-error';
import { passwordWork } from '../../src/modules/auth/passwords';
import { SessionCache } from '../../src/modules/auth/session-cache';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * Overload answers 503 or 429 with Retry-After, never 500 (issue 21, docs/decisions/045-overload.md):
 * a burst of logins, a pool with no connection free (also when a read-only answer's session must
 * be checked again), the password-hashing line full, and the registration call's own limits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_IP: '3' });
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string, app = t.app) =>
  app.inject({ method: 'POST', url: API_PATHS.login, payload: { email, password }, remoteAddress: ip });
const register = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: CUSTOMER_PATHS.register,
    payload: { name: 'Ada Lovelace', email, password: 'analytical-engine-1843' },
    remoteAddress: ip,
  });

/** Holds the password-hashing line full (2 hashing, 16 waiting) until released. */
function fillHashLine() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holders: Promise<unknown>[] = [];
  while (passwordWork.load.waiting < 16) holders.push(passwordWork.run(() => released));
  return async () => {
    release();
    await Promise.all(holders);
  };
}

describe('a burst of wrong logins', () => {
  it('for one e-mail from 100 addresses: each 401 or 429, never a 500, at most five passwords checked', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(admin.email, 'wrong-password', `10.50.${i >> 8}.${i & 255}`)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => ![401, 429, 503].includes(s))).toEqual([]);
    for (const r of answers.filter((a) => a.statusCode !== 401))
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // The e-mail's limit held: at most LOGIN_MAX_PER_EMAIL (5) passwords were checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(passwordWork.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('with the password-hashing line full', () => {
  it('a login is a 503 with Retry-After, at once, and works again once the line moves', async () => {
    const user = await createUser(t.database.db, { role: 'admin' });
    const release = await fillHashLine();
    const busy = await login(user.email, user.password, '10.60.0.1');
    await release();
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ success: false, message: MESSAGES.serverBusy });
    expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect((await login(user.email, user.password, '10.60.0.1')).statusCode).toBe(200);
  });

  it('a taken e-mail is still answered 409: the duplicate is found before any hashing', async () => {
    const taken = await createUser(t.database.db, { email: 'taken@overload.example' });
    const release = await fillHashLine();
    const duplicate = await register(taken.email, '10.61.0.1');
    const fresh = await register('fresh@overload.example', '10.61.0.2');
    await release();
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ success: false, message: CUSTOMER_MESSAGES.emailTaken });
    expect(fresh.statusCode).toBe(503);
    expect(fresh.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await t.database.db.select().from(users).where(eq(users.email, 'fresh@overload.example'))).toEqual([]);
  });
});

describe('registrations from one address', () => {
  it('are limited like logins (LOGIN_MAX_PER_IP): 429 with Retry-After, another address unaffected', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await register(`many${i}@overload.example`, '10.62.0.1')).statusCode).toBe(201);
    const refused = await register('many3@overload.example', '10.62.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: CUSTOMER_MESSAGES.tooManyRegistrations(Number(refused.headers['retry-after'])),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'many3@overload.example'))).toEqual([]);
    expect((await register('other@overload.example', '10.62.0.2')).statusCode).toBe(201);
  });
});

describe('a pool with no connection free', () => {
  it('answers 503 with Retry-After, not 500, and serves again once a connection is free', async () => {
    const small = await createTestApp({}, { max: 2 });
    try {
      const user = await createUser(small.database.db, { role: 'admin' });
      // Every connection of the pool taken (the app may keep one of its own), and a short wait
      // for one from now on (pg-pool reads it at each connect), so the test need not wait 10 s.
      const { pool } = small.database;
      const held = [];
      while (pool.totalCount < 2 || pool.idleCount > 0) held.push(await pool.connect());
      pool.options.connectionTimeoutMillis = 200;
      const busy = await login(user.email, user.password, '10.63.0.1', small.app);
      for (const client of held) client.release();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ success: false, message: MESSAGES.serverBusy });
      expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect((await login(user.email, user.password, '10.63.0.1', small.app)).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('a read-only answer whose session must be checked again on a full pool', () => {
  it('is replaced by the 503 with Retry-After the error handler gives, not a 500 (decision 054)', async () => {
    const small = await createTestApp({}, { max: 2 });
    // The round trip that proves no revocation is in flight, held until the test lets it go.
    const proto = SessionCache.prototype as unknown as { ping: () => Promise<void> };
    const ping = proto.ping;
    let pinged!: () => void;
    const reached = new Promise<void>((resolve) => {
      pinged = resolve;
    });
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const held: { release: () => void }[] = [];
    try {
      const admin = await createUser(small.database.db, { role: 'admin' });
      const { token, sessionId } = await createSessionToken(small.database.db, admin.id);
      const unread = () => small.app.inject({ method: 'GET', url: API_PATHS.unread, headers: { token } });
      expect((await unread()).statusCode).toBe(200); // checked in the database, now remembered
      const spy = vi.spyOn(proto, 'ping').mockImplementation(async function (this: unknown) {
        pinged();
        await gate;
        return ping.call(this);
      });
      const { pool } = small.database;
      // The handler's one statement (the unread count) gives its connection back: the answer then waits in onSend.
      const handled = once(pool, 'release');
      const answer = unread();
      await reached;
      await handled;
      // Revoked meanwhile: the held round trip brings the notice, so the session is checked again...
      await small.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      // ...on a pool with every connection taken and a short wait for one (pg-pool reads it at each connect).
      while (pool.totalCount < 2 || pool.idleCount > 0) held.push(await pool.connect());
      pool.options.connectionTimeoutMillis = 200;
      letGo();
      const busy = await answer;
      spy.mockRestore();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ success: false, message: MESSAGES.serverBusy });
      expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(Number(busy.headers['content-length'])).toBe(Buffer.byteLength(busy.body));
      for (const client of held.splice(0)) client.release();
      // A connection free again: the revoked session gets the database's refusal.
      expect((await unread()).statusCode).toBe(403);
    } finally {
      letGo();
      vi.restoreAllMocks();
      for (const client of held) client.release();
      await small.close();
    }
  });
});
