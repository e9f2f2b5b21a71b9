import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { EXPORT_PATHS, EXPORT_TOTAL_HEADER } from '@backroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { adminToken } from '../helpers/catalogue';
import { insertManyOrders } from '../helpers/exports';
import { withoutTrigramIndexes } from '../helpers/orders';
import { PATIENCE_MS } from '../helpers/wait';

/*
 * The orders export streams: 100k orders (a file of some 18 MB) go out through a real socket while
 * the process's heap grows by a small fraction of that (1.3 MB live at 200k orders: the growth does
 * not follow the file's size, so the file need only be large enough to dwarf it). Read through a real HTTP listen, as
 * app.inject would gather the whole answer in memory.
 */

const ORDERS = 100_000;

// A full collection on demand (V8's own gc(), exposed at run time), so that what is measured is
// the memory the export holds, not garbage the collector has not come for yet.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  const started = performance.now();
  const { db } = t.database;
  await withoutTrigramIndexes(db, () => insertManyOrders(db, ORDERS, 'memory'));
  console.log(`exports-memory: ${ORDERS} orders written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('exporting 100k orders', () => {
  it('streams them with the heap well below the size of the file', async () => {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    let rawPeak = heapBefore;
    // The heap is read, before and after a full collection, at each megabyte received: by the
    // export's progress, not by the clock, so a busy machine makes the test slower, not heavier
    // (one collection every 100 ms made it eight times slower under load, not three).
    const sample = () => {
      rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const SAMPLE_BYTES = 1_048_576;
    let nextSample = SAMPLE_BYTES;
    const started = performance.now();
    let bytes = 0;
    let lines = 0;
    try {
      const res = await fetch(`${base}${EXPORT_PATHS.orderExport}`, { headers: { token } });
      expect(res.status).toBe(200);
      expect(res.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(ORDERS));
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        if (bytes >= nextSample) {
          sample();
          nextSample = bytes + SAMPLE_BYTES;
        }
        // Each record ends with CRLF; the generated orders hold no line break inside a cell.
        for (let i = 0; i < value.length; i += 1) if (value[i] === 0x0a) lines += 1;
      }
    } finally {
      sample();
    }
    const seconds = (performance.now() - started) / 1000;
    const growthMb = (peak - heapBefore) / 1_048_576;
    const fileMb = bytes / 1_048_576;
    console.log(
      `exports-memory: ${ORDERS} orders, ${fileMb.toFixed(1)} MB in ${seconds.toFixed(2)} s ` +
        `(${Math.round(ORDERS / seconds)} rows/s), heap growth at peak ${growthMb.toFixed(1)} MB live ` +
        `(${((rawPeak - heapBefore) / 1_048_576).toFixed(1)} MB before collection)`,
    );
    // The header and one line per order.
    expect(lines).toBe(ORDERS + 1);
    expect(fileMb).toBeGreaterThan(15);
    // Well below the file: a third of it at most (it was 1.3 MB at 200k orders).
    expect(growthMb).toBeLessThan(fileMb / 3);
    // The connection went back to the pool once the file ended.
    const pool = t.database.pool;
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: PATIENCE_MS }).toBeLessThanOrEqual(1);
  });
});
