import { IMPORT_MESSAGES, IMPORT_ROW_LIMIT } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { openImportFile, readImportFile } from './import-read';
import { checkRowCount, csvRecords } from './import-records';

/*
 * Reading an import file (docs/decisions/044-csv-import-limits.md): UTF-8 only, a BOM taken off,
 * the row limit counted before anything is checked, and a long file read a slice at a time.
 */

const HEADER = 'id,name,description,price\r\n';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** `count` short rows, each a new product. */
const shortRows = (count: number) => ',a,b,1\r\n'.repeat(count);

/** The refusal a call ends with: its status and message. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, message: (error as HttpError).message };
}

describe('the encoding', () => {
  it('refuses a file that is not UTF-8 (Windows-1252, UTF-16), saying it must be', async () => {
    const windows1252 = Buffer.from(`${HEADER},Café crème,Ünïcödé,1\r\n`, 'latin1');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER},a,b,1\r\n`, 'utf16le')]);
    for (const file of [windows1252, utf16]) {
      expect(await refusal(readImportFile(file))).toEqual({ status: 400, message: IMPORT_MESSAGES.notUtf8 });
    }
  });

  it('reads UTF-8 with or without a BOM alike, accents and all', async () => {
    const text = `${HEADER},Café crème,Ünïcödé 😀,1\r\n`;
    for (const file of [Buffer.from(text), Buffer.concat([BOM, Buffer.from(text)])]) {
      const read = await readImportFile(file);
      expect(read.columns).toEqual(['id', 'name', 'description', 'price']);
      expect(read.rows.map((row) => [row.values?.name, row.values?.description])).toEqual([
        ['Café crème', 'Ünïcödé 😀'],
      ]);
    }
  });

  it('reads a character cut by a chunk boundary whole', async () => {
    // 64 KB chunks: put a two-byte character across the first boundary.
    const filler = `,${'x'.repeat(65_535 - HEADER.length - 2)},`;
    const file = Buffer.from(`${HEADER}${filler}é,1\r\n`);
    expect(file.indexOf('é') + 1).toBe(65_536);
    const records: string[][] = [];
    for await (const { record } of csvRecords(file)) records.push(record);
    expect(records[1]?.[2]).toBe('é');
  });
});

describe('the row limit', () => {
  /** The records csv-parse reads (header first), each checked against the limit as it comes. */
  async function parsedRecords(file: Buffer): Promise<number> {
    let records = 0;
    for await (const _record of csvRecords(file)) records += 1;
    return records;
  }

  it('takes exactly IMPORT_ROW_LIMIT rows: blank lines and line breaks inside quotes are no rows', async () => {
    const files = [
      `${HEADER}\r\n${shortRows(IMPORT_ROW_LIMIT)}\r\n`,
      `${HEADER}${',"two\r\nlines",b,1\r\n'.repeat(IMPORT_ROW_LIMIT)}`,
      `id,name,description,price\n${',"a\nb",c,1\n'.repeat(IMPORT_ROW_LIMIT - 1)},last,row,1`,
    ];
    for (const text of files) {
      const file = Buffer.from(text);
      await expect(checkRowCount(file)).resolves.toBeUndefined();
      expect(await parsedRecords(file)).toBe(IMPORT_ROW_LIMIT + 1);
    }
  });

  it('refuses the row past it with 413, naming the limit, and reads no further', async () => {
    // The file: the header, then a million short rows; its end is not even CSV, which a
    // reader that went on would stop at instead.
    const file = Buffer.from(`${HEADER}${'x\r\n'.repeat(1_000_000)}"unclosed\r\n`);
    const refused = await refusal(openImportFile(file));
    expect(refused).toEqual({ status: 413, message: IMPORT_MESSAGES.tooManyRows });
    expect(refused.message).toContain(IMPORT_ROW_LIMIT.toLocaleString('en-US'));
    await expect(checkRowCount(Buffer.from(`${HEADER}${shortRows(IMPORT_ROW_LIMIT)},last,row,1`))).rejects.toThrow(
      IMPORT_MESSAGES.tooManyRows,
    );
    // Within the limit, the broken end is what is refused.
    const broken = await refusal(openImportFile(Buffer.from(`${HEADER}${shortRows(10)},"unclosed,b,1\r\n`)));
    expect(broken.status).toBe(400);
    expect(broken.message).toMatch(/^file: not a readable CSV file/);
  });

  it("refuses a file the byte count can not see past the limit at the parser's row past it", async () => {
    // Records ended by a lone CR: the count finds none, csv-parse finds them all.
    const file = Buffer.from(`id,name,description,price\r${',a,b,1\r'.repeat(IMPORT_ROW_LIMIT + 1)}`);
    await expect(checkRowCount(file)).resolves.toBeUndefined();
    expect(await refusal(parsedRecords(file))).toEqual({ status: 413, message: IMPORT_MESSAGES.tooManyRows });
  });
});

describe('a long file', () => {
  it('gives the event loop a turn while its rows are read', async () => {
    const { rows } = await openImportFile(Buffer.from(`${HEADER}${shortRows(20_000)}`));
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    let read = 0;
    let readWhenTurned: number | undefined;
    for await (const _row of rows) {
      read += 1;
      if (turned && readWhenTurned === undefined) readWhenTurned = read;
    }
    expect(read).toBe(20_000);
    expect(readWhenTurned).toBeLessThan(20_000);
  });

  it('reads rows refused before any check among the others, in line order', async () => {
    const id = '65a1b2c3d4e5f60718293a4b';
    const read = await readImportFile(
      Buffer.from(`${HEADER},a,b\r\n${id},a,b,1\r\n${id},a,b,1\r\nnope,a,b,1\r\n,c,d,2\r\n`),
    );
    expect(read.rowCount).toBe(5);
    expect(read.errors).toEqual([]);
    expect(read.rows.map((row) => [row.line, row.id, row.values === null, row.problems])).toEqual([
      [2, '', true, [{ line: 2, column: 'row', message: 'has 3 cells, the header 4' }]],
      [3, id, false, []],
      [4, '', true, [{ line: 4, column: 'id', message: 'is on line 3 too' }]],
      [5, '', true, [{ line: 5, column: 'id', message: 'is not a product id (leave it empty for a new product)' }]],
      [6, '', false, []],
    ]);
  });
});
