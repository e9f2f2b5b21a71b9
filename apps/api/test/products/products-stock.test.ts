import {
  API_PATHS,
  customerProductPath,
  EXPORT_PATHS,
  IMPORT_FILE_FIELD,
  IMPORT_FINGERPRINT_FIELD,
  IMPORT_PATHS,
  PRODUCT_CSV_COLUMNS,
  type Product,
} from '@backroom/contract';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbNow, entriesSince } from '../helpers/activity';
import type { TestApp } from '../helpers/app';
import { addProduct, adminProduct, catalogueApp, minimalFields, updateProductCall } from '../helpers/catalogue';
import { readCsv } from '../helpers/exports';
import { insertOrder, rollupsAndRecount } from '../helpers/orders';
import { createCustomer } from '../helpers/storefront';

/*
 * A product's stock in the admin's forms and in every product answer (docs/decisions/055-stock.md):
 * the Track stock switch and the colour × size grid, the total and 'Low stock' in the admin's and
 * the storefront's answers, out of stock at zero (the dashboard's tile and popup exact through the
 * rollups), the activity log, and the stock alerts the bell reads.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  ({ t, token } = await catalogueApp());
});
afterAll(() => t.close());

const grid = [
  { color: 'Red', size: 'S', quantity: 2 },
  { color: 'Red', size: 'M', quantity: 3 },
  { color: 'Blue', size: 'S', quantity: 0 },
];

const getProduct = (id: string) => adminProduct(t, token, id);

async function dashboard() {
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.dashboardSummary, headers: { token } });
  return res.json() as { totals: { outOfStock: number }; outOfStockProducts: { _id: string }[] };
}

const update = (id: string, fields: Record<string, unknown>) =>
  updateProductCall(t, token, id, { ...minimalFields, ...fields });

describe('the stock grid in the product forms', () => {
  it('Add Product with Track stock stores every colour × size cell and answers the total', async () => {
    const since = await dbNow(t.database.db);
    const product = await addProduct(t, token, {
      ...minimalFields,
      colorVariants: ['Red', 'Blue'],
      clothingSizes: ['S', 'M'],
      trackStock: 'true',
      lowStockThreshold: '6',
      stockLevels: grid,
    });
    expect(product.trackStock).toBe(true);
    expect(product.stock).toBe(5);
    expect(product.lowStock).toBe(true);
    expect(product.outOfStock).toBe(false);
    expect(product.stockLevels).toEqual([
      { color: 'Red', size: 'S', quantity: 2 },
      { color: 'Red', size: 'M', quantity: 3 },
      { color: 'Blue', size: 'S', quantity: 0 },
      { color: 'Blue', size: 'M', quantity: 0 },
    ]);
    expect(product.colorVariants.map((v) => v.stock)).toEqual([5, 0]);
    const [entry] = await entriesSince(t.database.db, since, [product._id]);
    expect(entry?.changes?.stockLevels).toBeDefined();
    expect(entry?.changes?.trackStock).toEqual({ from: null, to: true });

    // Every answer carries it: the admin's list and the storefront's product.
    const list = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.productList}?q=${encodeURIComponent(product.name)}&page=1`,
      headers: { token },
    });
    expect(list.json().products.find((p: Product) => p._id === product._id)?.stock).toBe(5);
    const buyer = await createCustomer(t.database.db);
    const shop = await t.app.inject({
      method: 'GET',
      url: customerProductPath(product._id),
      headers: { token: buyer.token },
    });
    expect(shop.json().product).toMatchObject({ stock: 5, lowStock: true, outOfStock: false });
  });

  it('Modify Product sets cells, logs the change, and at zero marks it out of stock on the dashboard, exactly', async () => {
    const product = await addProduct(t, token, {
      ...minimalFields,
      trackStock: 'true',
      stockLevels: [{ quantity: 9 }],
    });
    expect(product.stock).toBe(9);
    expect(product.lowStock).toBe(false);
    const before = await dashboard();

    const since = await dbNow(t.database.db);
    const res = await update(product._id, { stockLevels: [{ color: '', size: '', quantity: 0 }] });
    expect(res.statusCode).toBe(200);
    const saved = await getProduct(product._id);
    expect(saved).toMatchObject({ stock: 0, outOfStock: true, lowStock: false });
    const [entry] = await entriesSince(t.database.db, since, [product._id]);
    expect(entry?.changes?.stockLevels).toEqual({
      from: [{ color: '', size: '', quantity: 9 }],
      to: [{ color: '', size: '', quantity: 0 }],
    });

    const after = await dashboard();
    expect(after.totals.outOfStock).toBe(before.totals.outOfStock + 1);
    expect(after.outOfStockProducts.map((p) => p._id)).toContain(product._id);
    const { counters, recount } = await rollupsAndRecount(t.database.db);
    expect(counters).toEqual(recount);

    // A manual 'in stock' is overruled by the count; units back clear the flag.
    await update(product._id, { outOfStock: 'false' });
    expect((await getProduct(product._id)).outOfStock).toBe(true);
    await update(product._id, { stockLevels: [{ quantity: 4 }] });
    expect(await getProduct(product._id)).toMatchObject({ stock: 4, outOfStock: false, lowStock: true });
  });

  it('refuses a cell of a colour or size the product is not sold in', async () => {
    const product = await addProduct(t, token, { ...minimalFields, colorVariants: ['Red'], trackStock: 'true' });
    const res = await update(product._id, { stockLevels: [{ color: 'Green', size: '', quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^stockLevels: /);
  });

  it('Modify Product keeps what orders changed since it opened: untouched cells stay, a changed one moved meanwhile is refused', async () => {
    const product = await addProduct(t, token, {
      ...minimalFields,
      colorVariants: ['Red'],
      clothingSizes: ['S', 'M'],
      trackStock: 'true',
      stockLevels: [
        { color: 'Red', size: 'S', quantity: 2 },
        { color: 'Red', size: 'M', quantity: 3 },
      ],
    });
    // The form opens on S 2, M 3; meanwhile an order takes one S.
    const opened = (await getProduct(product._id)).stockLevels;
    const item = { productId: product._id, name: product.name, quantity: 1, unitPriceCents: 100, color: 'Red|S' };
    await insertOrder(t.database.db, { items: [item] });
    const sent = (cells: Record<string, number>) =>
      opened.map((c) => ({ ...c, quantity: cells[c.size] ?? c.quantity, was: c.quantity }));

    // S untouched, M raised from 3 to 5: S keeps the order's 1, M is set.
    const saved = await update(product._id, { stockLevels: sent({ M: 5 }) });
    expect(saved.statusCode).toBe(200);
    expect((await getProduct(product._id)).stockLevels.map((c) => c.quantity)).toEqual([1, 5]);

    // S changed by the admin from the 2 the form opened with, but it holds 1 now: refused, nothing written.
    const stale = await update(product._id, { stockLevels: sent({ S: 4, M: 6 }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'stockLevels: Red / S has 1 now, not the 2 the form opened with (orders took or gave back units meanwhile): reopen the product and set it again',
    );
    expect((await getProduct(product._id)).stockLevels.map((c) => c.quantity)).toEqual([1, 5]);

    // Without what it opened with (an import, another client) a cell is set as sent.
    expect((await update(product._id, { stockLevels: [{ color: 'Red', size: 'S', quantity: 7 }] })).statusCode).toBe(
      200,
    );
    expect((await getProduct(product._id)).stockLevels.map((c) => c.quantity)).toEqual([7, 5]);
  });

  it('a product that does not track stock answers stock null and keeps its manual flag', async () => {
    const product = await addProduct(t, token, { ...minimalFields, outOfStock: 'true' });
    expect(product).toMatchObject({
      trackStock: false,
      stock: null,
      lowStock: false,
      outOfStock: true,
      stockLevels: [],
    });
    await update(product._id, { outOfStock: 'false' });
    expect((await getProduct(product._id)).outOfStock).toBe(false);
  });
});

describe('stock alerts (the bell hooks in here)', () => {
  it('are written once when a product crosses down to its threshold and to zero', async () => {
    const product = await addProduct(t, token, {
      ...minimalFields,
      trackStock: 'true',
      lowStockThreshold: '2',
      stockLevels: [{ quantity: 5 }],
    });
    for (const quantity of [4, 2, 1, 0, 3]) await update(product._id, { stockLevels: [{ quantity }] });
    const alerts = await t.database.db.execute<{ level: string; stock: number }>(
      sql`select level, stock from stock_alerts where product_id = ${product._id} order by id`,
    );
    expect(alerts.rows).toEqual([
      { level: 'low', stock: 2 },
      { level: 'out', stock: 0 },
    ]);
  });
});

describe('a save and an order at once (the lock order, decision 055)', () => {
  /**
   * An order's own connection: its transaction stays open between the test's statements. In a
   * deadlock PostgreSQL aborts the backend whose deadlock_timeout runs out first with the cycle
   * there; both waits start milliseconds apart, so on a busy machine the order's check could run
   * before the app's. The order waits 30 s before it checks, so the app's side is the one aborted.
   */
  async function orderConnection() {
    const client = new pg.Client({ connectionString: t.database.url });
    await client.connect();
    await client.query(`SET deadlock_timeout = '30s'`);
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await client.query('BEGIN');
    return { client, pid: rows[0]?.pid as number };
  }

  /** Resolves once another backend waits for a lock `pid` holds; gives up (false) once `done()`. */
  async function somethingWaitsOn(pid: number, done: () => boolean): Promise<boolean> {
    while (!done()) {
      const { rows } = await t.database.pool.query<{ waits: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))) AS waits',
        [pid],
      );
      if (rows[0]?.waits) return true;
    }
    return false;
  }

  const lastUnit = () =>
    addProduct(t, token, {
      ...minimalFields,
      trackStock: 'true',
      stockLevels: [{ quantity: 1 }],
    });
  const takeLastUnit = (client: pg.Client, id: string) =>
    client.query(`UPDATE product_stock SET quantity = quantity - 1 WHERE product_id = $1`, [id]);

  it('Modify Product waiting for an order that holds the cell does not deadlock when the order then empties it', async () => {
    const product = await lastUnit();
    const order = await orderConnection();
    try {
      // The order has locked the cell (an earlier line of its transaction took a unit of it) …
      await order.client.query('SELECT 1 FROM product_stock WHERE product_id = $1 FOR UPDATE', [product._id]);
      let settled = false;
      const save = update(product._id, { trackStock: 'true', description: 'Saved meanwhile' }).finally(() => {
        settled = true;
      });
      expect(await somethingWaitsOn(order.pid, () => settled)).toBe(true);
      // … and, with the save waiting, takes the last unit: its trigger flips the product's row to out of stock.
      await takeLastUnit(order.client, product._id);
      await order.client.query('COMMIT');
      const saved = await save;
      expect(saved.statusCode).toBe(200);
      expect(saved.json().product).toMatchObject({ description: 'Saved meanwhile', outOfStock: true, stock: 0 });
    } finally {
      await order.client.end();
    }
  });

  it('Remove Product caught in a deadlock with an order runs again and succeeds (not a 500)', async () => {
    const product = await lastUnit();
    const order = await orderConnection();
    try {
      await order.client.query('SELECT 1 FROM product_stock WHERE product_id = $1 FOR UPDATE', [product._id]);
      let settled = false;
      // A delete locks the row FOR UPDATE first, then its cells go by the cascade: it waits on the order.
      const remove = t.app
        .inject({ method: 'POST', url: API_PATHS.productRemove, headers: { token }, payload: { id: product._id } })
        .finally(() => {
          settled = true;
        });
      expect(await somethingWaitsOn(order.pid, () => settled)).toBe(true);
      // The order's flip waits on the delete: PostgreSQL aborts the delete (it waited first), which runs again.
      await takeLastUnit(order.client, product._id);
      await order.client.query('COMMIT');
      expect((await remove).statusCode).toBe(200);
    } finally {
      await order.client.end();
    }
  });

  it('Modify Product does not wait for a storefront order holding the product FOR KEY SHARE', async () => {
    const product = await lastUnit();
    const order = await orderConnection();
    try {
      // The storefront's order has read the product (lockProducts) and not yet taken its unit.
      await order.client.query('SELECT 1 FROM products WHERE id = $1 FOR KEY SHARE', [product._id]);
      let settled = false;
      const save = update(product._id, { trackStock: 'true', description: 'Saved meanwhile' }).finally(() => {
        settled = true;
      });
      expect(await somethingWaitsOn(order.pid, () => settled)).toBe(false);
      expect((await save).statusCode).toBe(200);
      await takeLastUnit(order.client, product._id);
      await order.client.query('COMMIT');
      expect((await getProduct(product._id)).outOfStock).toBe(true);
    } finally {
      await order.client.query('ROLLBACK').catch(() => {});
      await order.client.end();
    }
  });
});

describe('the products CSV', () => {
  const post = (url: string, fields: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return t.app.inject({ method: 'POST', url, headers: { token }, payload: form });
  };
  const csvBlob = (rows: Record<string, string>[]) =>
    new Blob(
      [
        stringify(
          rows.map((r) => PRODUCT_CSV_COLUMNS.map((c) => r[c] ?? '')),
          { header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true },
        ),
      ],
      { type: 'text/csv' },
    );

  it('exports the stock grid and imports changes to it, the count and flag following', async () => {
    const product = await addProduct(t, token, {
      ...minimalFields,
      name: 'CSV Stock Figure',
      colorVariants: ['Red'],
      clothingSizes: ['S', 'M'],
      trackStock: 'true',
      stockLevels: [{ color: 'Red', size: 'S', quantity: 2 }],
    });
    const exported = readCsv(
      (await t.app.inject({ method: 'GET', url: EXPORT_PATHS.productExport, headers: { token } })).body,
    );
    const row = exported.find((r) => r.id === product._id) as Record<string, string>;
    expect(row).toMatchObject({ trackStock: 'true', lowStockThreshold: '', stockLevels: 'Red/S=2|Red/M=0' });

    const file = csvBlob([{ ...row, stockLevels: 'Red/S=0|Red/M=7', lowStockThreshold: '8' }]);
    const preview = await post(IMPORT_PATHS.productImportPreview, { [IMPORT_FILE_FIELD]: file });
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json();
    expect(plan.counts).toMatchObject({ update: 1, bad: 0 });
    const done = await post(IMPORT_PATHS.productImport, {
      [IMPORT_FILE_FIELD]: file,
      [IMPORT_FINGERPRINT_FIELD]: plan.fingerprint,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await getProduct(product._id)).toMatchObject({ stock: 7, lowStock: true, lowStockThreshold: 8 });

    const bad = await post(IMPORT_PATHS.productImportPreview, {
      [IMPORT_FILE_FIELD]: csvBlob([{ ...row, stockLevels: 'Red-S:2' }]),
    });
    expect(bad.json().counts).toMatchObject({ bad: 1 });
  });
});
