import { isUtf8 } from 'node:buffer';
import { pipeline, Readable } from 'node:stream';
import { IMPORT_FILE_FIELD, IMPORT_MESSAGES, IMPORT_ROW_LIMIT } from '@backroom/contract';
import { CsvError, parse } from 'csv-parse';
import { HttpError } from '../../http-error';
import { giveWay } from './give-way';

/*
 * An import file's CSV records (docs/decisions/044-csv-import-limits.md): UTF-8 only (a leading
 * BOM is fine), at most IMPORT_ROW_LIMIT data rows, parsed a small chunk at a time with a turn of
 * the event loop whenever a slice is spent, so a large file never holds up the other requests.
 */

export interface CsvRecord {
  /** The record's cells, as written (csv-parse undoes the quoting). */
  record: string[];
  /** The file line the record ends on; the header is line 1. */
  line: number;
}

/**
 * Bytes handed to the parser at a time. csv-parse builds an error object (a stack, its options
 * copied) for each record whose cell count differs from the header's, some 20 to 40 µs each, and
 * parses a whole chunk at once: 1 KB holds at most 512 records, so a chunk never takes long.
 */
const CHUNK_BYTES = 1024;
/** Bytes the row count scans between two checks of the event loop's slice. */
const SCAN_BYTES = 64 * 1024;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

function* chunks(csv: Buffer): Generator<Buffer> {
  for (let start = 0; start < csv.length; start += CHUNK_BYTES) yield csv.subarray(start, start + CHUNK_BYTES);
}

const tooManyRows = () => new HttpError(413, IMPORT_MESSAGES.tooManyRows);

/** Refuses bytes that are not UTF-8 (a Windows-1252 file would otherwise be read with replacement characters). */
export function checkUtf8(csv: Buffer): void {
  if (!isUtf8(csv)) throw new HttpError(400, IMPORT_MESSAGES.notUtf8);
}

/**
 * Refuses a file of more than IMPORT_ROW_LIMIT data rows (413) from its bytes alone, before any
 * parsing: a quote toggles quoting, a line ending outside quotes ends a record, a blank line is
 * none, and the line ending is the header's (CRLF, else LF), as csv-parse learns it. It stops at
 * the first row past the limit: a file of a million rows is read no further than that. For a file
 * csv-parse can read it never counts more records than csv-parse does (a line ending it does not
 * know, a lone CR, counts none), so it refuses no file the parser would take; the parser's own
 * count (csvRecords) is the exact one.
 */
export async function checkRowCount(csv: Buffer): Promise<void> {
  let records = 0;
  let inQuotes = false;
  let started = false;
  let afterCR = false;
  let crlf: boolean | undefined;
  for (let start = 0; start < csv.length; start += SCAN_BYTES) {
    const end = Math.min(start + SCAN_BYTES, csv.length);
    for (let i = start; i < end; i += 1) {
      const byte = csv[i] as number;
      const wasCR = afterCR;
      afterCR = false;
      if (!inQuotes && byte === LF) {
        crlf ??= wasCR;
        if (wasCR || !crlf) {
          if (started) records += 1;
          // The header is the first record.
          if (records - 1 > IMPORT_ROW_LIMIT) throw tooManyRows();
          started = false;
          continue;
        }
      }
      if (!inQuotes && byte === CR) {
        // Part of a CRLF, or text when the next byte is not a LF.
        afterCR = true;
        continue;
      }
      if (wasCR) started = true;
      if (byte === QUOTE) inQuotes = !inQuotes;
      started = true;
    }
    await giveWay();
  }
  if (started && records > IMPORT_ROW_LIMIT) throw tooManyRows();
}

/**
 * The file's records in order, header first, each with the line it ends on; a file CSV cannot
 * read is refused as a whole, at the record where it breaks, and a file of more than
 * IMPORT_ROW_LIMIT data rows at the first row past it (413). Stopping early (a break, a throw)
 * stops the parser.
 */
export async function* csvRecords(csv: Buffer): AsyncGenerator<CsvRecord> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  const records = pipeline(Readable.from(chunks(csv)), parser, () => {
    // An error reaches the loop below through the parser; a stop before the end is ours.
  });
  let count = 0;
  try {
    for await (const { record, info } of records as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      count += 1;
      if (count - 1 > IMPORT_ROW_LIMIT) throw tooManyRows();
      yield { record, line: info.lines };
      await giveWay();
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, `${IMPORT_FILE_FIELD}: not a readable CSV file (${error.message})`);
    throw error;
  } finally {
    records.destroy();
  }
}
