/**
 * The orders export at 1M orders (issue 13): GET /api/order/export of the whole list, one line per
 * order and one per item, read to the end over HTTP: time, records per second, megabytes, and the
 * server's peak resident memory above what it held before (sampled every 50 ms), next to the
 * export's own statement read through the same cursor with no CSV and no HTTP. Run by run.ts on
 * the orders bench's data, or on its own: node --import tsx bench/exports.ts (BENCH_EXPORT_ORDERS).
 */
import '../apps/api/src/process-signals';
import fs from 'node:fs/promises';
import { EXPORT_PATHS, EXPORT_TOTAL_HEADER, exportUrl } from '@backroom/contract';
import QueryStream from 'pg-query-stream';
import type { Database } from '../apps/api/src/db/client';
import { insertBulkOrders, insertBulkUsers } from '../apps/api/src/demo/bulk';
import { insertBulkProducts } from '../apps/api/src/demo/catalogue';
import { demoProductsForOrders } from '../apps/api/src/demo/orders';
import { orderRows } from '../apps/api/src/modules/csv/queries';
import { orderFilter } from '../apps/api/src/modules/orders/service';
import { isMainBench, startStandalone, unusablePasswordHash } from './standalone';

export interface ExportRun {
  label: string;
  records: number;
  megabytes: number;
  seconds: number;
  /** The server's resident memory: before the export, and the most it reached during it, in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ExportsBench {
  runs: ExportRun[];
  /** The export's statement read through a cursor with nothing else: the floor. */
  cursor: { rows: number; seconds: number };
}

/** The server's resident set size in bytes, right now. */
export type MemoryProbe = () => Promise<number>;

const MB = 1024 * 1024;

/** Another process's resident set size (Linux: VmRSS in /proc/<pid>/status), in bytes. */
export function processRss(pid: number): MemoryProbe {
  return async () => {
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
    return Number(kb) * 1024;
  };
}

/** Reads an export to its end, counting bytes, sampling the server's memory meanwhile. */
async function readExport(url: string, token: string, memory: MemoryProbe, label: string): Promise<ExportRun> {
  const rssBefore = await memory();
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await memory());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const res = await fetch(url, { headers: { token } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  return {
    label,
    records: Number(res.headers.get(EXPORT_TOTAL_HEADER)),
    megabytes: bytes / MB,
    seconds,
    rssBeforeMb: rssBefore / MB,
    rssPeakMb: rssPeak / MB,
  };
}

export async function benchExports(options: {
  base: string;
  token: string;
  database: Database;
  memory: MemoryProbe;
}): Promise<ExportsBench> {
  const { base, token, database, memory } = options;
  const runs: ExportRun[] = [];
  for (const lines of ['order', 'item'] as const) {
    const url = `${base}${exportUrl(EXPORT_PATHS.orderExport, { lines })}`;
    runs.push(await readExport(url, token, memory, `orders, one line per ${lines}`));
  }
  // The floor: the very statement of the per-order export, through the same kind of cursor.
  const client = await database.pool.connect();
  try {
    const statement = orderRows(orderFilter({}), true);
    const started = performance.now();
    let rows = 0;
    const stream = client.query(new QueryStream(statement.text, statement.values, { batchSize: 1000 }));
    for await (const _row of stream) rows += 1;
    return { runs, cursor: { rows, seconds: (performance.now() - started) / 1000 } };
  } finally {
    client.release();
  }
}

export function exportsReport(result: ExportsBench): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const lines = ['Orders export (GET /api/order/export, the whole list, read to the end over HTTP):'];
  for (const r of result.runs) {
    lines.push(
      `  ${r.label}: ${fmt(r.records)} orders, ${fmt(r.megabytes, 1)} MB in ${fmt(r.seconds, 1)} s` +
        ` (${fmt(r.records / r.seconds)} orders/s); server memory ${fmt(r.rssBeforeMb)} MB before,` +
        ` peak ${fmt(r.rssPeakMb)} MB (+${fmt(r.rssPeakMb - r.rssBeforeMb, 1)} MB)`,
    );
  }
  const { cursor } = result;
  lines.push(
    `  baseline, the same statement through a cursor (no CSV, no HTTP): ${fmt(cursor.rows)} rows in` +
      ` ${fmt(cursor.seconds, 1)} s (${fmt(cursor.rows / cursor.seconds)} rows/s)`,
  );
  return lines;
}

if (isMainBench('exports.ts')) {
  const ORDERS = Number(process.env.BENCH_EXPORT_ORDERS ?? 200_000);
  startStandalone(
    'exports',
    async ({ db }) => {
      await insertBulkProducts(db, 1000);
      await insertBulkUsers(db, Math.ceil(ORDERS / 10), { passwordHash: await unusablePasswordHash() });
      await insertBulkOrders(db, ORDERS, { products: await demoProductsForOrders(db, 1000) });
    },
    // The app runs in this process here: its resident memory is this process's.
    async ({ base, token, database }) =>
      exportsReport(await benchExports({ base, token, database, memory: async () => process.memoryUsage().rss })),
  );
}
