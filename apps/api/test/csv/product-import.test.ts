import {
  BULK_EVENTS,
  type BulkJob,
  type BulkJobResponse,
  bulkJobPath,
  EVENTS,
  EXPORT_PATHS,
  IMPORT_FILE_FIELD,
  IMPORT_FINGERPRINT_FIELD,
  IMPORT_INLINE_LIMIT,
  IMPORT_MESSAGES,
  IMPORT_PATHS,
  IMPORT_ROW_LIMIT,
  importJobResult,
  importResultMessage,
  PRODUCT_CSV_COLUMNS,
  type Product,
  type ProductImportDoneResponse,
  type ProductImportPreviewResponse,
  type ProductImportQueuedResponse,
} from '@backroom/contract';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/db/schema';
import { entriesSince as activitySince, dbNow as databaseNow } from '../helpers/activity';
import { adminSocket } from '../helpers/admin-socket';
import { createTestApp, type TestApp } from '../helpers/app';
import { allDelivered } from '../helpers/broadcasts';
import { addProduct, baseName, updateProductCall, uploadedFiles } from '../helpers/catalogue';
import { readCsv } from '../helpers/exports';
import { png } from '../helpers/images';
import { bell, rung } from '../helpers/notifications';
import { createSessionToken, createUser } from '../helpers/users';
import { waitUntil } from '../helpers/wait';

/*
 * POST /api/product/import, the import's confirm step (issue 13; docs/decisions/036-product-import.md):
 * exactly the preview's plan is written, in one transaction (or a job above IMPORT_INLINE_LIMIT),
 * each product with its activity entry; a plan that changed since the preview is refused.
 */

let t: TestApp;
let token: string;
let adminId: string;
let socket: Socket;
let poster: Product;
let mug: Product;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await createUser(t.database.db, { role: 'admin', name: 'Import Admin' });
  adminId = admin.id;
  token = (await createSessionToken(t.database.db, admin.id)).token;
  socket = await adminSocket(t, token);
  poster = await addProduct(
    t,
    token,
    { name: 'Poster', description: 'A print', price: '12.5', mainCategory: 'Prints', clothingSizes: ['S', 'M'] },
    { image1: await png(), image2: await png(40, 40, '#2f9e44') },
  );
  mug = await addProduct(t, token, { name: '=Mug', description: '-Ceramic', price: '8', bestseller: 'true' });
});
afterAll(async () => {
  socket?.disconnect();
  await t.close();
});

function post(url: string, fields: Record<string, string | Blob>, as = token) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, 'products.csv');
    else form.append(name, value);
  }
  return t.app.inject({ method: 'POST', url, headers: { token: as }, payload: form });
}

const csvBlob = (csv: string) => new Blob([csv], { type: 'text/csv' });

async function preview(csv: string): Promise<ProductImportPreviewResponse> {
  const res = await post(IMPORT_PATHS.productImportPreview, { [IMPORT_FILE_FIELD]: csvBlob(csv) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductImportPreviewResponse;
}

const confirm = (csv: string, fingerprint: string) =>
  post(IMPORT_PATHS.productImport, { [IMPORT_FILE_FIELD]: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: fingerprint });

const exportRows = async () =>
  readCsv((await t.app.inject({ method: 'GET', url: EXPORT_PATHS.productExport, headers: { token } })).body);

/** A CSV of these records under these columns, written as the export writes it. */
const csvOf = (columns: readonly string[], records: Record<string, string>[]) =>
  stringify(
    records.map((r) => columns.map((c) => r[c] ?? '')),
    { header: true, columns: [...columns], bom: true, record_delimiter: 'windows' },
  );

const entriesSince = (since: string) => activitySince(t.database.db, since);
const dbNow = () => databaseNow(t.database.db);

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;

/**
 * Another transaction holding a product's row lock, as an admin's edit in progress would; change()
 * sets its price and commits, letting whoever waited for the lock go on.
 */
function holdProduct(id: string) {
  let open: (cents: number) => void = () => {};
  const gate = new Promise<number>((resolve) => {
    open = resolve;
  });
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    locked();
    const cents = await gate;
    await tx.update(products).set({ priceCents: cents }).where(eq(products.id, id));
  });
  return {
    isLocked,
    change: async (cents: number) => {
      open(cents);
      await done;
    },
  };
}

/** Resolves once a statement on this database waits for a lock (the held product's row). */
const waitingForLock = () =>
  waitUntil(async () => {
    const waiting = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return (waiting.rows[0]?.n ?? 0) > 0;
  }, 'a statement to wait for the held lock');

describe('POST /api/product/import', () => {
  it('writes exactly what the preview said, each product with its entry; bad rows are skipped and counted', async () => {
    const rows = await exportRows();
    const posterRow = rows.find((r) => r.id === poster._id) as Record<string, string>;
    const mugRow = rows.find((r) => r.id === mug._id) as Record<string, string>;
    const csv = csvOf(PRODUCT_CSV_COLUMNS, [
      { ...posterRow, price: '14', clothingSizes: 'S|M|L', images: poster.image[1] as string },
      mugRow,
      { id: '', name: 'New Tote', description: 'Canvas bag', price: '20.00', mainCategory: 'Bags', vaulted: 'true' },
      { id: '', name: 'Broken', description: 'x', price: 'abc' },
    ]);
    const seen = await preview(csv);
    expect(seen.counts).toEqual({ rows: 4, create: 1, update: 1, unchanged: 1, bad: 1 });
    expect(seen.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // The preview wrote nothing, and says the same twice.
    expect((await preview(csv)).fingerprint).toBe(seen.fingerprint);

    const filesBefore = await uploadedFiles(t);
    const since = await dbNow();
    const refreshed: unknown[] = [];
    socket.on(EVENTS.productsUpdated, (e) => refreshed.push(e));
    const res = await confirm(csv, seen.fingerprint);
    expect(res.statusCode, res.body).toBe(200);
    const result = { created: 1, updated: 1, unchanged: 1, skipped: 1 };
    expect(res.json()).toEqual({ success: true, message: importResultMessage(result), result });
    // The refresh was sent before the answer: it, and any other, has arrived by now.
    await allDelivered(t, socket);
    expect(refreshed).toHaveLength(1);
    socket.off(EVENTS.productsUpdated);

    const after = await exportRows();
    const posterNow = after.find((r) => r.id === poster._id) as Record<string, string>;
    expect(posterNow).toEqual({ ...posterRow, price: '14.00', clothingSizes: 'S|M|L', images: poster.image[1] });
    expect(after.find((r) => r.id === mug._id)).toEqual(mugRow);
    const tote = after.find((r) => r.name === 'New Tote') as Record<string, string>;
    expect(tote).toMatchObject({ description: 'Canvas bag', price: '20.00', mainCategory: 'Bags', vaulted: 'true' });
    expect(tote.images).toBe('');
    expect(after.some((r) => r.name === 'Broken')).toBe(false);
    // The image the file no longer lists went, with its thumbnail; the kept one stayed.
    const dropped = baseName(poster.image[0] as string);
    expect(filesBefore).toContain(dropped);
    expect(await uploadedFiles(t)).not.toContain(dropped);
    expect(await uploadedFiles(t)).toContain(baseName(poster.image[1] as string));

    const entries = await entriesSince(since);
    expect(entries).toHaveLength(2);
    const updated = entries.find((e) => e.action === 'updated');
    expect(updated).toMatchObject({
      kind: 'product',
      recordId: poster._id,
      actorId: adminId,
      actorName: 'Import Admin',
    });
    expect(updated?.changes).toEqual({
      priceCents: { from: 1250, to: 1400 },
      clothingSizes: { from: ['S', 'M'], to: ['S', 'M', 'L'] },
      images: { from: poster.image.map(baseName), to: [baseName(poster.image[1] as string)] },
    });
    const created = entries.find((e) => e.action === 'created');
    expect(created).toMatchObject({ kind: 'product', recordId: tote.id, actorId: adminId });
    expect(created?.changes).toMatchObject({ name: { from: null, to: 'New Tote' }, vaulted: { from: null, to: true } });

    // Inline, it rings as a job does (decision 056), read already for the admin who confirmed it.
    const title = `Products import finished: ${importResultMessage(result)}`;
    expect((await bell(t, token)).notifications.find((x) => x.title === title)).toMatchObject({
      kind: 'import',
      read: true,
      subject: {},
    });
  });

  it('refuses with 409 when the products changed since the preview, writing nothing', async () => {
    const csv = csvOf(
      ['id', 'name', 'description', 'price'],
      [{ id: mug._id, name: '=Mug', description: '-Ceramic', price: '9' }],
    );
    const seen = await preview(csv);
    expect(seen.update).toHaveLength(1);
    // Another admin changes the mug's price meanwhile: the import would now change it from 8.50, not 8.
    const other = await updateProductCall(t, token, mug._id, { name: '=Mug', description: '-Ceramic', price: '8.5' });
    expect(other.statusCode, other.body).toBe(200);
    const since = await dbNow();
    const res = await confirm(csv, seen.fingerprint);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ success: false, message: IMPORT_MESSAGES.changed });
    expect(res.json().message).toMatch(/^fingerprint: /);
    const [row] = await t.database.db
      .select({ priceCents: products.priceCents })
      .from(products)
      .where(eq(products.id, mug._id));
    expect(row?.priceCents).toBe(850);
    expect(await entriesSince(since)).toEqual([]);
    // Previewed again, the same file runs.
    const again = await confirm(csv, (await preview(csv)).fingerprint);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 0 });
  });

  it('recomputes the plan under the locks: a change committed while the confirm waited for them is refused', async () => {
    const csv = csvOf(
      ['id', 'name', 'description', 'price'],
      [
        { id: mug._id, name: '=Mug', description: '-Ceramic', price: '11' },
        { id: '', name: 'Waiting Tote', description: 'x', price: '1' },
      ],
    );
    const seen = await preview(csv);
    const hold = holdProduct(mug._id);
    await hold.isLocked;
    const since = await dbNow();
    const pending = confirm(csv, seen.fingerprint);
    // The confirm's first, lock-free plan still matches; it now waits for the mug's lock.
    await waitingForLock();
    await hold.change(1234);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(IMPORT_MESSAGES.changed);
    const [tote] = await t.database.db.select({ n: count() }).from(products).where(eq(products.name, 'Waiting Tote'));
    expect(tote?.n).toBe(0);
    expect(await entriesSince(since)).toEqual([]);
  });

  it('refuses a form without the file or the fingerprint, with another field, a file the preview refuses, or from a customer', async () => {
    const csv = csvOf(
      ['id', 'name', 'description', 'price'],
      [{ id: '', name: 'Never', description: 'x', price: '1' }],
    );
    const { fingerprint } = await preview(csv);
    const cases: [Record<string, string | Blob>, number, string][] = [
      [{ [IMPORT_FINGERPRINT_FIELD]: fingerprint }, 400, 'file: is required (a CSV file)'],
      [
        { csv: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: fingerprint },
        400,
        'csv: is not a field of this form (the CSV goes in "file")',
      ],
      [{ [IMPORT_FILE_FIELD]: csvBlob(csv) }, 400, 'fingerprint: is required (the preview’s fingerprint)'],
      [
        { [IMPORT_FILE_FIELD]: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: 'abc' },
        400,
        'fingerprint: must be the fingerprint a preview answered',
      ],
      [
        { [IMPORT_FILE_FIELD]: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: fingerprint, dryRun: 'true' },
        400,
        'dryRun: is not a field of this form',
      ],
      [{ [IMPORT_FILE_FIELD]: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: '0'.repeat(64) }, 409, IMPORT_MESSAGES.changed],
      [
        { [IMPORT_FILE_FIELD]: csvBlob('id,name\r\n'), [IMPORT_FINGERPRINT_FIELD]: fingerprint },
        400,
        'file: the column "description" is missing',
      ],
      [
        {
          [IMPORT_FILE_FIELD]: new Blob([
            new Uint8Array(Buffer.from('id,name,description,price\r\n,Café,x,1\r\n', 'latin1')),
          ]),
          [IMPORT_FINGERPRINT_FIELD]: fingerprint,
        },
        400,
        IMPORT_MESSAGES.notUtf8,
      ],
      [
        {
          [IMPORT_FILE_FIELD]: csvBlob(`id,name,description,price\r\n${',a,b,1\r\n'.repeat(IMPORT_ROW_LIMIT + 1)}`),
          [IMPORT_FINGERPRINT_FIELD]: fingerprint,
        },
        413,
        IMPORT_MESSAGES.tooManyRows,
      ],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post(IMPORT_PATHS.productImport, fields);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ success: false, message });
    }
    const customer = await createUser(t.database.db, { role: 'user' });
    const customerToken = (await createSessionToken(t.database.db, customer.id)).token;
    const res = await post(
      IMPORT_PATHS.productImport,
      { [IMPORT_FILE_FIELD]: csvBlob(csv), [IMPORT_FINGERPRINT_FIELD]: fingerprint },
      customerToken,
    );
    expect(res.statusCode).toBe(403);
    const [never] = await t.database.db.select({ n: count() }).from(products).where(eq(products.name, 'Never'));
    expect(never?.n).toBe(0);
  });

  it('rolls everything back when a write fails half-way: no product, no entry', async () => {
    // A real failure inside the transaction: the database refuses one of the updates.
    await t.database.db.execute(sql`
      create function refuse_explode() returns trigger language plpgsql as $$
      begin
        if new.name = 'Explode' then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_explode before update on products for each row execute function refuse_explode();`);
    try {
      const csv = csvOf(
        ['id', 'name', 'description', 'price'],
        [
          { id: '', name: 'Would Be New', description: 'x', price: '3' },
          { id: poster._id, name: 'Poster', description: 'Changed first', price: '14' },
          { id: mug._id, name: 'Explode', description: '-Ceramic', price: '9' },
        ],
      );
      const seen = await preview(csv);
      expect(seen.counts).toMatchObject({ create: 1, update: 2, bad: 0 });
      const before = await exportRows();
      const since = await dbNow();
      const res = await confirm(csv, seen.fingerprint);
      expect(res.statusCode).toBe(500);
      expect(await exportRows()).toEqual(before);
      expect(await entriesSince(since)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_explode on products; drop function refuse_explode();`);
    }
  });
});

describe('an import above the inline limit', () => {
  const jobOf = async (jobId: string) => {
    const res = await t.app.inject({ method: 'GET', url: bulkJobPath(jobId), headers: { token } });
    expect(res.statusCode).toBe(200);
    return (res.json() as BulkJobResponse).job;
  };
  function finished(jobId: string): Promise<BulkJob> {
    return waitUntil(async () => {
      const job = await jobOf(jobId);
      return job.state === 'completed' || job.state === 'failed' ? job : undefined;
    }, 'the import job to end');
  }

  it(`creates ${IMPORT_INLINE_LIMIT} products inline, then updates them and creates more as a job with progress`, async () => {
    const n = IMPORT_INLINE_LIMIT;
    const columns = ['id', 'name', 'description', 'price', 'bestseller'];
    const fresh = Array.from({ length: n }, (_, i) => ({
      id: '',
      name: `Bulk Item ${i}`,
      description: 'Imported',
      price: `${(i % 50) + 1}.25`,
      bestseller: 'false',
    }));
    const first = csvOf(columns, fresh);
    let started = Date.now();
    const firstPreview = await preview(first);
    const previewMs = Date.now() - started;
    started = Date.now();
    const res = await confirm(first, firstPreview.fingerprint);
    const inlineMs = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ProductImportDoneResponse).result).toEqual({
      created: n,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });

    // Now every one of them flagged, 100 more created, and one bad row: 2,100 writes, above the limit.
    const made = await t.database.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.description, 'Imported'));
    expect(made).toHaveLength(n);
    const records = [
      ...made.map((p) => ({ id: p.id, name: p.name, description: 'Imported', price: '', bestseller: 'true' })),
      ...Array.from({ length: 100 }, (_, i) => ({
        id: '',
        name: `Extra ${i}`,
        description: 'More',
        price: '2',
        bestseller: '',
      })),
      { id: '', name: '', description: 'no name', price: '1', bestseller: '' },
    ];
    // Prices as they are now, so only the flag changes.
    const priceOf = new Map(
      (await exportRows()).filter((r) => r.description === 'Imported').map((r) => [r.id, r.price] as const),
    );
    for (const r of records) if (r.id) r.price = priceOf.get(r.id) as string;
    const second = csvOf(columns, records);
    const seen = await preview(second);
    expect(seen.counts).toEqual({ rows: n + 101, create: 100, update: n, unchanged: 0, bad: 1 });

    const events: BulkJob[] = [];
    const refreshes: unknown[] = [];
    socket.on(BULK_EVENTS.bulkProgress, (job: BulkJob) => events.push(job));
    socket.on(EVENTS.productsUpdated, (e) => refreshes.push(e));
    const since = await dbNow();
    const jobStarted = Date.now();
    const queued = await confirm(second, seen.fingerprint);
    expect(queued.statusCode, queued.body).toBe(202);
    const { jobId, total } = queued.json() as ProductImportQueuedResponse;
    expect(total).toBe(n + 100);
    const job = await finished(jobId);
    const jobMs = Date.now() - jobStarted;
    // The job's last event may trail the answer; then every event it sent has arrived.
    await waitUntil(() => events.some((e) => e.jobId === jobId && e.state !== 'running'), 'the last event');
    await allDelivered(t, socket);
    socket.off(BULK_EVENTS.bulkProgress);
    socket.off(EVENTS.productsUpdated);

    const result = { created: 100, updated: n, unchanged: 0, skipped: 1 };
    expect(job).toMatchObject({ jobId, target: 'products', kind: 'import', state: 'completed', done: total, total });
    expect(importJobResult(job)).toEqual(result);
    expect(job.message).toBe(importResultMessage(result));
    // Progress between the start and the end, then the end once; open screens refreshed once.
    const mine = events.filter((e) => e.jobId === jobId);
    expect(mine.some((e) => e.state === 'running' && e.done > 0 && e.done < total)).toBe(true);
    expect(mine.filter((e) => e.state === 'completed')).toHaveLength(1);
    expect(refreshes).toHaveLength(1);

    const flagged = await t.database.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.description, 'Imported'), eq(products.bestseller, true)));
    expect(flagged[0]?.n).toBe(n);
    const entries = await entriesSince(since);
    expect(entries.filter((e) => e.action === 'updated')).toHaveLength(n);
    expect(entries.filter((e) => e.action === 'created')).toHaveLength(100);
    expect(entries.every((e) => e.actorId === adminId && e.kind === 'product')).toBe(true);
    expect(entries.find((e) => e.action === 'updated')?.changes).toEqual({ bestseller: { from: false, to: true } });
    expect(new Set(entries.map((e) => e.recordId)).size).toBe(n + 100);
    console.log(
      `import: preview of ${n} rows ${previewMs} ms; ${n} creates inline ${inlineMs} ms (${Math.round((n / inlineMs) * 1000)} rows/s); ` +
        `job of ${n} updates + 100 creates ${jobMs} ms (${Math.round((total / jobMs) * 1000)} rows/s)`,
    );
    expect(await productCount()).toBeGreaterThanOrEqual(n + 100);
  });

  it('a job whose products changed between the confirm and its run fails, writing nothing', async () => {
    const n = IMPORT_INLINE_LIMIT + 1;
    const records = [
      { id: mug._id, name: '=Mug', description: '-Ceramic', price: '13' },
      ...Array.from({ length: n }, (_, i) => ({ id: '', name: `Late ${i}`, description: 'Late', price: '1' })),
    ];
    const csv = csvOf(['id', 'name', 'description', 'price'], records);
    const seen = await preview(csv);
    expect(seen.counts).toMatchObject({ create: n, update: 1, bad: 0 });
    const hold = holdProduct(mug._id);
    await hold.isLocked;
    const since = await dbNow();
    const queued = await confirm(csv, seen.fingerprint);
    expect(queued.statusCode, queued.body).toBe(202);
    const { jobId } = queued.json() as ProductImportQueuedResponse;
    // The job starts, then waits for the mug's lock; meanwhile its price changes.
    await waitUntil(async () => (await jobOf(jobId)).state === 'running', 'the job to start');
    await waitingForLock();
    await hold.change(4321);
    const job = await finished(jobId);
    expect(job).toMatchObject({ kind: 'import', state: 'failed', done: 0 });
    // The bell tells a failed import too (docs/decisions/056-notifications.md).
    expect(await rung(t, token, (x) => x.subject.jobId === jobId)).toMatchObject({
      kind: 'import',
      title: `Products import failed: ${IMPORT_MESSAGES.changed}; nothing was imported`,
    });
    expect(job.message).toBe(`${IMPORT_MESSAGES.changed}; nothing was imported`);
    const [late] = await t.database.db.select({ n: count() }).from(products).where(eq(products.description, 'Late'));
    expect(late?.n).toBe(0);
    expect(await entriesSince(since)).toEqual([]);
  });
});
