import { EXPORT_TOTAL_HEADER } from '@backroom/contract';
import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { type CsvCount, countCsvChunk, finishCsvCount, startCsvCount } from './csv-progress';
import { attachmentFileName } from './download-name';

/** What the progress counts: every record, or runs of one first cell (an item export's orders). */
export type CsvCountBy = 'records' | 'groups';

export interface FetchCsvOptions {
  url: string;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  countBy: CsvCountBy;
  signal: AbortSignal;
  /** Once the server has answered: how many records the file will hold (null if it did not say). */
  onStart: (total: number | null) => void;
  /** After each chunk: records (or groups) complete so far. */
  onProgress: (done: number) => void;
}

export interface FetchedCsv {
  blob: Blob;
  fileName: string;
  count: number;
  total: number | null;
}

/** The connection broke after the file had begun: what arrived is not the whole file and is dropped. */
export class CsvCutError extends Error {
  constructor(options?: ErrorOptions) {
    super('The export stopped before the end of the file; nothing was saved. Please try again.', options);
    this.name = 'CsvCutError';
  }
}

function readTotal(response: Response): number | null {
  const value = response.headers.get(EXPORT_TOTAL_HEADER);
  const total = value === null ? Number.NaN : Number(value);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

/**
 * Downloads an export through the api client (the session's token, its refusal and session rules),
 * reading the body as it streams: each chunk is kept and counted, so the screen can say how far it
 * got; the kept chunks become one Blob at the end. Throws ApiError for a refusal (status 0: the
 * server could not be reached), CsvCutError when the body broke off, and the signal's AbortError
 * when cancelled.
 */
export async function fetchCsv(options: FetchCsvOptions): Promise<FetchedCsv> {
  const { url, fallbackName, countBy, signal, onStart, onProgress } = options;
  const response = await apiRequest(url, { accept: 'text/csv', signal });
  // apiRequest answers a Response only with a body to read.
  if (!response.body) throw new ApiError(response.status, undefined);

  const total = readTotal(response);
  onStart(total);
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let count: CsvCount = startCsvCount();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      count = countCsvChunk(count, value);
      onProgress(count[countBy]);
    }
  } catch (cause) {
    if (signal.aborted) throw cause;
    throw new CsvCutError({ cause });
  }
  count = finishCsvCount(count);
  onProgress(count[countBy]);
  return {
    blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }),
    fileName: attachmentFileName(response.headers.get('content-disposition'), fallbackName),
    count: count[countBy],
    total,
  };
}

/** Hands a Blob to the browser's download under this name, through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled; a later revoke frees the Blob.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
