/*
 * Counting an export's records as its bytes arrive, for the screens' progress indicator (issue 13;
 * docs/decisions/037-csv-screens.md). The count works on raw UTF-8 bytes, chunk by chunk, cut
 * anywhere: a quote (0x22), a comma (0x2c) or a line feed (0x0a) is never part of a multi-byte
 * character, so no decoding is needed. RFC 4180: a line feed inside a quoted cell is text, and a
 * doubled quote inside one toggles the state twice, so it stays quoted whichever chunk holds each
 * half. The first record is the header and is not counted; a blank line is no record.
 *
 * The line ending is learned from the header's, as csv-parse does: when it is CRLF (our exports,
 * RFC 4180), only CRLF ends a record, and a bare line feed is text even outside quotes
 * (csv-stringify leaves a cell holding only a LF unquoted when the record delimiter is CRLF).
 *
 * Besides records, it counts runs of records sharing their first cell: an order-item export writes
 * one line per item, the order's id first, so the runs are the orders X-Total-Count announces.
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface CsvCount {
  /** Data records completed so far (the header not counted). */
  readonly records: number;
  /** Runs of consecutive data records with the same first cell. */
  readonly groups: number;
  readonly inQuotes: boolean;
  /** Still inside the current record's first cell. */
  readonly inFirstCell: boolean;
  /** The current record's first cell as written (quotes kept), one char per byte. */
  readonly firstCell: string;
  /** The current record has a byte other than its line ending. */
  readonly started: boolean;
  readonly headerDone: boolean;
  /** The last completed data record's first cell. */
  readonly lastKey: string | null;
  /** Records end with CRLF (true) or LF (false); null until the header's end shows which. */
  readonly crlf: boolean | null;
  /** The previous byte, outside quotes, was a CR. */
  readonly afterCR: boolean;
}

/** The state before the first byte. */
export function startCsvCount(): CsvCount {
  return {
    records: 0,
    groups: 0,
    inQuotes: false,
    inFirstCell: true,
    firstCell: '',
    started: false,
    headerDone: false,
    lastKey: null,
    crlf: null,
    afterCR: false,
  };
}

/** The state after one more chunk of the file; the given state is left as it was. */
export function countCsvChunk(state: CsvCount, chunk: Uint8Array): CsvCount {
  let { records, groups, inQuotes, inFirstCell, firstCell, started, headerDone, lastKey, crlf, afterCR } = state;
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i] as number;
    const wasCR = afterCR;
    afterCR = false;
    if (!inQuotes) {
      if (byte === LF) crlf ??= wasCR;
      if (byte === LF && (wasCR || !crlf)) {
        if (started) {
          if (!headerDone) headerDone = true;
          else {
            records++;
            if (firstCell !== lastKey) groups++;
            lastKey = firstCell;
          }
        }
        inFirstCell = true;
        firstCell = '';
        started = false;
        continue;
      }
      // The CR of a CRLF: part of the line ending, not of a cell.
      if (byte === CR) {
        afterCR = true;
        continue;
      }
      if (byte === COMMA) {
        inFirstCell = false;
        started = true;
        continue;
      }
    }
    if (byte === QUOTE) inQuotes = !inQuotes;
    started = true;
    if (inFirstCell) firstCell += String.fromCharCode(byte);
  }
  return { records, groups, inQuotes, inFirstCell, firstCell, started, headerDone, lastKey, crlf, afterCR };
}

/** The state at the end of the file: a last record without a line ending counts too. */
export function finishCsvCount(state: CsvCount): CsvCount {
  if (!state.started) return state;
  return countCsvChunk({ ...state, inQuotes: false, afterCR: true }, new Uint8Array([LF]));
}

/** Records of a whole file (or of all its chunks, in order). */
export function countCsvRecords(chunks: Iterable<Uint8Array>): CsvCount {
  let state = startCsvCount();
  for (const chunk of chunks) state = countCsvChunk(state, chunk);
  return finishCsvCount(state);
}

const figure = (value: number) => value.toLocaleString('en-US');

/** 'Exporting 12,345 of 200,000 orders'; without a total, 'Exporting 12,345 orders'. */
export function exportProgressLabel(done: number, total: number | null, noun: string): string {
  return total === null
    ? `Exporting ${figure(done)} ${noun}`
    : `Exporting ${figure(Math.min(done, total))} of ${figure(total)} ${noun}`;
}

/** The progress bar's value, 0 to 100; 0 without a total (the bar then shows it is busy). */
export function exportProgressPercent(done: number, total: number | null): number {
  if (total === null || total <= 0) return total === 0 ? 100 : 0;
  return Math.min(100, Math.floor((done / total) * 100));
}
