import { Column, fillPlaceholders, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/** pg's type parsers as Drizzle's prepared queries set them: dates, times and intervals left as text. */
const LEFT_AS_TEXT = new Set([1082, 1083, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231, 1266]);
export const drizzleTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    LEFT_AS_TEXT.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

type Decoder = (value: unknown) => unknown;

/** What Drizzle decodes a value with when nothing says otherwise: the value itself. */
const identity = Column.prototype.mapFromDriverValue;
/** The decoder every sql`...` has until mapWith gives it one (Drizzle's noopDecoder, one shared object). */
const NO_DECODER = (sql`` as unknown as { decoder: unknown }).decoder;

/**
 * How Drizzle decodes a selected field's value (its column's, or its sql`...`.mapWith's); undefined
 * when it leaves the value as pg parsed it (a text, varchar or boolean column, an expression
 * without mapWith): most of a product's columns, called for every cell of every row otherwise.
 */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) {
    return field.mapFromDriverValue === identity ? undefined : (value) => field.mapFromDriverValue(value);
  }
  // An expression's decoder (mapWith's) is internal to Drizzle's types, not to its objects.
  const sqlDecoder = (expression: SQL) =>
    (expression as unknown as { decoder: { mapFromDriverValue: Decoder } }).decoder;
  const expression = is(field, SQL) ? field : is(field, SQL.Aliased) ? field.sql : undefined;
  if (!expression) throw new Error('namedSelect: only columns and sql expressions can be selected');
  const decoder = sqlDecoder(expression);
  return decoder === NO_DECODER ? undefined : decoder.mapFromDriverValue.bind(decoder);
}

/**
 * A selected field as the row mapper sees it: a cell with its decoder (none: the value as pg parsed
 * it), or an object of fields (a joined table's columns, as Drizzle nests them).
 */
export type RowField =
  | { key: string; decoder: Decoder | undefined }
  | { key: string; fields: readonly RowField[]; nullable?: boolean };

/**
 * A function making one object of a row's cells, the fields in the selection's order taking the
 * cells in turn: a value with a decoder decoded unless null; a nested object made of its fields,
 * or null when it is `nullable` (a left join's) and its first cell is null, as Drizzle makes it.
 * Written as one object literal (generated once per statement, from the selection's own keys, each
 * quoted by JSON.stringify) so V8 allocates each row's object at its full shape at once. Built key
 * by key (`out[key] = value`), a row of about 20 fields or more became a dictionary, V8's limit for
 * fields added by computed key: slow to build, and every later read of a field a hash lookup
 * (decision 054's tenth-stop amendment).
 */
export function rowMapper(fields: readonly RowField[]) {
  const decoders: Decoder[] = [];
  let cell = 0;
  const literal = (list: readonly RowField[]): string =>
    `{ ${list
      .map((field) => {
        // In a literal, a key "__proto__" would set the object's prototype, not a field.
        if (field.key === '__proto__') throw new Error('namedSelect: a field cannot be named __proto__');
        const name = JSON.stringify(field.key);
        if ('fields' in field) {
          const first = cell;
          const object = literal(field.fields);
          return `${name}: ${field.nullable ? `row[${first}] === null ? null : ${object}` : object}`;
        }
        const at = cell++;
        if (field.decoder === undefined) return `${name}: row[${at}]`;
        decoders.push(field.decoder);
        return `${name}: row[${at}] === null ? null : decoders[${decoders.length - 1}](row[${at}])`;
      })
      .join(', ')} }`;
  const body = literal(fields);
  const map = new Function('decoders', `return (row) => (${body});`)(decoders) as (
    row: unknown[],
  ) => Record<string, unknown>;
  return Object.assign(map, { cells: cell });
}

/** The selection's fields for rowMapper, nested objects included; `nullable` names the left joins' objects. */
function rowFields(selection: Record<string, unknown>, nullable: readonly string[]): RowField[] {
  return Object.entries(selection).map(([key, field]) => {
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) return { key, decoder: decoderOf(field) };
    if (!field || Object.getPrototypeOf(field) !== Object.prototype)
      throw new Error('namedSelect: only columns, sql expressions and objects of them can be selected');
    return { key, fields: rowFields(field as Record<string, unknown>, []), nullable: nullable.includes(key) };
  });
}

/** A Drizzle select as namedSelect and mappedSelect take it: its SQL and its selected fields. */
type Select = SQLWrapper & { _: { selectedFields: Record<string, unknown> } };

/** Runs a statement with rows as arrays, parsed as Drizzle has pg parse them, each made by `mapRow`. */
async function mappedRows<T>(
  pool: pg.Pool,
  statement: { name?: string; text: string; values: unknown[] },
  mapRow: ReturnType<typeof rowMapper>,
): Promise<T[]> {
  const result = await pool.query<unknown[]>({ ...statement, rowMode: 'array', types: drizzleTypes });
  if (result.fields.length !== mapRow.cells) {
    throw new Error(`${statement.name ?? 'select'}: ${result.fields.length} columns for ${mapRow.cells} fields`);
  }
  return result.rows.map(mapRow) as T[];
}

const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * A select as a named prepared statement whose rows are mapped by a mapper made once (issue 23):
 * the values Drizzle's own prepared query would give (the same type parsers, the same decoders),
 * without its per-cell checks of what each field is, which cost about 0.6 ms on a page of 100
 * products. Its fields are the statement's columns in order, nested objects' depth first as
 * Drizzle orders them; `nullable` names the nested objects a left join fills (null when their
 * first column is).
 */
export function namedSelect<T>(db: Db, query: Select, name: string, options: { nullable?: readonly string[] } = {}) {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const mapRow = rowMapper(rowFields(query._.selectedFields, options.nullable ?? []));
  const pool = poolOf(db);
  return (values: Record<string, unknown>): Promise<T[]> =>
    mappedRows<T>(pool, { name, text, values: fillPlaceholders(params, values) }, mapRow);
}

/**
 * Selects of one selection built anew at each call (their SQL depends on the values: a search's
 * pattern and a date range are planned for what they are, so the statement stays unnamed, as
 * Drizzle sends it), their rows made by one mapper, made from the first select it is given: the
 * values Drizzle's own mapping gives, each row at its full shape (rowMapper). Every select it is
 * given must select the same fields, in the same order.
 */
export function mappedSelect<T>(options: { nullable?: readonly string[] } = {}) {
  let mapRow: ReturnType<typeof rowMapper> | undefined;
  return (db: Db, query: Select): Promise<T[]> => {
    mapRow ??= rowMapper(rowFields(query._.selectedFields, options.nullable ?? []));
    const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
    return mappedRows<T>(poolOf(db), { text, values: params }, mapRow);
  };
}
