import {
  EXPORT_PATHS,
  IMPORT_FILE_FIELD,
  IMPORT_MESSAGES,
  IMPORT_ROW_LIMIT,
  INVALID_TEXT_MESSAGE,
  PRODUCT_CSV_COLUMNS,
  type Product,
  type ProductImportPreviewResponse,
} from '@backroom/contract';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { addProduct, adminToken } from '../helpers/catalogue';
import { readCsv } from '../helpers/exports';
import { png } from '../helpers/images';

/*
 * POST /api/product/import/preview (issue 13): what an import of a CSV with the export's columns
 * would do (rows to create, rows to update matched by id with their changes, bad rows with line,
 * column and message), and that nothing is written.
 */

let t: TestApp;
let token: string;
let poster: Product;
let mug: Product;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  poster = await addProduct(
    t,
    token,
    { name: 'Poster', description: 'A print', price: '12.5', mainCategory: 'Prints', clothingSizes: ['S', 'M'] },
    { image1: await png(), image2: await png(40, 40, '#2f9e44') },
  );
  mug = await addProduct(t, token, { name: '=Mug', description: '-Ceramic', price: '8', bestseller: 'true' });
  await addProduct(t, token, { name: 'Comma, "quoted"', description: 'Two\nlines', price: '1.99' });
});
afterAll(() => t.close());

function preview(csv: string | Buffer, field = IMPORT_FILE_FIELD) {
  const form = new FormData();
  form.append(field, new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'p.csv');
  return t.app.inject({ method: 'POST', url: EXPORT_PATHS.productImportPreview, headers: { token }, payload: form });
}

const exportText = async () =>
  (await t.app.inject({ method: 'GET', url: EXPORT_PATHS.productExport, headers: { token } })).body;

/** A CSV of these records under these columns, written as the export writes it. */
const csvOf = (columns: readonly string[], records: Record<string, string>[]) =>
  stringify(
    records.map((r) => columns.map((c) => r[c] ?? '')),
    { header: true, columns: [...columns], bom: true, record_delimiter: 'windows' },
  );

describe('POST /api/product/import/preview', () => {
  it('reads the export back as nothing to do', async () => {
    const res = await preview(await exportText());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProductImportPreviewResponse;
    expect(body.errors).toEqual([]);
    expect(body.counts).toEqual({ rows: 3, create: 0, update: 0, unchanged: 3, bad: 0 });
  });

  it('lists the rows to create, the rows to update with their changes, and each bad row; writes nothing', async () => {
    const before = await exportText();
    const rows = readCsv(before);
    const posterRow = rows.find((r) => r.id === poster._id) as Record<string, string>;
    const mugRow = rows.find((r) => r.id === mug._id) as Record<string, string>;
    const otherRow = rows.find((r) => r.id !== mug._id && r.id !== poster._id) as Record<string, string>;
    const records = [
      // line 2: an update of price, a size and one image dropped
      { ...posterRow, price: '14', clothingSizes: 'S|M|L', images: poster.image[1] as string },
      // line 3: unchanged (its neutralised name read back as '=Mug')
      mugRow,
      // line 4: a new product
      { id: '', name: 'New Tote', description: 'Canvas bag', price: '20.00', mainCategory: 'Bags', vaulted: 'true' },
      // line 5: bad price and a bad flag
      { id: '', name: 'Broken', description: 'x', price: 'abc', bestseller: 'maybe' },
      // line 6: an id no product has
      { ...mugRow, id: '65a1b2c3d4e5f60718293a4b' },
      // line 7: the poster again
      { ...posterRow },
      // line 8: images on a new product, and a name missing
      { id: '', name: '', description: 'y', price: '1', images: 'https://cdn.example/a.png' },
      // line 9: an image of another product
      { ...otherRow, description: 'One line', images: poster.image[0] as string },
      // line 10: not an id at all
      { ...mugRow, id: 'nope' },
    ];
    const res = await preview(csvOf(PRODUCT_CSV_COLUMNS, records));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProductImportPreviewResponse;
    expect(body.create).toEqual([{ line: 4, name: 'New Tote' }]);
    expect(body.update).toEqual([
      {
        line: 2,
        id: poster._id,
        name: 'Poster',
        changes: [
          { column: 'price', from: '12.50', to: '14.00' },
          { column: 'clothingSizes', from: 'S|M', to: 'S|M|L' },
          { column: 'images', from: poster.image.join('|'), to: poster.image[1] },
        ],
      },
    ]);
    expect(body.errors).toEqual([
      { line: 5, column: 'price', message: 'must be a number' },
      { line: 5, column: 'bestseller', message: 'must be true or false' },
      { line: 6, column: 'id', message: 'no product has this id' },
      { line: 7, column: 'id', message: 'is on line 2 too' },
      { line: 8, column: 'name', message: 'is required' },
      { line: 8, column: 'images', message: 'must be empty for a new product (images are not imported)' },
      { line: 9, column: 'images', message: `is not an image of this product: ${poster.image[0]}` },
      { line: 10, column: 'id', message: 'is not a product id (leave it empty for a new product)' },
    ]);
    expect(body.counts).toEqual({ rows: 9, create: 1, update: 1, unchanged: 1, bad: 6 });
    // Nothing was written.
    expect(await exportText()).toBe(before);
  });

  it('takes a file with some of the columns: only those are compared', async () => {
    const csv = csvOf(
      ['id', 'name', 'description', 'price'],
      [{ id: mug._id, name: '=Mug', description: '-Ceramic', price: '9.00' }],
    );
    const body = (await preview(csv)).json() as ProductImportPreviewResponse;
    expect(body.update).toEqual([
      { line: 2, id: mug._id, name: '=Mug', changes: [{ column: 'price', from: '8.00', to: '9.00' }] },
    ]);
    expect(body.errors).toEqual([]);
  });

  it('refuses a file it cannot read as the export columns, naming the problem', async () => {
    const cases: [string, number, RegExp][] = [
      ['id,name,description,price,colour\r\n,a,b,1,red\r\n', 400, /^file: unknown column "colour"/],
      ['id,name,description\r\n,a,b\r\n', 400, /^file: the column "price" is missing/],
      ['id,name,name,description,price\r\n', 400, /^file: the column "name" appears twice/],
      ['', 400, /^file: is empty/],
      ['id,name,description,price\r\n,"unclosed,b,1\r\n', 400, /^file: not a readable CSV file/],
    ];
    for (const [csv, status, message] of cases) {
      const res = await preview(csv);
      expect(res.statusCode, csv).toBe(status);
      expect(res.json()).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    const wrongField = await preview('id,name,description,price\r\n', 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/^upload: is not a field of this form/);
    const none = await t.app.inject({
      method: 'POST',
      url: EXPORT_PATHS.productImportPreview,
      headers: { token },
      payload: new FormData(),
    });
    expect(none.statusCode).toBe(400);
  });

  it('flags a row with a different number of cells, by line', async () => {
    const res = await preview('id,name,description,price\r\n,a,b,1\r\n,a,b\r\n');
    const body = res.json() as ProductImportPreviewResponse;
    expect(body.errors).toEqual([{ line: 3, column: 'row', message: 'has 3 cells, the header 4' }]);
    expect(body.create).toEqual([{ line: 2, name: 'a' }]);
  });

  it('refuses text PostgreSQL cannot keep, by line and column', async () => {
    const res = await preview(
      'id,name,description,price,clothingSizes\r\n,a\u0000b,ok,1,S|M\u0000\r\n,fine,ok,2,S\r\n',
    );
    const body = res.json() as ProductImportPreviewResponse;
    expect(body.errors).toEqual([
      { line: 2, column: 'name', message: INVALID_TEXT_MESSAGE },
      { line: 2, column: 'clothingSizes', message: INVALID_TEXT_MESSAGE },
    ]);
    expect(body.create).toEqual([{ line: 3, name: 'fine' }]);
    expect(body.counts).toEqual({ rows: 2, create: 1, update: 0, unchanged: 0, bad: 1 });
  });

  it('refuses a file that is not UTF-8, saying so; UTF-8 with or without a BOM reads alike', async () => {
    const text = 'id,name,description,price\r\n,Café crème,Ünïcödé,1\r\n';
    // Windows-1252 (as a spreadsheet saves 'CSV'): é is the single byte 0xE9, not UTF-8.
    const refused = await preview(Buffer.from(text, 'latin1'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: IMPORT_MESSAGES.notUtf8 });
    for (const file of [Buffer.from(text), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])]) {
      const res = await preview(file);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ProductImportPreviewResponse;
      expect(body.create).toEqual([{ line: 2, name: 'Café crème' }]);
      expect(body.errors).toEqual([]);
    }
  });

  it('refuses a file of more than IMPORT_ROW_LIMIT rows with 413 naming the limit, reading no further', async () => {
    // The file: the export's header, then a million short rows. Its end is not even CSV:
    // a preview that read on would stop there instead.
    const csv = `${PRODUCT_CSV_COLUMNS.join(',')}\r\n${'x\r\n'.repeat(1_000_000)}"unclosed\r\n`;
    const res = await preview(csv);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: IMPORT_MESSAGES.tooManyRows });
    expect(IMPORT_MESSAGES.tooManyRows).toContain(IMPORT_ROW_LIMIT.toLocaleString('en-US'));
  });

  it('takes its size limit from IMPORT_MAX_BYTES, above the image limit, with a 413 naming the field', async () => {
    // An image may be at most 48 KB here, a CSV 195 KB: 100,000 rows of every column outgrow an image.
    const small = await createTestApp({ UPLOAD_MAX_BYTES: '50000', IMPORT_MAX_BYTES: '200000' });
    try {
      const smallToken = await adminToken(small);
      const call = (csv: string) => {
        const form = new FormData();
        form.append(IMPORT_FILE_FIELD, new Blob([csv], { type: 'text/csv' }), 'p.csv');
        return small.app.inject({
          method: 'POST',
          url: EXPORT_PATHS.productImportPreview,
          headers: { token: smallToken },
          payload: form,
        });
      };
      const rows = (n: number) =>
        csvOf(
          ['id', 'name', 'description', 'price', 'mainCategory'],
          Array.from({ length: n }, (_, i) => ({
            id: '',
            name: `Figure ${i}`,
            description: 'A collectible figure, boxed',
            price: '12.50',
            mainCategory: 'Figures',
          })),
        );
      const fits = rows(2_000);
      expect(fits.length).toBeGreaterThan(100_000);
      expect(fits.length).toBeLessThan(200_000);
      const ok = await call(fits);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((ok.json() as ProductImportPreviewResponse).counts.create).toBe(2_000);

      const over = rows(4_000);
      expect(over.length).toBeGreaterThan(200_000);
      const refused = await call(over);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ success: false, message: `${IMPORT_FILE_FIELD}: must be at most 195 KB` });
    } finally {
      await small.close();
    }
  });
});
