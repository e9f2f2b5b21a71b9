import type { AddressInfo } from 'node:net';
import {
  API_PATHS,
  EXPORT_PATHS,
  EXPORT_TOTAL_HEADER,
  exportUrl,
  ORDER_CSV_COLUMNS,
  ORDER_ITEM_CSV_COLUMNS,
  type Order,
  type OrderListResponse,
  PRODUCT_CSV_COLUMNS,
  type Product,
  type ProductListResponse,
  restoreCell,
  USER_CSV_COLUMNS,
  type User,
  type UserListResponse,
} from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_EXPORTS_MESSAGE } from '../../src/modules/csv/csv-stream';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken } from '../helpers/catalogue';
import { insertManyOrders, readCsv } from '../helpers/exports';
import { insertOrder, orderCall, withoutTrigramIndexes } from '../helpers/orders';
import { createUser } from '../helpers/users';
import { PATIENCE_MS } from '../helpers/wait';

/*
 * The CSV exports (issue 13): each equals its list's rows for the same filter, as a file a
 * spreadsheet opens (BOM, header, quoting) with every formula-like cell neutralised; a client that
 * goes away mid-file gives the connection back.
 */

let t: TestApp;
let token: string;

/** Texts a spreadsheet would run, and texts CSV must quote. */
const HOSTILE = ['=HYPERLINK("http://evil.test","click")', '+1', '-2', '@x', "'=already"];
const QUOTED = ['Comma, in it', 'A "quoted" word', 'Two\nlines', 'CR\r\nLF'];

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  const db = t.database.db;
  const names = [...HOSTILE, ...QUOTED, 'Ana', 'anabel', 'Bob', 'Chloé'];
  for (let i = 0; i < 30; i += 1) {
    await insertOrder(db, {
      firstName: names[i % names.length] as string,
      lastName: i % 4 === 0 ? 'Smith, Jr.' : `Last${i}`,
      email: i % 5 === 0 ? `=cmd${i}@x.test` : `buyer${i}@shop.test`,
      phone: `+1 555 01${String(i).padStart(2, '0')}`,
      status: i % 3 === 0 ? 'Delivered' : 'Packing',
      payment: i % 2 === 0,
      amountCents: i % 4 === 1 ? null : 1000 + i * 105,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 9 * 3_600_000),
      items:
        i % 7 === 6
          ? []
          : Array.from({ length: 1 + (i % 3) }, (_, n) => ({
              name: n === 0 ? (names[(i + 3) % names.length] as string) : `Thing ${n}`,
              unitPriceCents: 199 + n * 1000,
              quantity: 1 + n,
              color: n === 1 ? 'Blue|XL' : null,
            })),
    });
  }
  for (const [i, name] of [...HOSTILE, ...QUOTED, 'Poster', 'Mug'].entries()) {
    await addProduct(t, token, {
      name,
      description: i % 2 === 0 ? `Says: ${name}` : '-dash first',
      price: `${10 + i}.5`,
      mainCategory: i % 2 === 0 ? 'Prints' : 'Homeware',
      bestseller: i % 3 === 0 ? 'true' : 'false',
      clothingSizes: i % 2 === 0 ? ['S', 'M'] : [],
    });
  }
  for (const name of [...HOSTILE, 'Dana Scully', 'Fox Mulder']) await createUser(db, { name });
  await createUser(db, { name: 'Walter Skinner', role: 'admin' });
});
afterAll(() => t.close());

async function exportCall(path: string, query: Record<string, string | undefined> = {}) {
  return t.app.inject({ method: 'GET', url: exportUrl(path, query), headers: { token } });
}

/** Every order the list answers for this filter, page after page. */
async function listAllOrders(filter: Record<string, string>): Promise<Order[]> {
  const found: Order[] = [];
  for (let page = 1; ; page += 1) {
    const res = await orderCall(t, token, API_PATHS.orderList, { ...filter, page, pageSize: 100 });
    const body = res.json() as OrderListResponse;
    found.push(...body.orders);
    if (found.length >= body.total) return found;
  }
}

async function listAllProducts(filter: Record<string, string>): Promise<Product[]> {
  const found: Product[] = [];
  for (let page = 1; ; page += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: exportUrl(API_PATHS.productList, { ...filter, page: String(page), pageSize: '100' }),
      headers: { token },
    });
    const body = res.json() as ProductListResponse;
    found.push(...body.products);
    if (found.length >= body.total) return found;
  }
}

async function listAllUsers(filter: Record<string, string>): Promise<User[]> {
  const found: User[] = [];
  for (let page = 1; ; page += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: exportUrl(API_PATHS.userAll, { ...filter, page: String(page), pageSize: '100' }),
      headers: { token },
    });
    const body = res.json() as UserListResponse;
    found.push(...body.users);
    if (found.length >= body.total) return found;
  }
}

describe('GET /api/order/export', () => {
  it('is a dated CSV download with a BOM and the header row', async () => {
    const res = await exportCall(EXPORT_PATHS.orderExport);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const firstLine = res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0];
    expect(firstLine).toBe(ORDER_CSV_COLUMNS.join(','));
    expect(res.headers[EXPORT_TOTAL_HEADER]).toBe('30');
    expect(readCsv(res.body)).toHaveLength(30);
  });

  it.each([
    ['no filter', {}],
    ['a name search and the delivered filter', { searchBy: 'userName', search: 'ana', delivery: 'all' }],
    [
      'a date range, not delivered',
      { searchBy: 'dateRange', startDate: '2026-01-03', endDate: '2026-01-08', delivery: 'notDelivered' },
    ],
    ['an e-mail search', { searchBy: 'email', search: '=cmd' }],
  ])('holds the list’s orders for %s, in its order, with its values', async (_what, filter: Record<string, string>) => {
    const listed = await listAllOrders(filter);
    expect(listed.length).toBeGreaterThan(0);
    const res = await exportCall(EXPORT_PATHS.orderExport, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[EXPORT_TOTAL_HEADER]).toBe(String(listed.length));
    const rows = readCsv(res.body);
    expect(rows.map((r) => r.id)).toEqual(listed.map((o) => o._id));
    rows.forEach((row, i) => {
      const order = listed[i] as Order;
      expect(row.date).toBe(order.date);
      expect(row.status).toBe(order.status);
      expect(row.payment).toBe(String(order.payment));
      expect(Number(row.amount)).toBe(order.amount);
      expect(row.amount).toMatch(/^\d+\.\d\d$/);
      expect(row.itemCount).toBe(String(order.itemCount));
      expect(restoreCell(row.firstName as string)).toBe(order.address.firstName);
      expect(restoreCell(row.lastName as string)).toBe(order.address.lastName);
      expect(restoreCell(row.email as string)).toBe(order.address.email);
      expect(restoreCell(row.phone as string)).toBe(order.address.phone);
      expect(row.lastStatusAt).toBe(order.lastStatusChange?.at ?? '');
    });
  });

  it('writes one line per item with lines=item, and one for an order without items', async () => {
    const listed = await listAllOrders({});
    const res = await exportCall(EXPORT_PATHS.orderExport, { lines: 'item' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="order-items-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(ORDER_ITEM_CSV_COLUMNS.join(','));
    const rows = readCsv(res.body);
    const expected = listed.flatMap((order) =>
      order.items.length === 0
        ? [{ orderId: order._id, line: '', name: '', quantity: '', unitPrice: '', lineTotal: '', color: '', size: '' }]
        : order.items.map((item, n) => ({
            orderId: order._id,
            line: String(n + 1),
            name: item.name,
            quantity: String(item.quantity),
            unitPrice: item.unitPrice.toFixed(2),
            lineTotal: (item.unitPrice * item.quantity).toFixed(2),
            color: item.color ? 'Blue' : '',
            size: item.color ? 'XL' : '',
          })),
    );
    expect(
      rows.map((r) => ({
        orderId: r.orderId,
        line: r.line,
        name: restoreCell(r.name as string),
        quantity: r.quantity,
        unitPrice: r.unitPrice,
        lineTotal: r.lineTotal,
        color: r.color,
        size: r.size,
      })),
    ).toEqual(expected);
    expect(res.headers[EXPORT_TOTAL_HEADER]).toBe(String(listed.length));
  });

  it('refuses a bad filter naming the field, as the list does', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ lines: 'page' }, /^lines: must be one of order, item/],
      [{ searchBy: 'dateRange', startDate: '2026-01-01' }, /^endDate: is required for a date range/],
      [{ searchBy: 'nope' }, /^searchBy: must be one of/],
      [{ page: '2' }, /page: is not allowed/],
    ];
    for (const [query, message] of cases) {
      const res = await exportCall(EXPORT_PATHS.orderExport, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
  });

  it('has no HEAD route (Fastify would run the whole export to answer one)', async () => {
    const exportPaths: string[] = Object.values(EXPORT_PATHS);
    const heads = t.app.routeTable.filter((r) => r.method === 'HEAD' && exportPaths.includes(r.url));
    expect(heads).toEqual([]);
    const res = await t.app.inject({ method: 'HEAD', url: EXPORT_PATHS.orderExport, headers: { token } });
    expect(res.statusCode).toBe(404);
  });

  it('needs an admin', async () => {
    const res = await t.app.inject({ method: 'GET', url: EXPORT_PATHS.orderExport });
    expect(res.statusCode).toBe(401);
  });
});

describe('CSV injection and quoting', () => {
  it('neutralises every cell that starts with =, +, -, @ or a tab, and quotes commas, quotes and line breaks', async () => {
    const res = await exportCall(EXPORT_PATHS.productExport, {});
    expect(res.statusCode, res.body).toBe(200);
    const text = res.body;
    // No line of the file starts a cell with a formula character: each is behind an apostrophe.
    const rows = readCsv(text);
    const cells = rows.flatMap((row) => Object.values(row));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    const byName = new Map(rows.map((row) => [restoreCell(row.name as string), row]));
    expect(byName.get('=HYPERLINK("http://evil.test","click")')?.name).toBe('\'=HYPERLINK("http://evil.test","click")');
    expect(byName.get('+1')?.name).toBe("'+1");
    expect(byName.get('-2')?.name).toBe("'-2");
    expect(byName.get('@x')?.name).toBe("'@x");
    // An apostrophe already there gets one more, so the import gives back exactly the text.
    expect(byName.get("'=already")?.name).toBe("''=already");
    expect(byName.get('+1')?.description).toBe("'-dash first");
    // Quoting, as written in the file and as read back.
    expect(text).toContain('"Comma, in it"');
    expect(text).toContain('"A ""quoted"" word"');
    // A form sends line breaks as CRLF, so that is what the product holds.
    expect(text).toContain('"Two\r\nlines"');
    for (const name of ['Comma, in it', 'A "quoted" word', 'Two\r\nlines']) expect(byName.has(name), name).toBe(true);
    // Formula-like text in orders too: the e-mail column.
    const orders = readCsv((await exportCall(EXPORT_PATHS.orderExport)).body);
    expect(orders.filter((row) => row.email?.startsWith("'=cmd")).length).toBe(6);
    expect(orders.every((row) => row.phone?.startsWith("'+1 555"))).toBe(true);
    // A tab first (the product forms trim it away; an order's address keeps it).
    const tabbed = await insertOrder(t.database.db, {
      firstName: '\t=tab',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const again = readCsv((await exportCall(EXPORT_PATHS.orderExport)).body);
    expect(again.find((row) => row.id === tabbed.id)?.firstName).toBe("'\t=tab");
    // A bare line feed or carriage return (an order written by another system) is quoted too, as a
    // spreadsheet would otherwise end the row there.
    await insertOrder(t.database.db, { items: [{ name: 'Poster\nbig' }, { name: 'Old\rMac' }] });
    const items = (await exportCall(EXPORT_PATHS.orderExport, { lines: 'item' })).body;
    expect(items).toContain('"Poster\nbig"');
    expect(items).toContain('"Old\rMac"');
  });
});

describe('GET /api/product/export', () => {
  it.each([
    ['no filter', {}],
    ['a category and a status', { mainCategory: 'Prints', status: 'bestseller' }],
    ['a search, oldest first', { q: 'o', sort: 'oldest' }],
  ])('holds the list’s products for %s, in its order', async (_what, filter: Record<string, string>) => {
    const listed = await listAllProducts(filter);
    expect(listed.length).toBeGreaterThan(0);
    const res = await exportCall(EXPORT_PATHS.productExport, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(PRODUCT_CSV_COLUMNS.join(','));
    expect(res.headers[EXPORT_TOTAL_HEADER]).toBe(String(listed.length));
    const rows = readCsv(res.body);
    expect(rows.map((r) => r.id)).toEqual(listed.map((p) => p._id));
    rows.forEach((row, i) => {
      const product = listed[i] as Product;
      expect(restoreCell(row.name as string)).toBe(product.name);
      expect(restoreCell(row.description as string)).toBe(product.description);
      expect(Number(row.price)).toBe(product.price);
      expect(row.price).toMatch(/^\d+\.\d\d$/);
      expect(row.discount).toBe(String(product.discount));
      expect(row.mainCategory).toBe(product.mainCategory);
      expect(row.bestseller).toBe(String(product.bestseller));
      expect(row.clothingSizes).toBe(product.clothingSizes.join('|'));
      expect(row.images).toBe(product.image.join('|'));
      expect(row.date).toBe(product.date);
    });
  });
});

describe('GET /api/user/export', () => {
  it.each([
    ['no filter', {}],
    ['a search', { q: 'sc' }],
    ['admins', { role: 'admin' }],
  ])('holds the list’s users for %s, admins first', async (_what, filter: Record<string, string>) => {
    const listed = await listAllUsers(filter);
    expect(listed.length).toBeGreaterThan(0);
    const res = await exportCall(EXPORT_PATHS.userExport, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="users-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(USER_CSV_COLUMNS.join(','));
    const rows = readCsv(res.body);
    expect(rows.map((r) => r.id)).toEqual(listed.map((u) => u._id));
    rows.forEach((row, i) => {
      const user = listed[i] as User;
      expect(restoreCell(row.name as string)).toBe(user.name);
      expect(row.email).toBe(user.email);
      expect(row.role).toBe(user.role);
      expect(row.active).toBe(String(user.isActive));
      expect(row.orders).toBe('0');
      expect(row.totalSpent).toBe('0.00');
    });
  });
});

describe('a client that goes away mid-file', () => {
  it('gives the connection back to the pool', async () => {
    const { db } = t.database;
    await withoutTrigramIndexes(db, () => insertManyOrders(db, 30_000, 'abort'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const pool = t.database.pool;
    // Connections checked out before the export (the realtime adapter keeps one for LISTEN).
    const busyBefore = pool.totalCount - pool.idleCount;
    expect(pool.waitingCount).toBe(0);

    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${EXPORT_PATHS.orderExport}`, {
      headers: { token },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    try {
      const first = await reader.read();
      expect(first.value?.length).toBeGreaterThan(0);
      // Mid-file: the export holds a connection of its own (background work may hold others).
      expect(pool.totalCount - pool.idleCount).toBeGreaterThanOrEqual(busyBefore + 1);
    } finally {
      // Always goes, so a failure above cannot leave an export running into the next test.
      controller.abort();
      await reader.cancel().catch(() => {});
    }

    // The cursor is closed, the transaction rolled back and the connection is idle again.
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: PATIENCE_MS }).toBeLessThanOrEqual(busyBefore);
    const open = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
    );
    expect(open.rows[0].n).toBe(0);
    // And the next export works on it.
    const again = await exportCall(EXPORT_PATHS.userExport);
    expect(again.statusCode).toBe(200);
    // Its transaction ends after its last line went out: once its connection is back, so is its slot.
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: PATIENCE_MS }).toBeLessThanOrEqual(busyBefore);
  });

  it('runs at most a few exports at once; the next is refused until one ends', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    const pool = t.database.pool;
    const busyBefore = pool.totalCount - pool.idleCount;
    const controllers = [0, 1, 2].map(() => new AbortController());
    const running = await Promise.all(
      controllers.map((controller) =>
        fetch(`http://127.0.0.1:${port}${EXPORT_PATHS.orderExport}`, { headers: { token }, signal: controller.signal }),
      ),
    );
    expect(running.map((res) => res.status)).toEqual([200, 200, 200]);
    const refused = await exportCall(EXPORT_PATHS.productExport);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: TOO_MANY_EXPORTS_MESSAGE });
    expect(pool.totalCount - pool.idleCount).toBeGreaterThanOrEqual(3);
    for (const controller of controllers) controller.abort();
    // (The export before this test may still have been giving its connection back at the start.)
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: PATIENCE_MS }).toBeLessThanOrEqual(busyBefore);
    await expect
      .poll(async () => (await exportCall(EXPORT_PATHS.productExport)).statusCode, { timeout: PATIENCE_MS })
      .toBe(200);
  });
});
