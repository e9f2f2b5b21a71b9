import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/** Each statement text seen and its name; bounded, so a builder with endless shapes cannot grow it. */
const names = new Map<string, string>();
const MAX_NAMES = 200;

/**
 * Runs a statement built with Drizzle's sql as a named prepared statement, named by its text
 * (docs/decisions/057-mixed-load.md): a statement whose shape comes from a few choices (which
 * columns a status change sets) has one text per shape, with its values as parameters, so each
 * pool connection parses and plans each shape once instead of at every call. Past MAX_NAMES
 * shapes a new text runs unnamed, as db.execute would. Rows come as node-postgres gives them
 * (timestamps as Date, int8 as text), as with db.execute.
 */
export function executeNamed<T extends pg.QueryResultRow>(db: Db, query: SQL, prefix: string) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `${prefix}_${names.size}`;
    names.set(text, name);
  }
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return pool.query<T>(name === undefined ? { text, values: params } : { name, text, values: params });
}
