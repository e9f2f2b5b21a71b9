/**
 * The products import preview at its limits (issue 21; docs/decisions/044-csv-import-limits.md):
 * POST /api/product/import/preview of the file (the export's header, then 1,000,000 short
 * rows: refused at the row limit) and of IMPORT_ROW_LIMIT new products, each answered over HTTP:
 * the answer's time, the longest the server's event loop was held meanwhile, and the server's
 * peak resident memory above what it held before. Run by run.ts, or on its own:
 * node --import tsx bench/imports.ts (the app in this process; BENCH_IMPORT_ROWS for the second file).
 */
import '../apps/api/src/process-signals';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EXPORT_PATHS, IMPORT_FILE_FIELD, IMPORT_ROW_LIMIT, PRODUCT_CSV_COLUMNS } from '@backroom/contract';
import type { MemoryProbe } from './exports';
import { isMainBench, startStandalone } from './standalone';

export interface ImportRun {
  label: string;
  rows: number;
  megabytes: number;
  status: number;
  seconds: number;
  /** The longest the server's event loop waited for a turn during the call, in ms. */
  maxBlockMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/** Runs `during`, answering the server's longest event-loop delay meanwhile, in ms. */
export type LongestBlock = <T>(during: () => Promise<T>) => Promise<{ result: T; maxMs: number }>;

const MB = 1024 * 1024;

/** The file: the export's header, then a million short rows (2 MB). */
const millionShortRows = () => Buffer.from(`${PRODUCT_CSV_COLUMNS.join(',')}\n${'x\n'.repeat(1_000_000)}`);

/** `rows` new products with the columns every form requires and a category: some 65 bytes a row. */
function newProducts(rows: number): Buffer {
  const lines = ['id,name,description,price,mainCategory'];
  for (let i = 1; i <= rows; i += 1) lines.push(`,Imported product ${i},Description of product ${i}.,19.99,Prints`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function preview(
  base: string,
  token: string,
  csv: Buffer,
  label: string,
  rows: number,
  longest: LongestBlock,
  memory: MemoryProbe,
): Promise<ImportRun> {
  const rssBefore = await memory();
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await memory());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // The multipart body made beforehand, so that only the call is measured.
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'products.csv');
  const url = `${base}${EXPORT_PATHS.productImportPreview}`;
  const encoded = new Request(url, { method: 'POST', body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const type = encoded.headers.get('content-type') as string;
  const started = performance.now();
  const { result: status, maxMs } = await longest(async () => {
    const res = await fetch(url, { method: 'POST', headers: { token, 'content-type': type }, body });
    await res.arrayBuffer();
    return res.status;
  });
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  return {
    label,
    rows,
    megabytes: csv.length / MB,
    status,
    seconds,
    maxBlockMs: maxMs,
    rssBeforeMb: rssBefore / MB,
    rssPeakMb: rssPeak / MB,
  };
}

export async function benchImports(options: {
  base: string;
  token: string;
  longest: LongestBlock;
  memory: MemoryProbe;
  rows?: number;
}): Promise<ImportRun[]> {
  const { base, token, longest, memory, rows = IMPORT_ROW_LIMIT } = options;
  return [
    await preview(
      base,
      token,
      millionShortRows(),
      'the export header, then 1,000,000 short rows',
      1_000_000,
      longest,
      memory,
    ),
    await preview(base, token, newProducts(rows), 'new products', rows, longest, memory),
  ];
}

export function importsReport(runs: ImportRun[]): string[] {
  const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
  const lines = ['Products import preview (POST /api/product/import/preview, over HTTP):'];
  for (const r of runs) {
    lines.push(
      `  ${r.label}: ${fmt(r.rows)} rows, ${fmt(r.megabytes, 1)} MB, answered ${r.status} in ${fmt(r.seconds, 2)} s;` +
        ` longest event-loop block ${fmt(r.maxBlockMs, 1)} ms; server memory ${fmt(r.rssBeforeMb)} MB before,` +
        ` peak ${fmt(r.rssPeakMb)} MB (+${fmt(r.rssPeakMb - r.rssBeforeMb, 1)} MB)`,
    );
  }
  return lines;
}

/** The longest event-loop delay of this process (the app runs in it when the bench runs alone). */
export const inProcessLongest: LongestBlock = async (during) => {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    const result = await during();
    return { result, maxMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
};

if (isMainBench('imports.ts')) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? IMPORT_ROW_LIMIT);
  startStandalone(
    'imports',
    async () => {},
    async ({ base, token }) =>
      importsReport(
        await benchImports({
          base,
          token,
          rows,
          longest: inProcessLongest,
          memory: async () => process.memoryUsage().rss,
        }),
      ),
  );
}
