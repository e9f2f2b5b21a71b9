import type { AddressInfo } from 'node:net';
import { API_PATHS } from '@backroom/contract';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSimulateArgs } from '../../../../bench/simulate/args';
import { simulate } from '../../../../bench/simulate/run';
import { discountRedemptions, messages, orders } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct } from '../helpers/catalogue';
import { createUser } from '../helpers/users';

/** npm run simulate's customers, every step of their visits, against the real app listening on a port. */
let t: TestApp;
let base: string;
let admin: { email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const made = await createUser(t.database.db, { role: 'admin', password: 'simulated shop owner' });
  admin = { email: made.email, password: made.password };
  const login = await t.app.inject({ method: 'POST', url: API_PATHS.login, payload: admin });
  const token = login.json().token as string;
  for (const name of ['Goku Figure', 'Batman Figure', 'Infinity Cube']) {
    await addProduct(t, token, { name, description: `${name} for the simulator`, price: '19.99' });
  }
  const today = new Date().toISOString().slice(0, 10);
  const code = await t.app.inject({
    method: 'POST',
    url: API_PATHS.discountCreate,
    headers: { token },
    payload: { description: 'Simulated', percentage: 10, startDate: today, endDate: '2099-12-31', assignedTo: null },
  });
  expect(code.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the customer simulator', () => {
  it('reads its command line, naming a bad value', () => {
    const options = parseSimulateArgs(['--url', 'http://localhost:3000/x', '--customers', '50', '--minutes', '2'], {});
    expect(options).toMatchObject({ url: 'http://localhost:3000', customers: 50, seconds: 120, admin: undefined });
    expect(() => parseSimulateArgs(['--customers', '5'], {})).toThrow(/--url: is required/);
    expect(() => parseSimulateArgs(['--url', 'http://x', '--minutes', 'two'], {})).toThrow(
      /--minutes: must be a number/,
    );
    expect(() => parseSimulateArgs(['--url', 'http://x', '--replies'], {})).toThrow(/--replies: needs an admin login/);
    const fromEnv = parseSimulateArgs(['--url', 'http://x'], { ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'p' });
    expect(fromEnv.admin).toEqual({ email: 'a@b.example', password: 'p' });
  });

  it('plays customers who register, order with and without a code, chat and hear replies, with no 5xx', async () => {
    // Count-based: every customer arrives at once and plays each step of their visit (what they do
    // is the seed's, not the clock's), so a busy machine is slower, never red. The admin answers
    // about half of the messages, as they come: runs follow one another (a new seed each) until
    // customers have ordered, chatted and heard replies (one run, almost always).
    const counts = { productPages: 0, ordersPlaced: 0, codesUsed: 0, messagesSent: 0, repliesSent: 0 };
    let runs = 0;
    for (;;) {
      const seed = 3 + runs;
      runs += 1;
      const result = await simulate({
        url: base,
        customers: 8,
        seconds: 0,
        allAtOnce: true,
        admin,
        codes: [],
        replies: true,
        seed,
      });
      const { errors } = result.snapshot;
      const run = result.snapshot.counts;
      expect(result.fatal, JSON.stringify(result.snapshot.failures)).toBe(false);
      expect(Object.keys(errors).filter((status) => Number(status) >= 500)).toEqual([]);
      expect(result.codes).toHaveLength(1);
      expect(run.customers).toBe(8);
      // Every reply reached its customer's socket.
      expect(run.repliesReceived).toBe(run.repliesSent);
      for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += run[key];
      if (counts.productPages > 0 && counts.ordersPlaced > 0 && counts.messagesSent > 0 && counts.repliesSent > 0)
        break;
    }
    console.info(`simulator: ${runs} run(s) of 8 customers: ${JSON.stringify(counts)}`);

    // What it says it did is what the shop holds.
    const db = t.database.db;
    const [placed] = await db.select({ n: count() }).from(orders);
    expect(placed?.n).toBe(counts.ordersPlaced);
    const [coded] = await db
      .select({ n: count() })
      .from(discountRedemptions)
      .where(isNotNull(discountRedemptions.orderId));
    expect(coded?.n).toBe(counts.codesUsed);
    const [fromCustomers] = await db.select({ n: count() }).from(messages).where(eq(messages.isAdmin, false));
    expect(fromCustomers?.n).toBe(counts.messagesSent);
    const [fromAdmin] = await db.select({ n: count() }).from(messages).where(eq(messages.isAdmin, true));
    expect(fromAdmin?.n).toBe(counts.repliesSent);
  });
});
