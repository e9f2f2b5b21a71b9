import {
  ACTIVITY_PATHS,
  type ActivityEntry,
  type ActivityKind,
  API_PATHS,
  activityRecordPath,
  addMonths,
  bundlePath,
  discountPath,
  newObjectId,
  todayIn,
  userPath,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct as createProduct, productForm, updateProductCall } from '../helpers/catalogue';
import { png } from '../helpers/images';
import { insertOrder } from '../helpers/orders';
import { createSessionToken, createUser } from '../helpers/users';

/*
 * The activity log (issue 13): an entry per admin change, in the change's transaction, with the
 * fields' old and new values; sign-ins; no way to change an entry; the list's filters and pages.
 */

let t: TestApp;
let token: string;
let admin: { id: string; name: string; email: string; password: string };
const today = todayIn('UTC');

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.database.db, { role: 'admin', name: 'Grace Hopper' });
  token = (await createSessionToken(t.database.db, admin.id)).token;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, as: string | null = token) =>
  t.app.inject({
    method,
    url,
    headers: as === null ? {} : { token: as },
    ...(payload !== undefined && { payload: payload as object }),
  });

async function recordEntries(kind: ActivityKind, id: string): Promise<ActivityEntry[]> {
  const res = await call('GET', activityRecordPath(kind, id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

async function list(query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await call('GET', `${ACTIVITY_PATHS.list}${qs ? `?${qs}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: ActivityEntry[]; nextCursor: string | null };
}

const byAdmin = { _id: '', name: 'Grace Hopper', email: '' };
beforeAll(() => {
  byAdmin._id = admin.id;
  byAdmin.email = admin.email;
});

describe('an entry per change, with the old and new values', () => {
  it('product update: the fields that changed', async () => {
    const product = await createProduct(t, token, { name: 'Old Name', description: 'd', price: '10.00' });
    const res = await updateProductCall(t, token, product._id, { name: 'New Name', description: 'd', price: '12.50' });
    expect(res.statusCode, res.body).toBe(200);
    const [updated, created] = await recordEntries('product', product._id);
    expect(created?.action).toBe('created');
    expect(updated?.action).toBe('updated');
    expect(updated?.actor).toEqual(byAdmin);
    expect(updated?.changes).toMatchObject({
      name: { from: 'Old Name', to: 'New Name' },
      priceCents: { from: 1000, to: 1250 },
    });
    expect(Object.keys(updated?.changes ?? {})).not.toContain('updatedAt');
  });

  it('order status: from and to', async () => {
    const order = await insertOrder(t.database.db, { status: 'Order Placed' });
    const res = await call('POST', API_PATHS.orderStatus, {
      orderId: order.id,
      status: 'Shipped',
      trackingNumber: 'TR1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await recordEntries('order', order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'order',
      action: 'statusChanged',
      recordId: order.id,
      actor: byAdmin,
      ip: '127.0.0.1',
      changes: { status: { from: 'Order Placed', to: 'Shipped' }, trackingNumber: { from: null, to: 'TR1' } },
    });
  });

  it('order deletion keeps what the order was', async () => {
    const order = await insertOrder(t.database.db, { status: 'Packing' });
    expect((await call('POST', API_PATHS.orderDelete, { orderId: order.id })).statusCode).toBe(200);
    const [entry] = await recordEntries('order', order.id);
    expect(entry?.action).toBe('deleted');
    expect(entry?.changes?.status).toEqual({ from: 'Packing', to: null });
  });

  it('user role and deletion', async () => {
    const user = await createUser(t.database.db, { role: 'user' });
    const res = await call('POST', API_PATHS.userRole, { userId: user.id, role: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('DELETE', userPath(API_PATHS.user, user.id))).statusCode).toBe(200);
    const [deleted, role] = await recordEntries('user', user.id);
    expect(role).toMatchObject({ action: 'roleChanged', changes: { role: { from: 'user', to: 'admin' } } });
    expect(deleted).toMatchObject({ action: 'deleted', changes: { email: { from: user.email, to: null } } });
  });

  it('discount code: created, then updated with the fields that changed', async () => {
    const body = {
      description: 'Winter',
      percentage: 15,
      startDate: today,
      endDate: addMonths(today, 1),
      assignedTo: null,
      maxUsage: null,
    };
    const created = await call('POST', API_PATHS.discountCreate, body);
    expect(created.statusCode, created.body).toBe(200);
    const { _id, code } = created.json().discount;
    const res = await call('PUT', discountPath(API_PATHS.discount, code), {
      ...body,
      percentage: 20,
      maxUsage: 100,
      isActive: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [updated, made] = await recordEntries('discount', _id);
    expect(made).toMatchObject({ action: 'created', changes: { code: { from: null, to: code } } });
    expect(updated?.changes).toEqual({ percentage: { from: 15, to: 20 }, maxUsage: { from: null, to: 100 } });
  });

  it('settings: the lists before and after', async () => {
    const res = await call('PUT', API_PATHS.settings, {
      hiddenCategories: ['Posters'],
      hiddenProductTags: [],
      showSupportInOrders: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await recordEntries('settings', 'settings');
    expect(entry?.changes).toEqual({
      hiddenCategories: { from: [], to: ['Posters'] },
      showSupportInOrders: { from: true, to: false },
    });
  });

  it('bundle: created, updated (title and products), deleted', async () => {
    const a = await createProduct(t, token, { name: 'A', description: 'd', price: '10' });
    const b = await createProduct(t, token, { name: 'B', description: 'd', price: '10' });
    const fields = { title: 'Pack', description: '', price: '15', startDate: today, endDate: '2099-12-31' };
    const made = await t.app.inject({
      method: 'POST',
      url: API_PATHS.bundleCreate,
      headers: { token },
      payload: productForm({ ...fields, products: [a._id] }, { images: await png() }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().bundle._id as string;
    const changed = await t.app.inject({
      method: 'PUT',
      url: bundlePath(API_PATHS.bundleUpdate, id),
      headers: { token },
      payload: productForm({
        ...fields,
        title: 'Big Pack',
        products: [a._id, b._id],
        existingImages: made.json().bundle.images,
      }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call('DELETE', bundlePath(API_PATHS.bundle, id))).statusCode).toBe(200);
    const [deleted, updated, created] = await recordEntries('bundle', id);
    expect(created?.action).toBe('created');
    expect(updated?.changes).toEqual({
      title: { from: 'Pack', to: 'Big Pack' },
      products: { from: [a._id], to: [a._id, b._id] },
    });
    expect(deleted?.changes?.title).toEqual({ from: 'Big Pack', to: null });
  });

  it('conversation deleted', async () => {
    const customer = await createUser(t.database.db, { name: 'Ada' });
    const id = newObjectId();
    await t.database.db.execute(
      sql`INSERT INTO conversations (id, user_id, participant_name, last_message) VALUES (${id}, ${customer.id}, 'Ada', 'hi')`,
    );
    expect((await call('DELETE', API_PATHS.conversation.replace(':id', id))).statusCode).toBe(200);
    const [entry] = await recordEntries('conversation', id);
    expect(entry).toMatchObject({
      action: 'deleted',
      changes: { participantName: { from: 'Ada', to: null }, userId: { from: customer.id, to: null } },
    });
  });

  it('admin created: name and e-mail, never the password or its hash', async () => {
    const password = 'Sup3r-Secret-Pass!';
    const res = await call('POST', API_PATHS.userRegister, {
      name: 'Alan Turing',
      email: 'alan@shop.example',
      password,
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.database.db.execute<{ id: string }>(
      sql`SELECT id FROM users WHERE email = 'alan@shop.example'`,
    );
    const [entry] = await recordEntries('admin', rows[0]?.id ?? '');
    expect(entry?.action).toBe('created');
    expect(entry?.changes).toMatchObject({
      name: { from: null, to: 'Alan Turing' },
      email: { from: null, to: 'alan@shop.example' },
    });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('category tree and rename', async () => {
    const tree = [{ name: 'Figures', subCategories: ['Small'], subSubCategories: [] }];
    const saved = await call('PUT', API_PATHS.categoryTree, { categories: tree });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = await recordEntries('category', 'tree');
    expect(entry?.action).toBe('updated');
    expect(entry?.changes?.tree?.to).toEqual(tree);
    const renamed = await call('PUT', API_PATHS.categoryRename, {
      level: 'main',
      oldName: 'Figures',
      newName: 'Statues',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [rename] = await recordEntries('category', 'Statues');
    expect(rename?.changes).toEqual({ name: { from: 'Figures', to: 'Statues' } });
  });
});

describe('the other changes', () => {
  it('options: the sets before and after', async () => {
    const options = [{ name: 'Materials', values: ['wood', 'metal'] }];
    const res = await call('PUT', API_PATHS.options, { options });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await recordEntries('options', 'options');
    expect(entry?.changes?.options?.to).toEqual(options);
    expect(entry?.changes?.options?.from).not.toEqual(options);
  });

  it('category deleted, and where its products went', async () => {
    const res = await call('DELETE', API_PATHS.categoryDelete, { level: 'main', name: 'Statues', fallback: 'Other' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await recordEntries('category', 'Statues');
    expect(entry).toMatchObject({ action: 'deleted', changes: { name: { from: 'Statues', to: null } } });
  });

  it('product removed, bundle cancelled and restored', async () => {
    const product = await createProduct(t, token, { name: 'Gone Soon', description: 'd', price: '5' });
    const removed = await call('POST', API_PATHS.productRemove, { id: product._id });
    expect(removed.statusCode, removed.body).toBe(200);
    const [gone] = await recordEntries('product', product._id);
    expect(gone).toMatchObject({ action: 'deleted', changes: { name: { from: 'Gone Soon', to: null } } });

    const a = await createProduct(t, token, { name: 'Kept', description: 'd', price: '5' });
    const made = await t.app.inject({
      method: 'POST',
      url: API_PATHS.bundleCreate,
      headers: { token },
      payload: productForm(
        { title: 'Duo', description: '', price: '8', startDate: today, endDate: '2099-12-31', products: [a._id] },
        { images: await png() },
      ),
    });
    const id = made.json().bundle._id as string;
    expect((await call('POST', bundlePath(API_PATHS.bundleCancel, id))).statusCode).toBe(200);
    expect((await call('POST', bundlePath(API_PATHS.bundleCancel, id))).statusCode).toBe(200);
    const [restored, cancelled] = await recordEntries('bundle', id);
    expect(cancelled?.changes).toEqual({ cancelled: { from: false, to: true } });
    expect(restored?.changes).toEqual({ cancelled: { from: true, to: false } });
  });

  it('campaign: what was sent, to how many', async () => {
    const customer = await createUser(t.database.db, { name: 'Reader' });
    const res = await call('POST', API_PATHS.sendNewsletter, {
      subject: 'Spring news',
      message: 'Hello there',
      notificationType: 'newProduct',
      productLink: '',
      recipients: [customer.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await recordEntries('campaign', res.json().campaignId);
    expect(entry).toMatchObject({
      action: 'created',
      changes: { subject: { from: null, to: 'Spring news' }, recipientCount: { from: null, to: 1 } },
    });
  });
});

describe('sign-ins', () => {
  it('records a successful sign-in and a refused one, with the address', async () => {
    const ok = await call('POST', API_PATHS.login, { email: admin.email, password: admin.password }, null);
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = await call('POST', API_PATHS.login, { email: admin.email, password: 'not-it-at-all' }, null);
    expect(wrong.statusCode).toBe(401);
    const unknown = await call('POST', API_PATHS.login, { email: 'nobody@shop.example', password: 'whatever1' }, null);
    expect(unknown.statusCode).toBe(401);
    const { entries } = await list({ kind: 'signIn' });
    expect(entries.slice(0, 3).map((e) => [e.action, e.actor.email, e.actor._id, e.ip])).toEqual([
      ['signInRefused', 'nobody@shop.example', null, '127.0.0.1'],
      ['signInRefused', admin.email, admin.id, '127.0.0.1'],
      ['signedIn', admin.email, admin.id, '127.0.0.1'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('not-it-at-all');
    expect(JSON.stringify(entries)).not.toContain(admin.password);
  });
});

describe('a change that rolls back leaves no entry', () => {
  it('a role change failing after its entry was written', async () => {
    const user = await createUser(t.database.db, { role: 'user' });
    // The update of this user fails inside the transaction, after the entry was inserted.
    await t.database.db.execute(
      sql.raw(`
      CREATE FUNCTION fail_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      CREATE TRIGGER fail_role_change BEFORE UPDATE OF role ON users
        FOR EACH ROW WHEN (OLD.id = '${user.id}') EXECUTE FUNCTION fail_role_change();`),
    );
    try {
      const before = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM activity_entries`);
      const res = await call('POST', API_PATHS.userRole, { userId: user.id, role: 'admin' });
      expect(res.statusCode).toBe(500);
      const after = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM activity_entries`);
      expect(after.rows[0]).toEqual(before.rows[0]);
      expect(await recordEntries('user', user.id)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER fail_role_change ON users; DROP FUNCTION fail_role_change()`);
    }
  });
});

describe('entries cannot be changed', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, even of actor_id alone', async () => {
    const db = t.database.db;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { message?: string }; message?: string },
      );
      expect(error?.cause?.message ?? error?.message).toContain('entries cannot be changed or deleted');
    };
    await refused(sql`UPDATE activity_entries SET action = 'created'`);
    await refused(sql`UPDATE activity_entries SET actor_id = NULL`);
    await refused(sql`DELETE FROM activity_entries`);
    await refused(sql`TRUNCATE activity_entries`);
  });

  it('deleting an admin keeps their entries, with their name and e-mail', async () => {
    const other = await createUser(t.database.db, { role: 'admin', name: 'Temp Admin' });
    const otherToken = (await createSessionToken(t.database.db, other.id)).token;
    const order = await insertOrder(t.database.db, { status: 'Order Placed' });
    const res = await call('POST', API_PATHS.orderStatus, { orderId: order.id, status: 'Packing' }, otherToken);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('DELETE', userPath(API_PATHS.user, other.id))).statusCode).toBe(200);
    const [entry] = await recordEntries('order', order.id);
    expect(entry?.actor).toEqual({ _id: null, name: 'Temp Admin', email: other.email });
  });

  it('has no route that edits or deletes an entry', () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/activity'));
    expect(routes.map((r) => r.method).sort()).toEqual(['GET', 'GET', 'HEAD', 'HEAD']);
  });
});

describe('GET /api/activity', () => {
  const other = newObjectId();
  beforeAll(async () => {
    // 30 entries an hour apart from 2026-03-01 00:30 UTC, alternating kinds; every third by 'other'.
    await t.database.db.execute(sql`INSERT INTO users (id, name, email, password_hash, role)
      VALUES (${other}, 'Other Admin', 'other@shop.example', 'x', 'admin')`);
    await t.database.db.execute(sql`
      INSERT INTO activity_entries (id, at, actor_id, actor_name, kind, action, record_id)
      SELECT lpad(to_hex(1772325000 + g), 8, '0') || lpad(to_hex(g), 16, '0'),
             timestamptz '2026-03-01 00:30:00+00' + g * interval '1 hour',
             CASE WHEN g % 3 = 0 THEN ${other} ELSE ${admin.id} END, 'x',
             CASE WHEN g % 2 = 0 THEN 'discount' ELSE 'bundle' END, 'updated', 'rec-' || (g % 5)
        FROM generate_series(0, 29) g`);
  });
  const inMarch = { from: '2026-03-01', to: '2026-03-31' };

  it('answers the newest 50 without parameters, newest first', async () => {
    await t.database.db.execute(sql`INSERT INTO activity_entries (id, at, kind, action)
      SELECT lpad(to_hex(1735700000 + g), 8, '0') || lpad(to_hex(g), 16, '0'),
             timestamptz '2025-01-01' + g * interval '1 minute', 'order', 'deleted'
        FROM generate_series(1, 30) g`);
    const { entries, nextCursor } = await list();
    expect(entries.length).toBe(50);
    expect(nextCursor).toBe(entries.at(-1)?._id);
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by actor, kind, record and days (both included)', async () => {
    expect((await list({ ...inMarch })).entries).toHaveLength(30);
    expect((await list({ ...inMarch, actor: other })).entries).toHaveLength(10);
    expect((await list({ ...inMarch, kind: 'discount' })).entries).toHaveLength(15);
    expect((await list({ ...inMarch, recordId: 'rec-0' })).entries).toHaveLength(6);
    expect((await list({ ...inMarch, kind: 'discount', actor: other })).entries).toHaveLength(5);
    // 00:30 to 23:30 on 1 March: 24 entries; 2 March holds the other 6.
    expect((await list({ from: '2026-03-01', to: '2026-03-01' })).entries).toHaveLength(24);
    expect((await list({ from: '2026-03-02', to: '2026-03-02' })).entries).toHaveLength(6);
  });

  it('reads the days in the shop time zone', async () => {
    const paris = await createTestApp({ SHOP_TIMEZONE: 'Europe/Paris' });
    try {
      const a = await createUser(paris.database.db, { role: 'admin' });
      const tok = (await createSessionToken(paris.database.db, a.id)).token;
      // 23:30 UTC on 1 March is 00:30 on 2 March in Paris.
      await paris.database.db.execute(sql`INSERT INTO activity_entries (id, at, kind, action)
        VALUES (${newObjectId()}, '2026-03-01 23:30:00+00', 'order', 'deleted')`);
      const day = (d: string) =>
        paris.app.inject({ method: 'GET', url: `${ACTIVITY_PATHS.list}?from=${d}&to=${d}`, headers: { token: tok } });
      expect((await day('2026-03-01')).json().entries).toHaveLength(0);
      expect((await day('2026-03-02')).json().entries).toHaveLength(1);
    } finally {
      await paris.close();
    }
  });

  it('pages by cursor through every entry once, in order', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const page = await list({ ...inMarch, limit: 7, ...(before ? { before } : {}) });
      seen.push(...page.entries.map((e) => e._id));
      before = page.nextCursor;
      if (!before) break;
    }
    expect(before).toBeNull();
    const all = (await list({ ...inMarch, limit: 200 })).entries.map((e) => e._id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(30);
  });

  it('refuses a bad filter naming the field, and a customer', async () => {
    const bad = await call('GET', `${ACTIVITY_PATHS.list}?kind=planet`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^kind: /);
    expect((await call('GET', `${ACTIVITY_PATHS.list}?limit=1000`)).statusCode).toBe(400);
    expect((await call('GET', ACTIVITY_PATHS.list, undefined, null)).statusCode).toBe(401);
    const customer = await createUser(t.database.db);
    const customerToken = (await createSessionToken(t.database.db, customer.id, undefined, 'customer')).token;
    expect((await call('GET', ACTIVITY_PATHS.list, undefined, customerToken)).statusCode).toBe(403);
  });
});

describe('secrets', () => {
  it('no entry holds a password, a hash or a token', async () => {
    const { rows } = await t.database.db.execute<{ text: string }>(
      sql`SELECT coalesce(changes::text, '') || ' ' || coalesce(actor_email, '') AS text FROM activity_entries`,
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const { text } of rows) {
      expect(text).not.toMatch(/password|argon2|token|hash/i);
      expect(text).not.toContain(admin.password);
    }
  });
});
