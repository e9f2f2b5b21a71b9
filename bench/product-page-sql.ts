import type { ProductListQuery } from '@backroom/contract';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { listPageQuery } from '../apps/api/src/modules/products/repository';

/** The bench's product page (issue 3's search): the same values wherever it is timed. */
export const PAGE_QUERY = { q: 'dragon', mainCategory: 'Figures', page: 2, pageSize: 10 } satisfies ProductListQuery;

/** pg's type parsers as Drizzle's prepared queries set them: dates and intervals left as text. */
const LEFT_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asDrizzleParses = ((oid: number, format?: 'text' | 'binary') =>
  LEFT_AS_TEXT.has(oid)
    ? (value: string) => value
    : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'];

/**
 * The page's statement as the API sends it: the same builder and values, a named prepared
 * statement (decision 020), rows as arrays parsed as Drizzle has pg parse them (issue 23). The
 * bench sends it from its own process and, for the separate-process baseline, the bench server
 * sends it from its (bench/server.ts's /sql).
 */
export function pageStatement(database: Database): pg.QueryConfig {
  const statement = listPageQuery(
    database.db,
    { q: PAGE_QUERY.q, mainCategory: PAGE_QUERY.mainCategory },
    { sort: 'newest', limit: PAGE_QUERY.pageSize, offset: (PAGE_QUERY.page - 1) * PAGE_QUERY.pageSize },
  ).toSQL();
  return {
    name: 'bench_product_page',
    text: statement.sql,
    values: statement.params,
    rowMode: 'array',
    types: { getTypeParser: asDrizzleParses },
  } as pg.QueryConfig;
}
