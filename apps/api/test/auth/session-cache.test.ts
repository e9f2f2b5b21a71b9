import { API_PATHS, MESSAGES, type OrderStatus } from '@backroom/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { connectDatabase, type Database } from '../../src/db/client';
import { orderStatusChanges, orders, sessions, users } from '../../src/db/schema';
import { authenticate } from '../../src/modules/auth/service';
import { SessionCache } from '../../src/modules/auth/session-cache';
import { hashToken } from '../../src/modules/auth/tokens';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, orderCall } from '../helpers/orders';
import { insertStoreProduct } from '../helpers/storefront';
import { createSessionToken, createUser } from '../helpers/users';

let t: TestApp;
// A second instance of the app on the same database, as behind a load balancer.
let second: FastifyInstance;
let secondDatabase: Database;

beforeAll(async () => {
  t = await createTestApp();
  // Warm, as the server's own pool (db/open.ts).
  secondDatabase = connectDatabase(t.database.url, 3, undefined, { warm: true });
  second = await buildApp({ config: t.config, database: secondDatabase });
  await second.ready();
});

afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await t?.close();
});

const info = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: API_PATHS.userInfo, headers: { token } });

/** An admin's session, as the login route makes it. */
async function signIn() {
  const admin = await createUser(t.database.db, { role: 'admin' });
  const { token } = await createSessionToken(t.database.db, admin.id);
  return { admin, token };
}

/** A cache on the test database whose database checks are counted. */
async function countedCache(options: { maxEntries?: number; ttlMs?: number } = {}) {
  const cache = new SessionCache({ databaseUrl: t.database.url, log: t.app.log, ...options });
  await cache.start();
  let loads = 0;
  const check = (token: string) =>
    cache.principal(hashToken(token), () => {
      loads += 1;
      return authenticate(t.database.db, token);
    });
  return { cache, check, loads: () => loads };
}

describe('the session cache', () => {
  it('checks a session in the database once, then remembers it', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = await createSessionToken(t.database.db, admin.id);
    const { cache, check, loads } = await countedCache();
    try {
      const first = await check(token);
      const again = await check(token);
      expect(again).toEqual(first);
      expect(loads()).toBe(1);
    } finally {
      await cache.close();
    }
  });

  it('forgets a revoked session before the very next check, without waiting', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token, sessionId } = await createSessionToken(t.database.db, admin.id);
    const { cache, check, loads } = await countedCache();
    try {
      await check(token);
      await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      await expect(check(token)).rejects.toMatchObject({ statusCode: 403, message: MESSAGES.tokenInvalid });
      expect(loads()).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('still confirms a proof under way after the session is checked again (decision 054, sixth amendment)', async () => {
    const { token } = await signIn();
    const { cache, check } = await countedCache();
    try {
      await check(token);
      const hash = hashToken(token);
      const hit = cache.peek(hash);
      // Checked again in the database (another request's miss, a refresh) before the proof comes back.
      await cache.load(hash, () => authenticate(t.database.db, token));
      expect(await hit?.confirm()).toBe(true);
    } finally {
      await cache.close();
    }
  });

  /**
   * Revokes the session with its notice held back (the cache keeps it, as it would until the notice
   * arrives), then sends `send`: it is refused as the database refuses the token, word for word.
   */
  async function expectRefusedOnceRevokedUnheard(
    sessionId: string,
    token: string,
    send: () => Promise<{ statusCode: number; json: () => unknown }>,
  ) {
    const notice = vi
      .spyOn(SessionCache.prototype as unknown as { forget: (sessionId: string) => void }, 'forget')
      .mockImplementation(() => {});
    try {
      await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      const expected = await authenticate(t.database.db, token).then(
        () => undefined,
        (error: { statusCode: number; message: string }) => error,
      );
      expect(expected?.statusCode).toBeGreaterThanOrEqual(400);
      const refused = await send();
      expect(refused.statusCode).toBe(expected?.statusCode);
      expect(refused.json()).toEqual({ success: false, message: expected?.message });
    } finally {
      notice.mockRestore();
    }
  }

  it('refuses a product page whose own statement sees its session revoked, though the cache has not heard of it yet (decision 054, sixth amendment)', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token, sessionId } = await createSessionToken(t.database.db, admin.id);
    // A row on the page, so that the page's statement runs and carries the proof.
    await insertStoreProduct(t.database.db);
    const page = () =>
      t.app.inject({ method: 'GET', url: `${API_PATHS.productList}?page=1&pageSize=10`, headers: { token } });
    expect((await page()).statusCode).toBe(200); // checked in the database, now remembered
    // The revocation's notice still on its way: the cache keeps the session, and its own round trip would confirm it.
    await expectRefusedOnceRevokedUnheard(sessionId, token, page);
  });

  it('refuses a status change whose own statement sees its session revoked, though the cache has not heard of it yet, and writes nothing (decision 057, eighth stop)', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token, sessionId } = await createSessionToken(t.database.db, admin.id);
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    const change = (status: OrderStatus) => orderCall(t, token, API_PATHS.orderStatus, { orderId: order.id, status });
    expect((await change('Shipped')).statusCode).toBe(200); // checked in the database, now remembered
    // On the remembered session: the statement's own proof lets the change through, with no round
    // trip on the cache's listening connection.
    const pings = vi.spyOn(SessionCache.prototype as unknown as { ping: () => Promise<void> }, 'ping');
    const remembered = await change('Packing');
    expect(pings).not.toHaveBeenCalled();
    pings.mockRestore();
    expect(remembered.statusCode).toBe(200);
    expect(remembered.json()).toMatchObject({ success: true, order: { status: 'Packing' } });
    await expectRefusedOnceRevokedUnheard(sessionId, token, () => change('Delivered'));
    // Nothing written: the order as the second change left it, and two changes in its history.
    const [stored] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(stored?.status).toBe('Packing');
    const [history] = await t.database.db
      .select({ n: count() })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, order.id));
    expect(history?.n).toBe(2);
  });

  it('sends one database check for the requests of one token that miss at once', async () => {
    const { token } = await signIn();
    const { cache, check, loads } = await countedCache();
    try {
      const principals = await Promise.all(Array.from({ length: 8 }, () => check(token)));
      expect(loads()).toBe(1);
      for (const principal of principals) expect(principal).toEqual(principals[0]);
    } finally {
      await cache.close();
    }
  });

  it('refuses a request that waited for a check begun before its session was revoked', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token, sessionId } = await createSessionToken(t.database.db, admin.id);
    const { cache, check } = await countedCache();
    const hash = hashToken(token);
    let seen: () => void = () => {};
    const checked = new Promise<void>((resolve) => {
      seen = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    try {
      // A check that saw the session live, still under way when the session is revoked.
      const earlier = cache.load(hash, async () => {
        const principal = await authenticate(t.database.db, token);
        seen();
        await finished;
        return principal;
      });
      await checked;
      await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
      const later = check(token);
      finish();
      // The earlier request arrived before the revocation; the later one is refused, as on a miss.
      await expect(earlier).resolves.toMatchObject({ userId: admin.id });
      await expect(later).rejects.toMatchObject({ statusCode: 403, message: MESSAGES.tokenInvalid });
    } finally {
      await cache.close();
    }
  });

  it('never remembers a refusal', async () => {
    const customer = await createUser(t.database.db, { role: 'user' });
    const { token } = await createSessionToken(t.database.db, customer.id);
    const { cache, check, loads } = await countedCache();
    try {
      await expect(check(token)).rejects.toMatchObject({ statusCode: 403 });
      await expect(check(token)).rejects.toMatchObject({ statusCode: 403 });
      expect(loads()).toBe(2);
      expect(cache.size).toBe(0);
    } finally {
      await cache.close();
    }
  });

  it('keeps a bounded number of sessions, the oldest going first', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const tokens = await Promise.all(
      [1, 2, 3].map(async () => (await createSessionToken(t.database.db, admin.id)).token),
    );
    const { cache, check, loads } = await countedCache({ maxEntries: 2 });
    try {
      for (const token of tokens) await check(token);
      expect(cache.size).toBe(2);
      await check(tokens[2] as string);
      expect(loads()).toBe(3);
      await check(tokens[0] as string);
      expect(loads()).toBe(4);
    } finally {
      await cache.close();
    }
  });

  it('remembers nothing once closed (not listening): every check asks the database', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = await createSessionToken(t.database.db, admin.id);
    const { cache, check, loads } = await countedCache();
    await cache.close();
    await check(token);
    await check(token);
    expect(loads()).toBe(2);
  });

  it('never trusts a session past its expiry, however long it may be remembered', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const { token } = await createSessionToken(t.database.db, admin.id, new Date(Date.now() + 3_600_000));
    const { cache, check, loads } = await countedCache({ ttlMs: 24 * 3_600_000 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await check(token);
      await check(token);
      expect(loads()).toBe(1);
      vi.setSystemTime(Date.now() + 2 * 3_600_000);
      await expect(check(token)).rejects.toMatchObject({ statusCode: 403 });
      expect(loads()).toBe(2);
    } finally {
      vi.useRealTimers();
      await cache.close();
    }
  });
});

describe("the server's pool", () => {
  it('opens its connections at start and keeps them however long they idle', async () => {
    const pool = secondDatabase.pool;
    await expect.poll(() => pool.idleCount).toBe(3);
    // pg closes an idle connection only while the pool holds more than its minimum.
    expect(pool.options.min).toBe(3);
  });
});

describe('revocation through the app, with sessions remembered', () => {
  it('a logged-out token is refused on the very next request, on this instance and on another', async () => {
    const { token } = await signIn();
    expect((await info(t.app, token)).statusCode).toBe(200);
    expect((await info(second, token)).statusCode).toBe(200);
    expect((await info(t.app, token)).statusCode).toBe(200);
    expect((await info(second, token)).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } });
    expect(out.statusCode).toBe(200);
    expect((await info(second, token)).statusCode).toBe(403);
    expect((await info(t.app, token)).statusCode).toBe(403);
  });

  it('a logout on the other instance is seen at once here, every time', async () => {
    for (let i = 0; i < 15; i++) {
      const { token } = await signIn();
      expect((await info(t.app, token)).statusCode).toBe(200);
      expect((await info(second, token)).statusCode).toBe(200);
      expect((await second.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } })).statusCode).toBe(200);
      expect((await info(t.app, token)).statusCode).toBe(403);
    }
  });

  it('a role change or deactivation in the database is refused on the next request on both instances', async () => {
    const demoted = await signIn();
    const deactivated = await signIn();
    for (const { token } of [demoted, deactivated]) {
      expect((await info(t.app, token)).statusCode).toBe(200);
      expect((await info(second, token)).statusCode).toBe(200);
    }
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.admin.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.admin.id));
    for (const { token } of [demoted, deactivated]) {
      expect((await info(second, token)).statusCode).toBe(403);
      expect((await info(t.app, token)).statusCode).toBe(403);
    }
  });
});

describe('read-only routes run beside the revocation check (decision 054)', () => {
  const list = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: `${API_PATHS.productList}?page=1&pageSize=5`, headers: { token } });

  it('answers a remembered session, and a logout on the other instance replaces the very next answer by the refusal, every time', async () => {
    for (let i = 0; i < 15; i++) {
      const { token } = await signIn();
      expect((await list(t.app, token)).statusCode).toBe(200);
      const remembered = await list(t.app, token);
      expect(remembered.statusCode).toBe(200);
      expect(remembered.json()).toMatchObject({ success: true });
      expect((await second.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } })).statusCode).toBe(200);
      const refused = await list(t.app, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toEqual({ success: false, message: MESSAGES.tokenInvalid });
    }
  });

  it('refuses a role change or a deactivation on the next read-only request, with the database’s own refusal', async () => {
    const demoted = await signIn();
    const deactivated = await signIn();
    for (const { token } of [demoted, deactivated]) {
      expect((await list(t.app, token)).statusCode).toBe(200);
      expect((await list(second, token)).statusCode).toBe(200);
    }
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.admin.id));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.admin.id));
    for (const { token } of [demoted, deactivated]) {
      for (const app of [second, t.app]) {
        const refused = await list(app, token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ success: false });
      }
    }
  });

  it('keeps the security headers on a refusal and drops nothing else a refusal needs', async () => {
    const { token } = await signIn();
    expect((await list(t.app, token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { token } });
    const refused = await list(second, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(refused.headers['content-length'])).toBe(Buffer.byteLength(refused.body));
  });
});
