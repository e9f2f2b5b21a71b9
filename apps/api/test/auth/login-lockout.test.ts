import { API_PATHS, MESSAGES } from '@backroom/contract';
import { sign, unsign } from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loginAttempts } from '../../src/db/schema';
import { DEVICE_COOKIE } from '../../src/modules/auth/device-cookie';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_EMAIL: '5', LOGIN_MAX_PER_IP: '1000', LOGIN_WINDOW: '15m' });
});
afterAll(() => t.close());

/** A login from an address, carrying a device cookie (the raw, signed value) or none. */
const login = (email: string, password: string, { ip = '10.0.0.1', device }: { ip?: string; device?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { email, password },
    remoteAddress: ip,
    cookies: device === undefined ? {} : { [DEVICE_COOKIE]: device },
  });

const deviceCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE);

/** Signs in once from a device and answers the device cookie it was given. */
async function knownDevice(email: string, password: string, ip = '10.5.0.1'): Promise<string> {
  const res = await login(email, password, { ip });
  expect(res.statusCode).toBe(200);
  const cookie = deviceCookie(res);
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

/** The clock moves on past a key's wait (instead of the test sleeping for minutes). */
async function waitIsOver(key: string) {
  await t.database.db
    .update(loginAttempts)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(loginAttempts.key, key));
}

/** The wait, in seconds, that a key's last checked attempt set (exact: both times come from one statement). */
async function waitSet(key: string): Promise<number> {
  const [row] = await t.database.db
    .select({
      secs: sql<number>`extract(epoch from ${loginAttempts.blockedUntil} - ${loginAttempts.lastAttemptAt})::float8`,
    })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  return Number(row?.secs);
}

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ success: false, message: MESSAGES.tooManyLogins(retryAfter(res)) });
  expect(retryAfter(res)).toBeGreaterThanOrEqual(1);
}

describe('the login device cookie', () => {
  it('is signed, httpOnly, SameSite=Strict, kept 180 days, and sent back to the login only', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const res = await login(admin.email, admin.password);
    const cookie = deviceCookie(res);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: API_PATHS.login,
      maxAge: 180 * 86_400,
    });
    // Plain http here: Secure only when the request came over https (http/trust-proxy.test.ts).
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(new RegExp(`^[A-Za-z0-9_-]{22}:${admin.id}\\.`));
    // The same device keeps its id when it signs in again.
    const again = deviceCookie(await login(admin.email, admin.password, { device: cookie?.value }));
    expect(again?.value.split('.')[0]).toBe(cookie?.value.split('.')[0]);
  });

  it('is signed with a key every instance on the database shares, or with LOGIN_DEVICE_SECRET', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const device = await knownDevice(admin.email, admin.password);
    // A second instance on the same database accepts the first one's cookie: its e-mail is
    // locked for strangers, the device still signs in.
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      for (let i = 0; i < 6; i++) await login(admin.email, 'wrong', { ip: `10.7.0.${i}` });
      const res = await other.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: admin.email, password: admin.password },
        cookies: { [DEVICE_COOKIE]: device },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }

    const secret = 'a-secret-of-at-least-32-characters-long';
    const configured = await createTestApp({ LOGIN_DEVICE_SECRET: secret });
    try {
      const user = await createUser(configured.database.db, { role: 'admin' });
      const res = await configured.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: user.email, password: user.password },
      });
      const value = deviceCookie(res)?.value ?? '';
      expect(unsign(value, secret).valid).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe("a stranger's attempts never keep the owner's known device out", () => {
  it("after a stranger's 50 wrong attempts, the owner signs in at once from a known device", async () => {
    const owner = await createUser(t.database.db, { role: 'admin', name: 'shop owner' });
    const device = await knownDevice(owner.email, owner.password);

    const stranger = [];
    for (let i = 0; i < 50; i++) stranger.push(await login(owner.email, `guess-${i}`, { ip: `198.51.100.${i}` }));
    expect(stranger.slice(0, 5).map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    for (const res of stranger.slice(5)) expectRefused(res);

    const res = await login(owner.email, owner.password, { device });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const me = await t.app.inject({ method: 'GET', url: API_PATHS.userInfo, headers: { token } });
    expect(me.json().user.name).toBe('shop owner');

    // A device that never signed in is still held to the e-mail's wait, right password or not.
    const unknown = await login(owner.email, owner.password, { ip: '10.5.0.2' });
    expectRefused(unknown);
    expect(unknown.json().token).toBeUndefined();
  });

  it("an unsigned, forged, altered or other account's cookie counts as an unknown device", async () => {
    const owner = await createUser(t.database.db, { role: 'admin' });
    const colleague = await createUser(t.database.db, { role: 'admin' });
    const device = await knownDevice(owner.email, owner.password);
    const colleagues = await knownDevice(colleague.email, colleague.password);
    for (let i = 0; i < 5; i++) await login(owner.email, 'wrong', { ip: `198.51.101.${i}` });

    const claim = device.slice(0, device.lastIndexOf('.'));
    const otherDeviceId = 'A'.repeat(22);
    const cookies = {
      unsigned: claim,
      'signed with another key': sign(claim, 'not-the-key-this-shop-signs-with-at-all'),
      'another device id under the same signature': `${otherDeviceId}${device.slice(22)}`,
      "a colleague's device": colleagues,
      garbage: 'not a cookie at all',
    };
    for (const [what, value] of Object.entries(cookies)) {
      const res = await login(owner.email, owner.password, { device: value });
      expect(res.statusCode, what).toBe(429);
      expect(res.json().token, what).toBeUndefined();
    }
    expect((await login(owner.email, owner.password, { device })).statusCode).toBe(200);
  });

  it('a malformed Cookie header is no device, never a server error', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    for (const cookie of [
      `${DEVICE_COOKIE}=%E0%A4%A`,
      `${DEVICE_COOKIE}=${'a'.repeat(4000)}.${'b'.repeat(43)}`,
      `${DEVICE_COOKIE}`,
      `=;;${DEVICE_COOKIE}=.;`,
      `${DEVICE_COOKIE}=a; ${DEVICE_COOKIE}=b`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { email: admin.email, password: 'wrong' },
        headers: { cookie },
        remoteAddress: '10.11.0.1',
      });
      expect(res.statusCode, cookie).toBe(401);
    }
  });
});

describe('past the limit, attempts slow down instead of locking', () => {
  it('each further attempt waits longer: 30 s, 1 min, 2 min … at most LOGIN_WINDOW', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const key = `email:${admin.email}`;
    for (let i = 0; i < 5; i++) expect((await login(admin.email, 'wrong', { ip: `10.8.0.${i}` })).statusCode).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 8; round++) {
      waits.push(await waitSet(key));
      const refused = await login(admin.email, admin.password, { ip: '10.8.1.1' });
      expectRefused(refused);
      // Retry-After counts down the wait the last checked attempt set.
      expect(retryAfter(refused)).toBeLessThanOrEqual(waits[round] as number);
      await waitIsOver(key);
      // Once the wait is over, one attempt is checked again.
      expect((await login(admin.email, 'wrong', { ip: '10.8.1.2' })).statusCode).toBe(401);
    }
    // 30 s, 60 s, 120 s … capped at 15 minutes.
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);

    // When the wait is over, the right password gets in again, from anywhere.
    await waitIsOver(key);
    expect((await login(admin.email, admin.password, { ip: '10.8.1.3' })).statusCode).toBe(200);
  });

  it('attempts refused during a wait are not counted and do not lengthen it', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const key = `email:${admin.email}`;
    for (let i = 0; i < 5; i++) await login(admin.email, 'wrong', { ip: `10.9.0.${i}` });
    for (let i = 0; i < 20; i++) expectRefused(await login(admin.email, 'wrong', { ip: `10.9.1.${i}` }));
    const [row] = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, key));
    expect(row?.count).toBe(5);
    await waitIsOver(key);
    expect((await login(admin.email, 'wrong', { ip: '10.9.2.1' })).statusCode).toBe(401);
    // The next wait is the second step (1 min), not one grown by the twenty refused attempts.
    expect(await waitSet(key)).toBe(60);
    expectRefused(await login(admin.email, 'wrong', { ip: '10.9.2.2' }));
  });
});

describe("a known device's own count", () => {
  it('a known device waits after its own wrong attempts, and a success clears its count', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const device = await knownDevice(admin.email, admin.password);
    const deviceId = device.slice(0, 22);
    for (let i = 0; i < 5; i++) expect((await login(admin.email, 'wrong', { device })).statusCode).toBe(401);
    expectRefused(await login(admin.email, admin.password, { device }));
    // The e-mail itself was never counted: another device of the owner is not held up.
    expect((await login(admin.email, admin.password, { ip: '10.10.0.1' })).statusCode).toBe(200);

    await waitIsOver(`device:${deviceId}`);
    expect((await login(admin.email, admin.password, { device })).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `device:${deviceId}`));
    expect(rows).toEqual([]);
    // Counting starts again from nothing: five more attempts are checked before any wait.
    for (let i = 0; i < 5; i++) expect((await login(admin.email, 'wrong', { device })).statusCode).toBe(401);
    expectRefused(await login(admin.email, 'wrong', { device }));
  });

  it('wrong passwords sent together from a known device: five are checked, and the right one then gets no token', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const device = await knownDevice(admin.email, admin.password);
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(admin.email, 'wrong', { device })));
    const statuses = burst.map((r) => r.statusCode);
    // Each attempt takes its own number in one statement: the burst cannot slip past the limit.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectRefused(await login(admin.email, admin.password, { device }));
  });

  it('the right password sent among wrong ones gets a token only while the device has attempts left', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const device = await knownDevice(admin.email, admin.password);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(admin.email, i === 11 ? admin.password : 'wrong', { device })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    if (burst[11]?.statusCode === 200) {
      // It was among the first five checked. Its sign-in starts the device's count again (a known
      // device that signs in starts from nothing), so how many wrong ones were checked after it
      // depends on which the server counted first; none was answered with a token.
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    } else {
      // Refused: the device had used its five checked attempts, all wrong, and waits.
      expectRefused(burst[11] as LightMyRequestResponse);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expectRefused(await login(admin.email, admin.password, { device }));
    }
  });
});
