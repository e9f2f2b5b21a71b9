import { pipeline, type Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { HttpError } from '../../http-error';

/** A statement as the driver takes it. */
export interface Statement {
  text: string;
  values: unknown[];
}

export interface CsvExport<Row> {
  /** The header row. */
  columns: readonly string[];
  /** How many records the export holds (a one-value statement), read in the same snapshot. */
  count: Statement;
  /** The records, in the file's order. */
  rows: Statement;
  /** A record's CSV lines (an order's items give several, an order with none may give one). */
  lines(row: Row): string[][];
}

export interface OpenedExport {
  /** The count's answer: the number of records (not of lines). */
  total: number;
  /** The file: a BOM, the header, the lines; hand it to reply.send, which destroys it if the client goes. */
  stream: Readable;
}

/** Rows fetched from the cursor at a time: enough to keep the socket busy, few enough to stay small. */
const BATCH_SIZE = 1000;

/**
 * The most exports one instance streams at once. Each holds a pool connection for its whole
 * length, so without a bound a few large exports would leave the screens' calls waiting.
 */
export const MAX_RUNNING_EXPORTS = 3;
export const TOO_MANY_EXPORTS_MESSAGE = `export: ${MAX_RUNNING_EXPORTS} exports are running already, try again in a moment`;
const running = new WeakMap<pg.Pool, number>();

/**
 * Opens a CSV export on a connection of its own: one REPEATABLE READ READ ONLY transaction, so
 * the count and every row come from one snapshot; the rows come through a cursor (pg-query-stream)
 * and csv-stringify, so only a batch is ever in memory, and a slow reader slows the cursor
 * (backpressure) instead of filling the heap. The connection goes back to the pool when the file
 * ends, fails or the client goes away (the reply destroys the stream, the pipeline the cursor).
 */
export async function openCsvExport<Row>(pool: pg.Pool, spec: CsvExport<Row>): Promise<OpenedExport> {
  const now = running.get(pool) ?? 0;
  if (now >= MAX_RUNNING_EXPORTS) throw new HttpError(429, TOO_MANY_EXPORTS_MESSAGE);
  running.set(pool, now + 1);
  const done = () => running.set(pool, (running.get(pool) ?? 1) - 1);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    done();
    throw error;
  }
  let total: number;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const counted = await client.query<unknown[]>({
      text: spec.count.text,
      values: spec.count.values,
      rowMode: 'array',
    });
    total = Number(counted.rows[0]?.[0] ?? 0);
  } catch (error) {
    await endTransaction(client, error);
    done();
    throw error;
  }

  const rows = client.query(new QueryStream(spec.rows.text, spec.rows.values, { batchSize: BATCH_SIZE }));
  const toLines = new Transform({
    objectMode: true,
    transform(row: Row, _encoding, done) {
      try {
        for (const line of spec.lines(row)) this.push(line);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  // RFC 4180's CRLF between records; quotes where a cell holds a comma, a quote or a line break.
  // csv-stringify quotes a cell holding the record delimiter (CRLF) but not a lone LF or CR, which
  // spreadsheets read as the row's end: any line break is quoted.
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...spec.columns],
    record_delimiter: 'windows',
    quoted_match: /[\r\n]/,
  });
  pipeline(rows, toLines, csv, (error) => {
    void endTransaction(client, error ?? undefined).finally(done);
  });
  return { total, stream: csv };
}

/**
 * Ends the export's transaction and gives the connection back. The cursor is closed by then (the
 * pipeline destroyed it); should the rollback itself fail, the connection is dropped instead.
 */
async function endTransaction(client: pg.PoolClient, error: unknown): Promise<void> {
  try {
    await client.query(error ? 'ROLLBACK' : 'COMMIT');
    client.release();
  } catch (failure) {
    client.release(failure as Error);
  }
}
