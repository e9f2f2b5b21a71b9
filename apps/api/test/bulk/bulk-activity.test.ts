import {
  API_PATHS,
  BULK_INLINE_LIMIT,
  BULK_PATHS,
  type BulkJobResponse,
  type BulkQueuedResponse,
  bulkJobPath,
} from '@backroom/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { dbNow as databaseNow, entriesSince } from '../helpers/activity';
import { createTestApp, type TestApp } from '../helpers/app';
import { insertOrder, orderCall } from '../helpers/orders';
import { insertStoreProduct } from '../helpers/storefront';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * Bulk actions write one activity entry per row they change, in the batch's transaction, looking
 * like the entry the one-row call writes (docs/decisions/033-activity-log.md, 035-bulk-actions.md).
 */

let t: TestApp;
let token: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Bulk Logger' });
  adminId = admin.id;
  token = (await createSessionToken(t.database.db, admin.id)).token;
});
afterAll(() => t.close());

const call = async (url: string, payload: unknown) => {
  const res = await orderCall(t, token, url, payload);
  return { status: res.statusCode, body: res.json() };
};

const dbNow = () => databaseNow(t.database.db);
const entries = (since: string, ids: string[]) => entriesSince(t.database.db, since, ids);

const made = async (n: number, values: Partial<typeof products.$inferInsert> = {}) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await insertStoreProduct(t.database.db, { description: 'A figure', ...values })).id);
  return ids;
};

describe('inline bulk actions on products', () => {
  it('flag: each changed product gets the entry the one-product update writes; skipped ones none', async () => {
    const [single, a, b, already] = await made(4);
    await t.database.db
      .update(products)
      .set({ bestseller: true })
      .where(eq(products.id, already as string));
    const since = await dbNow();
    // The one-product call, for comparison: only the flag changes.
    const form = new FormData();
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, single as string));
    for (const [k, v] of Object.entries({
      name: row?.name,
      description: row?.description,
      price: '10',
      bestseller: 'true',
    }))
      form.append(k, String(v));
    const one = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.productUpdate.replace(':id', single as string),
      headers: { token },
      payload: form,
    });
    expect(one.statusCode, one.body).toBe(200);
    const res = await call(BULK_PATHS.productBulk, {
      selection: { ids: [a, b, already] },
      action: { kind: 'flag', flag: 'bestseller', value: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ updated: 2, skipped: 1 });
    const logged = await entries(since, [single, a, b, already] as string[]);
    const byId = new Map(logged.map((e) => [e.recordId, e]));
    expect(byId.has(already as string)).toBe(false);
    const reference = byId.get(single as string);
    expect(reference?.changes).toEqual({ bestseller: { from: false, to: true } });
    for (const id of [a, b] as string[]) {
      expect(byId.get(id)).toEqual({ ...reference, recordId: id });
      expect(byId.get(id)).toMatchObject({
        kind: 'product',
        action: 'updated',
        actorId: adminId,
        actorName: 'Bulk Logger',
      });
    }
  });

  it('discount and category: the fields that changed, from and to', async () => {
    await t.database.db.execute(
      sql`insert into categories (name, position, sub_categories, sub_sub_categories) values ('Logged Moves', 98, '["Shelf"]', '[]')`,
    );
    const [a, b] = await made(2, { discount: 5, mainCategory: 'Figures', subCategory: 'Heroes' });
    const since = await dbNow();
    expect(
      (await call(BULK_PATHS.productBulk, { selection: { ids: [a, b] }, action: { kind: 'discount', percent: 12.5 } }))
        .status,
    ).toBe(200);
    expect(
      (
        await call(BULK_PATHS.productBulk, {
          selection: { ids: [a] },
          action: { kind: 'category', mainCategory: 'Logged Moves', subCategory: 'Shelf' },
        })
      ).status,
    ).toBe(200);
    const logged = await entries(since, [a, b] as string[]);
    expect(logged.filter((e) => e.recordId === b).map((e) => e.changes)).toEqual([{ discount: { from: 5, to: 12.5 } }]);
    expect(logged.filter((e) => e.recordId === a).map((e) => e.changes)).toEqual(
      expect.arrayContaining([
        { discount: { from: 5, to: 12.5 } },
        { mainCategory: { from: 'Figures', to: 'Logged Moves' }, subCategory: { from: 'Heroes', to: 'Shelf' } },
      ]),
    );
  });

  it('delete: each product gets the entry the one-product remove writes (every field to null)', async () => {
    const [single, a] = await made(2);
    const since = await dbNow();
    expect((await call(API_PATHS.productRemove, { id: single })).status).toBe(200);
    expect((await call(BULK_PATHS.productBulk, { selection: { ids: [a] }, action: { kind: 'delete' } })).status).toBe(
      200,
    );
    const logged = await entries(since, [single, a] as string[]);
    const one = logged.find((e) => e.recordId === single);
    const bulk = logged.find((e) => e.recordId === a);
    expect(bulk).toMatchObject({ action: 'deleted', kind: 'product', actorId: adminId });
    expect(Object.keys(bulk?.changes ?? {}).sort()).toEqual(Object.keys(one?.changes ?? {}).sort());
    expect(bulk?.changes?.priceCents).toEqual({ from: 1000, to: null });
  });

  it('a batch that fails leaves no entry', async () => {
    const [a, stubborn] = await made(2, { name: 'Stubborn' });
    await t.database.db.execute(sql`
      create function refuse_77() returns trigger language plpgsql as $$
      begin
        if new.discount = 77 and new.id = '${sql.raw(stubborn as string)}' then raise exception 'refused by the test'; end if;
        return new;
      end $$;`);
    await t.database.db.execute(
      sql`create trigger refuse_77 before update on products for each row execute function refuse_77()`,
    );
    try {
      const since = await dbNow();
      const res = await call(BULK_PATHS.productBulk, {
        selection: { ids: [a, stubborn] },
        action: { kind: 'discount', percent: 77 },
      });
      expect(res.status).toBe(500);
      expect(await entries(since, [a, stubborn] as string[])).toEqual([]);
      const rows = await t.database.db
        .select({ discount: products.discount })
        .from(products)
        .where(inArray(products.id, [a, stubborn] as string[]));
      expect(rows.map((r) => r.discount)).toEqual([0, 0]);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_77 on products`);
      await t.database.db.execute(sql`drop function refuse_77()`);
    }
  });
});

describe('inline bulk actions on orders', () => {
  it('status and delete: the entries the one-order calls write', async () => {
    const [single, a, already, gone, goneSingle] = await Promise.all(
      ['Order Placed', 'Order Placed', 'Packing', 'Order Placed', 'Order Placed'].map((status) =>
        insertOrder(t.database.db, { status: status as 'Packing' }),
      ),
    ).then((rows) => rows.map((r) => r.id));
    const since = await dbNow();
    expect((await call(API_PATHS.orderStatus, { orderId: single, status: 'Packing' })).status).toBe(200);
    const res = await call(BULK_PATHS.orderBulk, {
      selection: { ids: [a, already] },
      action: { kind: 'status', status: 'Packing' },
    });
    expect(res.body.result).toMatchObject({ updated: 1, skipped: 1 });
    expect((await call(API_PATHS.orderDelete, { orderId: goneSingle })).status).toBe(200);
    expect((await call(BULK_PATHS.orderBulk, { selection: { ids: [gone] }, action: { kind: 'delete' } })).status).toBe(
      200,
    );

    const logged = await entries(since, [single, a, already, gone, goneSingle] as string[]);
    const of = (id: string | undefined) => logged.filter((e) => e.recordId === id);
    expect(of(already)).toEqual([]);
    expect(of(single).map((e) => e.changes)).toEqual([{ status: { from: 'Order Placed', to: 'Packing' } }]);
    expect(of(a)).toEqual([{ ...of(single)[0], recordId: a }]);
    expect(of(a)[0]).toMatchObject({ kind: 'order', action: 'statusChanged', actorId: adminId });
    const [bulkGone] = of(gone);
    const [oneGone] = of(goneSingle);
    expect(bulkGone).toMatchObject({ kind: 'order', action: 'deleted', actorId: adminId });
    expect(Object.keys(bulkGone?.changes ?? {}).sort()).toEqual(Object.keys(oneGone?.changes ?? {}).sort());
    expect(bulkGone?.changes?.status).toEqual({ from: 'Order Placed', to: null });
  });
});

describe('a bulk job', () => {
  it('writes an entry for each row of each batch, attributed to the admin who started it', async () => {
    const n = BULK_INLINE_LIMIT + 100;
    await t.database.db
      .insert(products)
      .values(
        Array.from({ length: n }, (_, i) => ({ name: `Job Logged ${i}`, priceCents: 500, mainCategory: 'Job Logged' })),
      );
    const ids = (
      await t.database.db.select({ id: products.id }).from(products).where(eq(products.mainCategory, 'Job Logged'))
    ).map((r) => r.id);
    const since = await dbNow();
    const res = await call(BULK_PATHS.productBulk, {
      selection: { filter: { mainCategory: 'Job Logged' } },
      action: { kind: 'flag', flag: 'vaulted', value: true },
    });
    expect(res.status).toBe(202);
    const { jobId } = res.body as BulkQueuedResponse;
    const state = await waitUntil(async () => {
      const job = await t.app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
      const now = (job.json() as BulkJobResponse).job.state;
      return now === 'queued' || now === 'running' ? undefined : now;
    }, 'the job to end');
    expect(state).toBe('completed');
    const logged = await entries(since, ids);
    expect(logged).toHaveLength(n);
    expect(new Set(logged.map((e) => e.recordId)).size).toBe(n);
    expect(logged.every((e) => e.actorId === adminId && e.actorName === 'Bulk Logger')).toBe(true);
    for (const entry of logged) expect(entry.changes).toEqual({ vaulted: { from: false, to: true } });
  });
});
