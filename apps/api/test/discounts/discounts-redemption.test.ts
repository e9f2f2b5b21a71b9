import {
  API_PATHS,
  type Discount,
  discountPath,
  REDEMPTION_MESSAGES,
  type RedemptionRefusal,
  todayIn,
} from '@backroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/client';
import { orders, users } from '../../src/db/schema';
import { type RedemptionResult, redeemDiscount } from '../../src/modules/discounts/redemption';
import { listRedemptions } from '../../src/modules/discounts/repository';
import { listDiscounts } from '../../src/modules/discounts/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * Redemption (issue 11): one statement checks active, in dates, under maxUsage and assigned to
 * that customer or to all, and counts the use; the dates are calendar days in SHOP_TIMEZONE.
 * This app runs in Pacific/Auckland (UTC+13 in December), so that 'the end of the day there' and
 * 'the end of the day in UTC' are eleven hours apart.
 */

const ZONE = 'Pacific/Auckland';
let t: TestApp;
let token: string;
const customers: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ SHOP_TIMEZONE: ZONE });
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  // Fifty customers in one insert (no password needed: they never log in here).
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({ name: `Customer ${i}`, email: `c${i}@redeem.test`, passwordHash: '-' })),
    )
    .returning({ id: users.id });
  customers.push(...rows.map((r) => r.id));
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { token }, ...(payload !== undefined && { payload: payload as object }) });

async function create(body: Record<string, unknown>): Promise<Discount> {
  const res = await call('POST', API_PATHS.discountCreate, {
    description: '',
    percentage: 10,
    startDate: '2020-01-01',
    endDate: '2099-12-31',
    assignedTo: null,
    maxUsage: null,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discount as Discount;
}
const usage = async (code: string) =>
  (await t.database.db.execute<{ n: number }>(sql`SELECT usage_count AS n FROM discount_codes WHERE code = ${code}`))
    .rows[0]?.n;

const at = (iso: string) => ({ timeZone: ZONE, now: () => new Date(iso) });
const redeem = (code: string, customerId: string, clock = { timeZone: ZONE }) =>
  redeemDiscount(t.database.db, clock, { code, customerId });
const refusal = (reason: RedemptionRefusal): RedemptionResult => ({
  ok: false,
  reason,
  message: REDEMPTION_MESSAGES[reason],
});

describe('redeeming a code at once from many customers', () => {
  it('gives exactly 10 successes out of 50 for Max Usage 10, and counts 10', async () => {
    const d = await create({ maxUsage: 10, percentage: 25 });
    // A pool of its own, wide enough for the calls to race in the database, not queue in the pool.
    const database = connectDatabase(t.database.url, 25);
    try {
      const results = await Promise.all(
        customers.map((customerId, i) =>
          redeemDiscount(database.db, { timeZone: ZONE }, { code: d.code, customerId, orderId: `order-${i}` }),
        ),
      );
      const successes = results.filter((r) => r.ok);
      expect(successes).toHaveLength(10);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 40 }, () => refusal('usedUp')));
      expect(successes.map((r) => r.ok && r.redemption.usageCount).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
    } finally {
      await database.close();
    }
    expect(await usage(d.code)).toBe(10);
    const rows = await listRedemptions(t.database.db, { code: d.code });
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(10);
    expect(rows.every((r) => r.percentage === 25 && r.discountId === d._id)).toBe(true);
    const listed = (await call('GET', API_PATHS.discountList)).json().discounts as Discount[];
    expect(listed.find((x) => x.code === d.code)).toMatchObject({ usageCount: 10, status: 'usedUp' });
  });

  it('counts every one of 50 concurrent uses of an unlimited code', async () => {
    const d = await create({});
    const database = connectDatabase(t.database.url, 25);
    try {
      const results = await Promise.all(
        customers.map((customerId) => redeemDiscount(database.db, { timeZone: ZONE }, { code: d.code, customerId })),
      );
      expect(results.every((r) => r.ok)).toBe(true);
    } finally {
      await database.close();
    }
    expect(await usage(d.code)).toBe(50);
  });
});

describe('why a code cannot be used', () => {
  it('tells each reason and counts nothing', async () => {
    const [me, other] = customers as [string, string];
    expect(await redeem('NOSUCHCODE', me)).toEqual(refusal('unknown'));
    const inactive = await create({});
    await call('PUT', discountPath(API_PATHS.discount, inactive.code), {
      ...inactive,
      assignedTo: null,
      isActive: false,
    });
    expect(await redeem(inactive.code, me)).toEqual(refusal('inactive'));
    const theirs = await create({ assignedTo: other });
    expect(await redeem(theirs.code, me)).toEqual(refusal('notYours'));
    const later = await create({ startDate: '2098-01-01' });
    expect(await redeem(later.code, me)).toEqual(refusal('notYetValid'));
    const over = await create({ startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(await redeem(over.code, me)).toEqual(refusal('expired'));
    const once = await create({ maxUsage: 1 });
    expect((await redeem(once.code, me)).ok).toBe(true);
    expect(await redeem(once.code, other)).toEqual(refusal('usedUp'));
    for (const d of [inactive, theirs, later, over]) expect(await usage(d.code)).toBe(0);
    expect(await usage(once.code)).toBe(1);
  });

  it('lets the customer a code is reserved for use it, typed in any case', async () => {
    const [me] = customers as [string];
    const mine = await create({ assignedTo: me, percentage: 40 });
    const result = await redeem(` ${mine.code.toLowerCase()} `, me);
    expect(result).toEqual({
      ok: true,
      redemption: expect.objectContaining({ code: mine.code, percentage: 40, usageCount: 1, maxUsage: null }),
    });
  });

  it('counts nothing when the caller’s transaction rolls back', async () => {
    const d = await create({ maxUsage: 5 });
    await expect(
      t.database.db.transaction(async (tx) => {
        const result = await redeemDiscount(
          tx,
          { timeZone: ZONE },
          { code: d.code, customerId: customers[0] as string },
        );
        expect(result.ok).toBe(true);
        throw new Error('the order could not be written');
      }),
    ).rejects.toThrow('the order could not be written');
    expect(await usage(d.code)).toBe(0);
    expect(await listRedemptions(t.database.db, { code: d.code })).toEqual([]);
  });
});

describe('calendar days in SHOP_TIMEZONE', () => {
  it('works through the end of the last day there, and not after', async () => {
    const d = await create({ startDate: '2026-11-20', endDate: '2026-12-01' });
    const me = customers[1] as string;
    // 23:59:59 on 1 December in Auckland (NZDT, UTC+13).
    expect((await redeem(d.code, me, at('2026-12-01T10:59:59Z'))).ok).toBe(true);
    // Midnight: 2 December there, though still 1 December in UTC.
    expect(await redeem(d.code, me, at('2026-12-01T11:00:00Z'))).toEqual(refusal('expired'));
    expect(todayIn('UTC', new Date('2026-12-01T11:00:00Z'))).toBe('2026-12-01');
  });

  it('starts at the beginning of the first day there, not before', async () => {
    const d = await create({ startDate: '2026-11-20', endDate: '2026-12-01' });
    const me = customers[2] as string;
    // 23:59:59 on 19 November in Auckland, already 19 November 10:59 in UTC.
    expect(await redeem(d.code, me, at('2026-11-19T10:59:59Z'))).toEqual(refusal('notYetValid'));
    expect((await redeem(d.code, me, at('2026-11-19T11:00:00Z'))).ok).toBe(true);
  });

  it('shows the status of that day there in the list', async () => {
    const d = await create({ startDate: '2026-11-20', endDate: '2026-12-01' });
    const statusAt = async (iso: string, timeZone = ZONE) =>
      (await listDiscounts({ db: t.database.db, timeZone, now: () => new Date(iso) }, {})).discounts.find(
        (x) => x.code === d.code,
      )?.status;
    expect(await statusAt('2026-12-01T10:59:59Z')).toBe('active');
    expect(await statusAt('2026-12-01T11:00:00Z')).toBe('expired');
    expect(await statusAt('2026-12-01T11:00:00Z', 'UTC')).toBe('active');
    expect(await statusAt('2026-11-19T10:59:59Z')).toBe('scheduled');
  });

  it('answers the list with today in the shop’s zone', async () => {
    const before = new Date();
    const body = (await call('GET', API_PATHS.discountList)).json();
    // The day during the call (it may cross midnight there, however long the call took).
    expect([todayIn(ZONE, before), todayIn(ZONE)]).toContain(body.today);
  });
});

describe('orders that used a code outlive its changes', () => {
  it('keeps the code and the percentage when maxUsage is lowered or the code deleted', async () => {
    const d = await create({ maxUsage: 10, percentage: 30 });
    const me = customers[3] as string;
    const order = await insertOrder(t.database.db, { userId: me, discountCode: d.code });
    for (let i = 0; i < 3; i += 1)
      expect(
        (await redeemDiscount(t.database.db, { timeZone: ZONE }, { code: d.code, customerId: me, orderId: order.id }))
          .ok,
      ).toBe(true);

    const lowered = await call('PUT', discountPath(API_PATHS.discount, d.code), {
      ...d,
      assignedTo: null,
      maxUsage: 1,
      isActive: true,
    });
    expect(lowered.json().discount).toMatchObject({ usageCount: 3, maxUsage: 1, status: 'usedUp' });
    expect(await listRedemptions(t.database.db, { code: d.code })).toHaveLength(3);

    expect((await call('DELETE', discountPath(API_PATHS.discount, d.code))).statusCode).toBe(200);
    const kept = await listRedemptions(t.database.db, { code: d.code });
    expect(kept).toHaveLength(3);
    expect(kept.every((r) => r.discountId === null && r.percentage === 30 && r.orderId === order.id)).toBe(true);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.discountCode).toBe(d.code);
    const listed = await call('POST', API_PATHS.orderList);
    expect(listed.statusCode).toBe(200);
  });
});

describe('a code reserved for a customer whose account is deleted', () => {
  it('is switched off and shown as reserved for an unknown user, never opened to everyone', async () => {
    const gone = await createUser(t.database.db);
    const d = await create({ assignedTo: gone.id });
    expect((await redeem(d.code, gone.id)).ok).toBe(true);
    const res = await call('DELETE', API_PATHS.user.replace(':id', gone.id));
    expect(res.statusCode, res.body).toBe(200);

    const listed = ((await call('GET', API_PATHS.discountList)).json().discounts as Discount[]).find(
      (x) => x.code === d.code,
    );
    expect(listed).toMatchObject({
      assignedTo: { _id: null, name: null, email: null },
      isActive: false,
      status: 'inactive',
    });
    expect(await redeem(d.code, customers[4] as string)).toEqual(refusal('inactive'));
    // Even switched on again by hand, nobody may use it until it is reassigned.
    await t.database.db.execute(sql`UPDATE discount_codes SET is_active = true WHERE code = ${d.code}`);
    expect(await redeem(d.code, customers[4] as string)).toEqual(refusal('notYours'));
    // The redemption stays, without the account.
    const [kept] = await listRedemptions(t.database.db, { code: d.code });
    expect(kept).toMatchObject({ userId: null, code: d.code });
    // Saving it from the edit form opens it to the customers the form names.
    const reopened = await call('PUT', discountPath(API_PATHS.discount, d.code), {
      ...d,
      assignedTo: null,
      isActive: true,
    });
    expect(reopened.json().discount).toMatchObject({ assignedTo: null, status: 'active' });
    expect((await redeem(d.code, customers[4] as string)).ok).toBe(true);
  });
});
