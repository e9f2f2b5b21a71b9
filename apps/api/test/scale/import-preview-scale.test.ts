import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  API_PATHS,
  EXPORT_PATHS,
  IMPORT_FILE_FIELD,
  IMPORT_PREVIEW_LIST_MAX,
  IMPORT_ROW_LIMIT,
  PRODUCT_CSV_COLUMNS,
  type ProductImportPreviewResponse,
} from '@backroom/contract';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBulkProducts } from '../../src/demo/catalogue';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { readCsv } from '../helpers/exports';
import { waitUntil } from '../helpers/wait';

/*
 * A preview of a file at the row limit (issue 21; docs/decisions/044-csv-import-limits.md): the
 * server goes on answering other calls while it reads and plans IMPORT_ROW_LIMIT rows, and its heap
 * stays far below what the file's rows would take if they were all held. Proved by states: a
 * health call made once the server has the whole file is answered before the preview is; the heap
 * is read (after a full collection) as those calls come back.
 */

const UPDATES = 5_000;
const MB = 1_048_576;

// A full collection on demand (V8's own gc(), exposed at run time): the heap measured is what is held.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let token: string;
let port: number;
/** The server's side of each connection, to see how much of a request it has read. */
const serverSockets: net.Socket[] = [];

beforeAll(async () => {
  // Rows of the export's every column take some 200 bytes each: more than the default upload limit.
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * MB) });
  token = await adminToken(t);
  await insertBulkProducts(t.database.db, UPDATES);
  t.app.server.on('connection', (socket: net.Socket) => serverSockets.push(socket));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** The file: the shop's products with a new price, then new products, IMPORT_ROW_LIMIT rows in all. */
async function catalogueFile(): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: EXPORT_PATHS.productExport, headers: { token } });
  const products = readCsv(res.body);
  expect(products).toHaveLength(UPDATES);
  const records: string[][] = [];
  for (const product of products)
    records.push(PRODUCT_CSV_COLUMNS.map((c) => (c === 'price' ? '1234.50' : (product[c] ?? ''))));
  for (let i = records.length; i < IMPORT_ROW_LIMIT; i += 1) {
    const model = products[i % products.length] as Record<string, string>;
    const fresh: Record<string, string> = { ...model, id: '', images: '', name: `Imported product ${i}` };
    records.push(PRODUCT_CSV_COLUMNS.map((c) => fresh[c] ?? ''));
  }
  return Buffer.from(
    stringify(records, { header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true, record_delimiter: 'windows' }),
  );
}

interface SentRequest {
  /** The server has read every byte of the request. */
  received(): boolean;
  /** The first byte of the answer has come back. */
  answered(): boolean;
  answer: Promise<{ status: number; body: string }>;
}

/** Sends the preview over a connection of its own, whose bytes the server's socket counts as it reads them. */
async function sendPreview(csv: Buffer): Promise<SentRequest> {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'catalogue.csv');
  const request = new Request(`http://127.0.0.1:${port}${EXPORT_PATHS.productImportPreview}`, {
    method: 'POST',
    body: form,
  });
  const body = Buffer.from(await request.arrayBuffer());
  const head = [
    `POST ${EXPORT_PATHS.productImportPreview} HTTP/1.1`,
    `host: 127.0.0.1:${port}`,
    `token: ${token}`,
    `content-type: ${request.headers.get('content-type')}`,
    `content-length: ${body.length}`,
    'connection: close',
    '',
    '',
  ].join('\r\n');
  const bytes = Buffer.concat([Buffer.from(head), body]);
  const client = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => client.once('connect', resolve).once('error', reject));
  const chunks: Buffer[] = [];
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.once('error', reject);
    client.once('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
  client.write(bytes);
  const server = await waitUntil(
    () => serverSockets.find((socket) => socket.remotePort === client.localPort),
    "the server's side of the connection",
  );
  return { received: () => server.bytesRead >= bytes.length, answered: () => chunks.length > 0, answer };
}

describe(`a preview of ${IMPORT_ROW_LIMIT.toLocaleString('en-US')} rows`, () => {
  it('leaves the server answering other calls while it runs, its heap far below the rows it reads', async () => {
    const csv = await catalogueFile();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const preview = await sendPreview(csv);
    await waitUntil(() => preview.received(), 'the server to have the whole file');

    // Health calls, one after the other, until the preview answers; the heap is read at the 1st,
    // 2nd, 4th, 8th… answer, so a slower machine makes a few more readings, not one per call.
    let answers = 0;
    let answeredBeforePreview = 0;
    let heapPeak = heapBefore;
    while (!preview.answered()) {
      const health = await fetch(`http://127.0.0.1:${port}${API_PATHS.health}`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
      answers += 1;
      if (!preview.answered()) answeredBeforePreview += 1;
      if ((answers & (answers - 1)) === 0) {
        gc();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
    }
    const { status, body } = await preview.answer;
    const seconds = (performance.now() - started) / 1000;
    expect(status, body).toBe(200);
    const result = JSON.parse(body) as ProductImportPreviewResponse;
    expect(result.counts).toEqual({
      rows: IMPORT_ROW_LIMIT,
      create: IMPORT_ROW_LIMIT - UPDATES,
      update: UPDATES,
      unchanged: 0,
      bad: 0,
    });
    expect(result.errors).toEqual([]);
    expect(result.update).toHaveLength(IMPORT_PREVIEW_LIST_MAX);
    expect(result.update[0]?.changes.map((change) => change.column)).toEqual(['price']);
    expect(result.create).toHaveLength(IMPORT_PREVIEW_LIST_MAX);
    expect(result.create[0]).toEqual({ line: UPDATES + 2, name: `Imported product ${UPDATES}` });

    // The server answered while the preview ran, the first call included (made once it had the file).
    expect(answeredBeforePreview).toBeGreaterThan(0);
    const growthMb = (heapPeak - heapBefore) / MB;
    const fileMb = csv.length / MB;
    console.info(
      `import-preview-scale: ${fileMb.toFixed(1)} MB, ${IMPORT_ROW_LIMIT} rows previewed in ${seconds.toFixed(1)} s;` +
        ` ${answeredBeforePreview} health calls answered meanwhile; heap +${growthMb.toFixed(1)} MB at most`,
    );
    // Held whole, the rows as read take several times the file's size; streamed, a fraction of it.
    expect(growthMb).toBeLessThan(fileMb);
  });
});
