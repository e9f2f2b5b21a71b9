import type { ProductSort, ProductTag } from '@backroom/contract';
import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mappedSelect, namedSelect } from '../../db/named';
import { products } from '../../db/schema';
import { type SessionProof, sessionLive, sessionToProve } from '../../db/session-proof';

/** Units left over all variants, or null when the product does not track stock (docs/decisions/055-stock.md). */
const stockTotal = sql<
  number | null
>`(CASE WHEN ${products.trackStock} THEN (SELECT coalesce(sum(ps.quantity), 0)::integer FROM product_stock ps WHERE ps.product_id = ${products.id}) END)`;
/** The threshold in force: the product's own, else the shop's default. */
const lowStockLimit = sql`coalesce(${products.lowStockThreshold}, (SELECT ss.low_stock_threshold FROM shop_settings ss WHERE ss.id = 1), 5)`;

/** The stock a product answers with: the total, and 'Low stock' (some left, at or below the threshold). */
export const stockColumns = {
  trackStock: products.trackStock,
  stock: stockTotal,
  lowStock: sql<boolean>`coalesce(${stockTotal} > 0 AND ${stockTotal} <= ${lowStockLimit}, false)`,
};

/** A product as a card shows it (a wishlist's line, a campaign e-mail's): name, first image, price, place. */
export const productCardColumns = {
  id: products.id,
  name: products.name,
  images: products.images,
  priceCents: products.priceCents,
  discount: products.discount,
  mainCategory: products.mainCategory,
  subCategory: products.subCategory,
};

/**
 * The columns of a product that a customer may see too: nothing internal (no accessories, demo
 * flag or update time). The storefront answers with these.
 */
export const customerProductColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  discount: products.discount,
  mainCategory: products.mainCategory,
  subCategory: products.subCategory,
  subSubCategory: products.subSubCategory,
  images: products.images,
  colorVariants: products.colorVariants,
  clothingSizes: products.clothingSizes,
  canvasSizes: products.canvasSizes,
  bestseller: products.bestseller,
  outOfStock: products.outOfStock,
  preOrder: products.preOrder,
  notAvailableYet: products.notAvailableYet,
  comingSoon: products.comingSoon,
  isNewProduct: products.isNewProduct,
  limitedEdition: products.limitedEdition,
  vaulted: products.vaulted,
  createdAt: products.createdAt,
  ...stockColumns,
};

/** A product's units per colour and size, in the grid's order (colour, then size). */
export interface StockLevel {
  color: string;
  size: string;
  quantity: number;
}

/** A product's stored grid cells (colour, size, units), as JSON. */
export const productStockLevels = sql<
  StockLevel[]
>`coalesce((SELECT json_agg(json_build_object('color', ps.color, 'size', ps.size, 'quantity', ps.quantity) ORDER BY ps.color, ps.size) FROM product_stock ps WHERE ps.product_id = ${products.id}), '[]'::json)`;

/** The columns a product is answered with to the admin: the customer's and the accessories. */
const productColumns = {
  ...customerProductColumns,
  hasAccessory: products.hasAccessory,
  accessories: products.accessories,
  lowStockThreshold: products.lowStockThreshold,
  stockLevels: productStockLevels,
};

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'isDemo'>;

export async function insertProduct(db: DbOrTx, values: ProductValues & { id?: string; createdAt?: Date }) {
  const rows = await db.insert(products).values(values).returning(productColumns);
  return rows[0] as ProductRow;
}

/**
 * One product; locked, its row stays locked until the transaction ends: 'update' to delete it,
 * 'no key update' to change it (which, unlike FOR UPDATE, lets orders in flight keep their FOR KEY
 * SHARE and the foreign keys to it be checked: docs/decisions/055-stock.md).
 */
export async function findProduct(db: DbOrTx, id: string, options: { lock?: 'update' | 'no key update' } = {}) {
  const query = db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  const rows = await (options.lock ? query.for(options.lock) : query);
  return rows[0];
}

export async function productExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return rows.length > 0;
}

export async function updateProduct(db: DbOrTx, id: string, values: Partial<ProductValues>) {
  const rows = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning(productColumns);
  return rows[0];
}

/**
 * The product's stock cells as they are now, locked until the transaction ends (a form's save), in
 * key order as orders take them. Taken BEFORE the product row: an order locks its cells and then
 * updates the product (out_of_stock at zero), so a writer locking the row first and the cells second
 * would deadlock with it (docs/decisions/055-stock.md, Locks).
 */
export async function lockStockLevels(db: DbOrTx, productId: string): Promise<StockLevel[]> {
  const rows = await db.execute<{ color: string; size: string; quantity: number }>(
    sql`SELECT color, size, quantity FROM product_stock WHERE product_id = ${productId} ORDER BY color, size FOR UPDATE`,
  );
  return rows.rows;
}

/**
 * Sets a product's stock grid to these cells: the stored cells are locked first (in key order, as
 * orders take them), cells no longer in the grid go, the others get these quantities. The
 * database's triggers then keep out_of_stock and the low-stock alerts (docs/decisions/055-stock.md).
 */
export async function writeStockLevels(db: DbOrTx, productId: string, cells: StockLevel[]): Promise<void> {
  const json = JSON.stringify(cells);
  await db.execute(sql`SELECT 1 FROM product_stock WHERE product_id = ${productId} ORDER BY color, size FOR UPDATE`);
  await db.execute(sql`
    DELETE FROM product_stock ps WHERE ps.product_id = ${productId}
       AND (ps.color, ps.size) NOT IN (SELECT x.color, x.size FROM jsonb_to_recordset(${json}::jsonb) AS x(color text, size text))`);
  if (cells.length === 0) return;
  await db.execute(sql`
    INSERT INTO product_stock (product_id, color, size, quantity)
    SELECT ${productId}, x.color, x.size, x.quantity
      FROM jsonb_to_recordset(${json}::jsonb) AS x(color text, size text, quantity integer)
     ORDER BY x.color, x.size
    ON CONFLICT (product_id, color, size) DO UPDATE SET quantity = excluded.quantity
     WHERE product_stock.quantity IS DISTINCT FROM excluded.quantity`);
}

/** Deletes a product; answers the file names it held, or undefined when there was none. */
export async function deleteProduct(db: DbOrTx, id: string) {
  const rows = await db
    .delete(products)
    .where(eq(products.id, id))
    .returning({ images: products.images, accessories: products.accessories });
  return rows[0];
}

/** Moves every product of a main category to another; answers how many moved. */
export async function moveMainCategory(db: DbOrTx, from: string, to: string): Promise<number> {
  const rows = await db
    .update(products)
    .set({ mainCategory: to, updatedAt: sql`now()` })
    .where(eq(products.mainCategory, from))
    .returning({ id: products.id });
  return rows.length;
}

export interface ProductFilter {
  q?: string | undefined;
  mainCategory?: string | undefined;
  subCategory?: string | undefined;
  subSubCategory?: string | undefined;
  status?: ProductTag | undefined;
}

/** A LIKE pattern containing q: its wildcards and the escape character taken literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A filter value, or the placeholder a prepared statement fills in. */
type Value<T> = T | Placeholder;

export function filterWhere(filter: ProductFilter, values: FilterValues = filterValues(filter)): SQL | undefined {
  return and(
    // Case-insensitive: the lower-cased name, served by the trigram GIN index (products_search_idx),
    // which holds the categories too.
    filter.q ? sql`${products.nameSearch} like lower(${values.pattern})` : undefined,
    filter.mainCategory !== undefined ? eq(products.mainCategory, values.mainCategory) : undefined,
    filter.subCategory !== undefined ? eq(products.subCategory, values.subCategory) : undefined,
    filter.subSubCategory !== undefined ? eq(products.subSubCategory, values.subSubCategory) : undefined,
    // The bare column, as the partial index's predicate is written (products_<tag>_idx).
    filter.status ? sql`${products[filter.status]}` : undefined,
  );
}

interface FilterValues {
  pattern: Value<string>;
  mainCategory: Value<string>;
  subCategory: Value<string>;
  subSubCategory: Value<string>;
}

function filterValues(filter: ProductFilter): FilterValues {
  return {
    pattern: likePattern(filter.q ?? ''),
    mainCategory: filter.mainCategory ?? '',
    subCategory: filter.subCategory ?? '',
    subSubCategory: filter.subSubCategory ?? '',
  };
}

export const ordering = (sort: ProductSort) =>
  sort === 'newest' ? [desc(products.createdAt), desc(products.id)] : [asc(products.createdAt), asc(products.id)];

export interface PageWindow {
  sort: ProductSort;
  limit: number;
  offset: number;
}

/**
 * The counter the database keeps for a filter, when it keeps one: every product, and the products
 * out of stock (stat_counters, kept exact by the products table's triggers in the writing
 * transaction, migration 0006, as the dashboard reads them), instead of counting rows: every product at
 * 100k took 10 to 25 ms.
 */
function keptCount(filter: ProductFilter): SQL | undefined {
  const only = (['q', 'mainCategory', 'subCategory', 'subSubCategory'] as const).every((k) => filter[k] === undefined);
  if (!only || !(filter.status === undefined || filter.status === 'outOfStock')) return undefined;
  const name = filter.status === 'outOfStock' ? 'products_out_of_stock' : 'products';
  return sql`(select coalesce(sum(value), 0)::integer from stat_counters where name = ${sql.raw(`'${name}'`)})`;
}

/** How many products match. */
export function countQuery(db: DbOrTx, filter: ProductFilter) {
  const kept = keptCount(filter);
  if (kept) return db.select({ n: sql<number>`${kept}`.mapWith(Number) }).from(sql`(select) as one`);
  return db.select({ n: count() }).from(products).where(filterWhere(filter));
}

/**
 * The number of matches, for a page without a search, counted only when the page does not tell it
 * (docs/decisions/010-product-list-paging.md, issue 23): the matches from the page's first row
 * are counted up to limit + 1 (an index-ordered read of offset + limit + 1 index entries); when
 * there are at most limit of them this is the last page, and the total is offset + that number,
 * exact in the statement's snapshot. Only a page with more after it counts every match, or reads
 * the database's counter when it keeps one (keptCount). PostgreSQL runs the full count's subquery
 * only when its CASE branch is taken.
 */
function pageTotal(
  db: DbOrTx,
  filter: ProductFilter,
  where: SQL | undefined,
  sort: ProductSort,
  values: { limit: Value<number>; offset: Value<number> },
): SQL<number> {
  const all = keptCount(filter) ?? db.select({ n: count() }).from(products).where(where);
  const fromPage = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .orderBy(...ordering(sort))
    .limit(sql`${values.limit}::integer + 1` as unknown as number)
    .offset(values.offset);
  return sql<number>`(select case when rest.n <= ${values.limit}::integer then ${values.offset}::integer + rest.n else (${all}) end from (select count(*) as n from (${fromPage}) as page_rows) as rest)`;
}

/**
 * One statement for a list page: the page's rows, each carrying the number of matches (a scalar
 * subquery PostgreSQL runs once). With a name search the matches are found once (a CTE used twice
 * is materialised) and both the count and the page's ids come from them: a trigram search
 * rechecks every candidate row, so doing it twice would cost twice (the orders list does the
 * same). Without one, the count and an index-ordered page are cheap on their own. Exposed as a
 * query builder so the bench can time the very same SQL on its own.
 */
export function listPageQuery(
  db: DbOrTx,
  filter: ProductFilter,
  page: PageWindow,
  values: FilterValues & { limit: Value<number>; offset: Value<number> } = {
    ...filterValues(filter),
    limit: page.limit,
    offset: page.offset,
  },
  /** The session a read-only request's proof names (db/session-proof.ts), as a placeholder. */
  sessionId?: Placeholder,
) {
  const where = filterWhere(filter, values);
  // Typed as always there; it is selected only when a session is given, and read only then.
  const live = (sessionId === undefined ? {} : { live: sessionLive(sessionId) }) as { live: SQL<boolean> };
  if (filter.q) {
    const matches = db
      .$with('matches')
      .as(db.select({ id: products.id, createdAt: products.createdAt }).from(products).where(where));
    const pageIds = db
      .select({ id: matches.id })
      .from(matches)
      .orderBy(
        ...(page.sort === 'newest'
          ? [desc(matches.createdAt), desc(matches.id)]
          : [asc(matches.createdAt), asc(matches.id)]),
      )
      .limit(values.limit)
      .offset(values.offset);
    return db
      .with(matches)
      .select({ ...productColumns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number), ...live })
      .from(products)
      .where(inArray(products.id, pageIds))
      .orderBy(...ordering(page.sort));
  }
  // The page's ids from the filter's index alone, then only those rows read whole: PostgreSQL
  // computes a row's selected columns (the stock subqueries) before OFFSET skips it, which made
  // the last of 100k products take 760 ms when the rows were selected whole.
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...ordering(page.sort))
    .limit(values.limit)
    .offset(values.offset);
  return db
    .select({ ...productColumns, total: pageTotal(db, filter, where, page.sort, values).mapWith(Number), ...live })
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...ordering(page.sort));
}

/**
 * The list page as a named prepared statement, one per shape of filter (which filters are set,
 * which tag, which order: a few hundred at most), built once per database handle: Drizzle does not
 * build the SQL again, each connection parses it once (decision 020), and its rows are mapped by a
 * mapper made once (db/named.ts namedSelect, issue 23).
 */
const preparedPages = new WeakMap<object, Map<string, ReturnType<typeof preparePage>>>();

type PageRow = ProductRow & { total: number; live: boolean };

function preparePage(db: Db, filter: ProductFilter, sort: ProductSort, name: string) {
  const values = {
    pattern: sql.placeholder('pattern'),
    mainCategory: sql.placeholder('mainCategory'),
    subCategory: sql.placeholder('subCategory'),
    subSubCategory: sql.placeholder('subSubCategory'),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  };
  const query = listPageQuery(db, filter, { sort, limit: 0, offset: 0 }, values, sql.placeholder('sessionId'));
  return namedSelect<PageRow>(db, query, name);
}

function preparedPage(db: Db, filter: ProductFilter, sort: ProductSort) {
  const shape = [
    filter.q ? 'q' : '',
    filter.mainCategory !== undefined ? 'm' : '',
    filter.subCategory !== undefined ? 's' : '',
    filter.subSubCategory !== undefined ? 'ss' : '',
    filter.status ?? '',
    sort,
  ].join('_');
  let byShape = preparedPages.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedPages.set(db, byShape);
  }
  let prepared = byShape.get(shape);
  if (!prepared) {
    prepared = preparePage(db, filter, sort, `product_page_${shape}`);
    byShape.set(shape, prepared);
  }
  return prepared;
}

/**
 * One page of matches and their number. A page past the end asks for the number on its own. The
 * page's statement carries a read-only request's session proof (`proof`, settled by its rows).
 */
export async function listProductPage(db: Db, filter: ProductFilter, page: PageWindow, proof?: SessionProof) {
  const found = await preparedPage(
    db,
    filter,
    page.sort,
  )({
    ...filterValues(filter),
    limit: page.limit,
    offset: page.offset,
    sessionId: sessionToProve(proof),
  });
  if (found.length > 0) proof?.settle(found[0]?.live);
  if (found.length === 0) return { rows: [], total: (await countQuery(db, filter))[0]?.n ?? 0 };
  // The rows as they came: each carries the total too, which toProduct does not read.
  return { rows: found as ProductRow[], total: found[0]?.total ?? 0 };
}

/** Every product, oldest first (the spec's list call without parameters), as a query builder. */
export function allProductsQuery(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .orderBy(...ordering('oldest'));
}

/** Rows of every product made whole by one mapper, as a page's are (issue 23). */
const everyProduct = mappedSelect<ProductRow>();

/** Every product, oldest first: allProductsQuery's rows. */
export function listAllProducts(db: Db): Promise<ProductRow[]> {
  return everyProduct(db, allProductsQuery(db));
}
