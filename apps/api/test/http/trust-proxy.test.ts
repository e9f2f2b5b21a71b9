import { API_PATHS } from '@backroom/contract';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../src/db/schema';
import { DEVICE_COOKIE } from '../../src/modules/auth/device-cookie';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser } from '../helpers/users';

/** The client addresses the login limits have counted: what the app took request.ip to be. */
async function countedAddresses(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ key: loginAttempts.key, count: loginAttempts.count })
    .from(loginAttempts)
    .where(like(loginAttempts.key, 'ip:%'));
  return Object.fromEntries(rows.map((r) => [r.key.slice(3), r.count]));
}

const attempt = (t: TestApp, from: string, forwardedFor?: string, email = 'someone@x.example') =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.login,
    payload: { email, password: 'wrong' },
    remoteAddress: from,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY=1: one balancer in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', LOGIN_MAX_PER_IP: '5', LOGIN_MAX_PER_EMAIL: '1000' });
  });
  afterAll(() => t.close());

  it('10 attempts with 10 made-up left-most addresses all count against the one real address', async () => {
    const balancer = '10.0.0.2';
    const client = '203.0.113.7';
    // Accounts of their own, so that each checked attempt is a (fixture-cheap) password check
    // rather than the deliberately slow one an unknown e-mail gets.
    // Twice the address's limit (it was 40 attempts against 30: the same proof, a quarter of the calls).
    for (let i = 0; i < 10; i++) await createUser(t.database.db, { email: `victim${i}@x.example` });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // The client writes any X-Forwarded-For it likes; the balancer appends the address it saw.
      const res = await attempt(t, balancer, `198.51.100.${i}, ${client}`, `victim${i}@x.example`);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(await countedAddresses(t)).toEqual({ [client]: 5 });

    // Another client behind the same balancer is not held up by the first one.
    expect((await attempt(t, balancer, '203.0.113.8')).statusCode).toBe(401);
  });

  it('the device cookie is Secure when the balancer says the request came over https', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: admin.email, password: admin.password },
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '203.0.113.20', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBe(true);
  });
});

describe('TRUST_PROXY=10.0.0.0/8,127.0.0.1: the balancers by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
  });
  afterAll(() => t.close());

  it('takes the address a listed balancer appended, past any made-up ones', async () => {
    await attempt(t, '10.1.2.3', '198.51.100.1, 203.0.113.9');
    // Two balancers in a row, both listed: the first address neither of them is, is the client.
    await attempt(t, '127.0.0.1', '198.51.100.2, 203.0.113.11, 10.0.0.9');
    expect(await countedAddresses(t)).toEqual({ '203.0.113.9': 1, '203.0.113.11': 1 });
  });

  it('ignores X-Forwarded-For (and X-Forwarded-Proto) from a machine not in the list', async () => {
    const res = await attempt(t, '192.0.2.50', '203.0.113.10');
    expect(res.statusCode).toBe(401);
    const counted = await countedAddresses(t);
    expect(counted['192.0.2.50']).toBe(1);
    expect(counted['203.0.113.10']).toBeUndefined();

    const admin = await createUser(t.database.db, { role: 'admin' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: admin.email, password: admin.password },
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(signedIn.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBeUndefined();
  });
});

describe('TRUST_PROXY=false (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('uses the connecting address, whatever X-Forwarded-For says', async () => {
    await attempt(t, '10.1.2.3', '203.0.113.9');
    expect(await countedAddresses(t)).toEqual({ '10.1.2.3': 1 });
  });
});
