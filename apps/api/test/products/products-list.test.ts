import {
  API_PATHS,
  type Product,
  type ProductListResponse,
  type ProductSort,
  type ProductTag,
} from '@backroom/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkProducts } from '../../src/demo/catalogue';
import { allProductsQuery, countQuery, listAllProducts, listPageQuery } from '../../src/modules/products/repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken, minimalFields } from '../helpers/catalogue';

let t: TestApp;
let token: string;
let all: Product[];

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  await insertBulkProducts(t.database.db, 400, { now: new Date('2026-06-01T00:00:00Z') });
  // Names with LIKE's wildcards, which the search must take literally.
  for (const name of ['100% Cotton_Shirt', '100 Cotton Shirt', 'Back\\slash Dragon']) {
    await addProduct(t, token, {
      ...minimalFields,
      name,
      mainCategory: 'Figures',
      subCategory: 'DC',
      bestseller: 'true',
    });
  }
  const res = await t.app.inject({ method: 'GET', url: API_PATHS.productList, headers: { token } });
  all = res.json().products;
});
afterAll(() => t.close());

const list = async (query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.inject({ method: 'GET', url: `${API_PATHS.productList}?${qs}`, headers: { token } });
  return { status: res.statusCode, body: res.json() as ProductListResponse & { message?: string } };
};

interface Query {
  q?: string;
  mainCategory?: string;
  subCategory?: string;
  subSubCategory?: string;
  status?: ProductTag;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
}

/** The same query done by hand over every product. */
function byHand(query: Query) {
  const matches = all.filter(
    (p) =>
      (!query.q || p.name.toLowerCase().includes(query.q.toLowerCase())) &&
      (query.mainCategory === undefined || p.mainCategory === query.mainCategory) &&
      (query.subCategory === undefined || p.subCategory === query.subCategory) &&
      (query.subSubCategory === undefined || p.subSubCategory === query.subSubCategory) &&
      (query.status === undefined || p[query.status]),
  );
  const newest = (query.sort ?? 'newest') === 'newest';
  matches.sort((a, b) => {
    const byDate = a.date.localeCompare(b.date) || a._id.localeCompare(b._id);
    return newest ? -byDate : byDate;
  });
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 10;
  return { total: matches.length, ids: matches.slice((page - 1) * pageSize, page * pageSize).map((p) => p._id) };
}

/** Asks for the page and expects the total and the products the same query gives by hand. */
async function expectAsByHand(query: Query) {
  const { status, body } = await list(query as Record<string, string | number>);
  expect(status, JSON.stringify(query)).toBe(200);
  const expected = byHand(query);
  expect(body.total, JSON.stringify(query)).toBe(expected.total);
  expect(
    body.products.map((p) => p._id),
    JSON.stringify(query),
  ).toEqual(expected.ids);
  return body;
}

describe('GET /api/product/list', () => {
  it('answers every product without parameters, oldest first, as the spec calls it', async () => {
    expect(all).toHaveLength(403);
    const dates = all.map((p) => p.date);
    expect(dates).toEqual([...dates].sort());
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.productList, headers: { token } });
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.total).toBe(403);
    expect(body.page).toBeUndefined();
  });

  it('filters, searches, sorts and pages on the server, exactly as the same query done by hand', async () => {
    const queries: Query[] = [
      { page: 1 },
      { page: 3, pageSize: 25 },
      { sort: 'oldest', pageSize: 7, page: 4 },
      { q: 'dragon' },
      { q: 'DRAGON', page: 2, pageSize: 5 },
      { q: 'gOLDen ph' },
      { mainCategory: 'Figures' },
      { mainCategory: 'Figures', subCategory: 'MARVEL' },
      { mainCategory: 'Fidgets', subCategory: 'Stress_Balls', subSubCategory: 'None' },
      { subSubCategory: 'Size_Large', sort: 'oldest' },
      { status: 'bestseller' },
      { status: 'vaulted', mainCategory: 'Widgets' },
      { status: 'isNewProduct', q: 'fox', sort: 'oldest', pageSize: 3, page: 2 },
      { q: 'crimson', mainCategory: 'Decoration' },
      { mainCategory: 'Nothing Here' },
      { page: 1000 },
    ];
    for (const query of queries) {
      const body = await expectAsByHand(query);
      expect(body.page).toBe(query.page ?? 1);
      expect(body.pageSize).toBe(query.pageSize ?? 10);
    }
  });

  it('answers the exact total on first, last, exactly full and past-the-end pages, with and without a search', async () => {
    const filters: Query[] = [
      {},
      { mainCategory: 'Figures' },
      { status: 'bestseller', sort: 'oldest' },
      // Without a filter and for out of stock alone, the total is the database's kept counter.
      { status: 'outOfStock' },
      { q: 'dragon' },
      { q: 'dragon', mainCategory: 'Figures', sort: 'oldest' },
      { mainCategory: 'Nothing Here' },
    ];
    for (const filter of filters) {
      const total = byHand(filter).total;
      // Page size total: one exactly full page that is also the last; total - 1: a full first page
      // with one more after; 7: a last page however full it comes out.
      const windows: [number, number][] = [
        [Math.max(1, total), 1],
        [Math.max(1, total - 1), 1],
        [Math.max(1, total - 1), 2],
        [7, 1],
        [7, Math.ceil(total / 7)],
        [7, Math.ceil(total / 7) + 1],
        [100, 1],
      ];
      for (const [pageSize, page] of windows) {
        if (pageSize > 100 || page < 1) continue;
        const query = { ...filter, pageSize, page };
        await expectAsByHand(query);
      }
    }
  });

  it('answers a page of products exactly as the whole list does (the page maps its rows itself)', async () => {
    const byId = new Map(all.map((p) => [p._id, p]));
    const queries: Record<string, string | number>[] = [{ pageSize: 100 }, { q: 'dragon', pageSize: 100 }];
    for (const query of queries) {
      const { body } = await list(query);
      expect(body.products.length).toBeGreaterThan(0);
      for (const product of body.products) expect(product).toEqual(byId.get(product._id));
    }
  });

  it("maps every product's row as Drizzle does (the whole list maps its rows itself too)", async () => {
    const drizzles = await allProductsQuery(t.database.db);
    expect(drizzles.length).toBeGreaterThan(400);
    expect(await listAllProducts(t.database.db)).toStrictEqual(drizzles);
  });

  it('counts every match only for a page with more after it', async () => {
    const plan = async (offset: number) => {
      const q = listPageQuery(
        t.database.db,
        { mainCategory: 'Figures' },
        { sort: 'newest', limit: 10, offset },
      ).toSQL();
      const res = await t.database.pool.query(`explain (analyze, costs off, timing off) ${q.sql}`, q.params);
      return res.rows.map((r) => r['QUERY PLAN'] as string);
    };
    const figures = byHand({ mainCategory: 'Figures' }).total;
    expect(figures).toBeGreaterThan(10);
    // Reads of the products table that ran (the page's ids, the rows from the page on, the rows
    // by key, and on a page with more after it the full count), not an index's name.
    const counted = (lines: string[]) =>
      lines.filter((l) => /\bon products(_\d+)?\b/.test(l) && !/never executed/.test(l)).length;
    const first = await plan(0);
    const last = await plan(Math.floor((figures - 1) / 10) * 10);
    expect(counted(first) - counted(last), [...first, '---', ...last].join('\n')).toBe(1);
  });

  it('searches names case-insensitively and takes % and _ literally', async () => {
    const names = async (q: string) => (await list({ q, pageSize: 100 })).body.products.map((p) => p.name).sort();
    expect(await names('100%')).toEqual(['100% Cotton_Shirt']);
    expect(await names('cotton_')).toEqual(['100% Cotton_Shirt']);
    expect(await names('100 COTTON')).toEqual(['100 Cotton Shirt']);
    expect(await names('k\\sl')).toEqual(['Back\\slash Dragon']);
  });

  it('treats empty parameters as not set, but still answers a page', async () => {
    const { body } = await list({ q: '', mainCategory: '', status: '' });
    expect(body.total).toBe(all.length);
    expect(body.products).toHaveLength(10);
  });

  it('refuses bad parameters, naming them', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [
        { status: 'shiny' },
        'status: must be one of bestseller, outOfStock, preOrder, notAvailableYet, comingSoon, isNewProduct, limitedEdition, vaulted',
      ],
      [{ sort: 'random' }, 'sort: must be one of newest, oldest'],
      [{ page: 0 }, 'page: must be at least 1'],
      [{ page: 'two' }, 'page: must be a number'],
      [{ pageSize: 101 }, 'pageSize: must be at most 100'],
      [{ color: 'red' }, 'color: is not allowed'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await list(query);
      expect(status, message).toBe(400);
      expect(body).toEqual({ success: false, message });
    }
  });

  it('has indexes that serve the search, each filter and the sort', async () => {
    const plan = async (filter: Parameters<typeof listPageQuery>[1], what: 'rows' | 'total') => {
      const q = (
        what === 'rows'
          ? listPageQuery(t.database.db, filter, { sort: 'newest', limit: 10, offset: 0 })
          : countQuery(t.database.db, filter)
      ).toSQL();
      const client = await t.database.pool.connect();
      try {
        // A few hundred rows fit in a page or two, so force the planner to show what it could use.
        await client.query('set enable_seqscan = off');
        const res = await client.query(`explain ${q.sql}`, q.params);
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.query('reset enable_seqscan');
        client.release();
      }
    };
    expect(await plan({ q: 'DRAGON' }, 'total')).toContain('products_search_idx');
    // The search's index holds the categories too, so a search within one finds only its candidates.
    const search = await t.database.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'products_search_idx'`,
    );
    expect(search.rows[0]?.indexdef).toContain(
      'USING gin (name_search gin_trgm_ops, main_category, sub_category, sub_sub_category)',
    );
    expect(await plan({ mainCategory: 'Figures' }, 'rows')).toContain('products_main_category_idx');
    expect(await plan({ subCategory: 'DC' }, 'rows')).toContain('products_sub_category_idx');
    expect(await plan({ subSubCategory: 'Male' }, 'rows')).toContain('products_sub_sub_category_idx');
    expect(await plan({ status: 'vaulted' }, 'rows')).toContain('products_vaulted_idx');
    expect(await plan({}, 'rows')).toContain('products_created_at_idx');
    const extension = await t.database.db.execute(
      sql`select 1 from pg_extension where extname in ('pg_trgm', 'btree_gin')`,
    );
    expect(extension.rowCount).toBe(2);
    // No pending list for searches to scan, even after the bulk generator turned it on for a while.
    const options = await t.database.db.execute(
      sql`select reloptions from pg_class where relname = 'products_search_idx'`,
    );
    expect(options.rows[0]?.reloptions).toEqual([expect.stringMatching(/^fastupdate=(off|false)$/)]);
  });
});
