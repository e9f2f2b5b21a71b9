import {
  API_PATHS,
  addMonths,
  DISCOUNT_MESSAGES,
  type Discount,
  type DiscountsUpdatedEvent,
  discountPath,
  discountStatus,
  EVENTS,
  isMadeDiscountCode,
  MESSAGES,
  todayIn,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSocket, nextEvent } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { createSessionToken, createUser } from '../helpers/users';

/* The discount code calls: GET /api/discounts/list, POST /api/discounts/create, PUT and DELETE /api/discounts/{code}. */

let t: TestApp;
let token: string;
let customerToken: string;
let customer: { id: string; name: string; email: string };
let socket: Socket;
const today = todayIn('UTC');

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
  customer = await createUser(t.database.db, { role: 'user', name: 'Ada Lovelace' });
  customerToken = (await createSessionToken(t.database.db, customer.id)).token;
  socket = await adminSocket(t, token);
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, as: string | null = token) =>
  t.app.inject({
    method,
    url,
    headers: as === null ? {} : { token: as },
    ...(payload !== undefined && { payload: payload as object }),
  });

const valid = {
  description: 'Winter sale',
  percentage: 15,
  startDate: today,
  endDate: addMonths(today, 1),
  assignedTo: null,
  maxUsage: null,
};

async function create(overrides: Record<string, unknown> = {}): Promise<Discount> {
  const res = await call('POST', API_PATHS.discountCreate, { ...valid, ...overrides });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().discount as Discount;
}
const list = async (query = '') => {
  const res = await call('GET', `${API_PATHS.discountList}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { discounts: Discount[]; total: number; today: string; page?: number; pageSize?: number };
};
const expect400 = async (body: unknown, field: string) => {
  const res = await call('POST', API_PATHS.discountCreate, body);
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(res.json()).toEqual({ success: false, message: expect.stringMatching(new RegExp(`^${field}: `)) });
  return res.json().message as string;
};

describe('POST /api/discounts/create', () => {
  it('makes the code on the server and answers the spec’s message with the code', async () => {
    const event = nextEvent<DiscountsUpdatedEvent>(socket, EVENTS.discountsUpdated, (e) => e.action === 'created');
    const res = await call('POST', API_PATHS.discountCreate, valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: MESSAGES.discountCreated,
      discount: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        code: expect.any(String),
        description: 'Winter sale',
        percentage: 15,
        startDate: valid.startDate,
        endDate: valid.endDate,
        maxUsage: null,
        usageCount: 0,
        assignedTo: null,
        isActive: true,
        status: 'active',
        createdAt: expect.any(String),
      },
    });
    expect(isMadeDiscountCode(body.discount.code)).toBe(true);
    expect(await event).toEqual({ action: 'created', code: body.discount.code });
  });

  it('reads empty assignedTo and maxUsage as null, a missing title as empty, digits as numbers', async () => {
    const d = await create({ assignedTo: '', maxUsage: '', description: undefined, percentage: '20' });
    expect(d).toMatchObject({ assignedTo: null, maxUsage: null, description: '', percentage: 20 });
    const limited = await create({ maxUsage: 25 });
    expect(limited.maxUsage).toBe(25);
  });

  it('reserves a code for a customer, showing their name and e-mail', async () => {
    const d = await create({ assignedTo: customer.id, maxUsage: 1 });
    expect(d.assignedTo).toEqual({ _id: customer.id, name: 'Ada Lovelace', email: customer.email });
  });

  it('takes the date part of a date and time, literally', async () => {
    const d = await create({ startDate: '2030-03-10T23:30:00.000Z', endDate: '2030-03-12T00:00:00+05:00' });
    expect(d).toMatchObject({ startDate: '2030-03-10', endDate: '2030-03-12', status: 'scheduled' });
  });

  it('accepts a one-day code (end on the start date)', async () => {
    expect((await create({ startDate: today, endDate: today })).status).toBe('active');
  });

  it('refuses every bad field with 400 naming it', async () => {
    for (const percentage of [0, 3, 7, 101, 105, -5, 12.5, null, 'ten', '', true])
      await expect400({ ...valid, percentage }, 'percentage');
    const { percentage: _p, ...noPercentage } = valid;
    await expect400(noPercentage, 'percentage');
    for (const maxUsage of [0, 2, 1000, -1, 'many', true]) await expect400({ ...valid, maxUsage }, 'maxUsage');
    for (const startDate of ['', '2026-02-30', 'tomorrow', null, 20261201])
      await expect400({ ...valid, startDate }, 'startDate');
    const { endDate: _e, ...noEnd } = valid;
    await expect400(noEnd, 'endDate');
    expect(await expect400({ ...valid, startDate: '2030-05-02', endDate: '2030-05-01' }, 'endDate')).toBe(
      'endDate: must not be before startDate',
    );
    for (const assignedTo of ['nobody', 12, { _id: customer.id }])
      await expect400({ ...valid, assignedTo }, 'assignedTo');
    await expect400({ ...valid, description: 'x'.repeat(501) }, 'description');
    await expect400({ ...valid, description: 'a\u0000b' }, 'description');
    await expect400({ ...valid, code: 'MYCODE12' }, 'code');
  });

  it('refuses a user id that names nobody', async () => {
    const res = await call('POST', API_PATHS.discountCreate, { ...valid, assignedTo: '65a1b2c3d4e5f60718293a4b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: DISCOUNT_MESSAGES.assigneeNotFound });
  });

  it('draws again when a code is taken', async () => {
    const taken = await create();
    const { createDiscount } = await import('../../src/modules/discounts/service');
    const codes = [taken.code, taken.code, 'FRESHC0DE'.replace('0', 'X')];
    const made = await createDiscount(
      {
        db: t.database.db,
        realtime: { toAdmins: () => {} },
        timeZone: 'UTC',
        makeCode: () => codes.shift() as string,
      },
      { ...valid, description: '', assignedTo: null },
    );
    expect(made.code).toBe('FRESHCXDE');
    expect(codes).toEqual([]);
  });
});

describe('GET /api/discounts/list', () => {
  it('answers every code, newest first, with the computed status', async () => {
    const first = await create();
    const second = await create();
    const body = await list();
    expect(body.total).toBe(body.discounts.length);
    expect(body.today).toBe(today);
    const codes = body.discounts.map((d) => d.code);
    expect(codes.indexOf(second.code)).toBeLessThan(codes.indexOf(first.code));
    expect(codes[0]).toBe(second.code);
  });

  it('pages and filters by status, and the server’s status agrees with the contract’s', async () => {
    const yesterday = addMonths(today, -1);
    const made = {
      scheduled: await create({ startDate: addMonths(today, 1), endDate: addMonths(today, 2) }),
      expired: await create({ startDate: addMonths(today, -2), endDate: yesterday }),
      usedUp: await create({ maxUsage: 1 }),
      inactive: await create(),
    };
    await t.database.db.execute(sql`UPDATE discount_codes SET usage_count = 1 WHERE code = ${made.usedUp.code}`);
    await call('PUT', discountPath(API_PATHS.discount, made.inactive.code), { ...valid, isActive: false });
    const all = await list();
    for (const d of all.discounts) expect(d.status).toBe(discountStatus(d, today));
    for (const [status, d] of Object.entries(made)) {
      const page = await list(`?status=${status}&pageSize=100`);
      expect(page.discounts.every((x) => x.status === status)).toBe(true);
      expect(page.discounts.map((x) => x.code)).toContain(d.code);
      expect(page.total).toBe(all.discounts.filter((x) => x.status === status).length);
    }
    const active = await list('?status=active&pageSize=100');
    expect(active.total).toBe(all.discounts.filter((x) => x.status === 'active').length);

    const pageOne = await list('?page=1&pageSize=2');
    const pageTwo = await list('?page=2&pageSize=2');
    expect(pageOne).toMatchObject({ page: 1, pageSize: 2, total: all.total });
    expect([...pageOne.discounts, ...pageTwo.discounts].map((d) => d.code)).toEqual(
      all.discounts.slice(0, 4).map((d) => d.code),
    );
    const past = await list('?page=1000&pageSize=100');
    expect(past).toMatchObject({ discounts: [], total: all.total });
    expect((await list('?status=')).total).toBe(all.total);
  });

  it('refuses bad parameters naming them', async () => {
    for (const query of ['?status=open', '?page=0', '?pageSize=101', '?page=x', '?sort=new']) {
      const res = await call('GET', `${API_PATHS.discountList}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/^(status|page|pageSize|sort(, )?): /);
    }
  });
});

describe('PUT /api/discounts/{code}', () => {
  it('changes everything but the code and the count', async () => {
    const d = await create({ maxUsage: 10 });
    await t.database.db.execute(sql`UPDATE discount_codes SET usage_count = 4 WHERE code = ${d.code}`);
    const event = nextEvent<DiscountsUpdatedEvent>(socket, EVENTS.discountsUpdated, (e) => e.action === 'updated');
    // The screen sends the full discount with assignedTo as an id: the extra fields are ignored.
    const res = await call('PUT', discountPath(API_PATHS.discount, d.code), {
      ...d,
      code: 'CHANGED2',
      usageCount: 0,
      description: 'Spring',
      percentage: 50,
      startDate: '2031-01-01T00:00:00.000Z',
      endDate: '2031-01-31',
      assignedTo: customer.id,
      maxUsage: 100,
      isActive: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: MESSAGES.discountUpdated,
      discount: {
        ...d,
        description: 'Spring',
        percentage: 50,
        startDate: '2031-01-01',
        endDate: '2031-01-31',
        assignedTo: { _id: customer.id, name: customer.name, email: customer.email },
        maxUsage: 100,
        usageCount: 4,
        isActive: false,
        status: 'inactive',
      },
    });
    expect(await event).toEqual({ action: 'updated', code: d.code });
  });

  it('finds the code whatever its case, and takes assignedTo and maxUsage back to null', async () => {
    const d = await create({ assignedTo: customer.id, maxUsage: 5 });
    const res = await call('PUT', discountPath(API_PATHS.discount, d.code.toLowerCase()), {
      ...valid,
      assignedTo: '',
      maxUsage: '',
      isActive: true,
    });
    expect(res.json().discount).toMatchObject({ code: d.code, assignedTo: null, maxUsage: null });
  });

  it('allows lowering maxUsage under the count: the code is then used up', async () => {
    const d = await create({ maxUsage: 10 });
    await t.database.db.execute(sql`UPDATE discount_codes SET usage_count = 7 WHERE code = ${d.code}`);
    const res = await call('PUT', discountPath(API_PATHS.discount, d.code), { ...valid, maxUsage: 5, isActive: true });
    expect(res.json().discount).toMatchObject({ usageCount: 7, maxUsage: 5, status: 'usedUp' });
  });

  it('answers 404 for an unknown code and 400 naming a bad field', async () => {
    const unknown = await call('PUT', discountPath(API_PATHS.discount, 'NOSUCHCD'), { ...valid, isActive: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: DISCOUNT_MESSAGES.notFound });
    const d = await create();
    const url = discountPath(API_PATHS.discount, d.code);
    const bad = async (body: unknown, field: string) => {
      const res = await call('PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    };
    await bad(valid, 'isActive');
    await bad({ ...valid, isActive: 'yes' }, 'isActive');
    await bad({ ...valid, isActive: true, percentage: 33 }, 'percentage');
    await bad({ ...valid, isActive: true, endDate: addMonths(today, -1) }, 'endDate');
    await bad({ ...valid, isActive: true, maxUsage: 3 }, 'maxUsage');
    const nobody = await call('PUT', url, { ...valid, isActive: true, assignedTo: '65a1b2c3d4e5f60718293a4b' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(DISCOUNT_MESSAGES.assigneeNotFound);
    const longCode = await call('PUT', discountPath(API_PATHS.discount, 'X'.repeat(40)), { ...valid, isActive: true });
    expect(longCode.statusCode).toBe(400);
    expect(longCode.json().message).toMatch(/^code: /);
  });
});

describe('DELETE /api/discounts/{code}', () => {
  it('deletes the code for good', async () => {
    const d = await create();
    const event = nextEvent<DiscountsUpdatedEvent>(socket, EVENTS.discountsUpdated, (e) => e.action === 'deleted');
    const res = await call('DELETE', discountPath(API_PATHS.discount, d.code));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.discountDeleted });
    expect(await event).toEqual({ action: 'deleted', code: d.code });
    expect((await list()).discounts.map((x) => x.code)).not.toContain(d.code);
    const again = await call('DELETE', discountPath(API_PATHS.discount, d.code));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: DISCOUNT_MESSAGES.notFound });
  });
});

describe('who may call', () => {
  it('needs an admin on every call: no token 401, a customer 403', async () => {
    const d = await create();
    const calls: [Method, string, unknown?][] = [
      ['GET', API_PATHS.discountList],
      ['POST', API_PATHS.discountCreate, valid],
      ['PUT', discountPath(API_PATHS.discount, d.code), { ...valid, isActive: false }],
      ['DELETE', discountPath(API_PATHS.discount, d.code)],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, customerToken)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing changed.
    expect((await list()).discounts.find((x) => x.code === d.code)).toEqual(d);
  });
});
