import {
  type BulkJob,
  type BulkJobState,
  type BulkResult,
  IMPORT_JOB_KIND,
  type OrderBulkAction,
  type OrderBulkSelection,
  type ProductBulkAction,
  type ProductBulkSelection,
} from '@backroom/contract';

/** What a bulk job carries: the selection as sent (a filter, never the rows it matched) and the action. */
export type BulkRequestData =
  | { target: 'orders'; selection: OrderBulkSelection; action: OrderBulkAction; adminId: string }
  | { target: 'products'; selection: ProductBulkSelection; action: ProductBulkAction; adminId: string };

/**
 * A product import run as a job (docs/decisions/036-product-import.md): what bulk reads of it, and
 * how many products it creates or updates. The rest of its data (the file as read and checked, the
 * preview's fingerprint) is the import's own (ImportJobData in modules/csv/import-service.ts),
 * which bulk hands back to the import's runner (queued-import.ts) without reading.
 */
export interface ImportJobHead {
  target: 'products';
  action: { kind: typeof IMPORT_JOB_KIND };
  adminId: string;
  total: number;
}

/** A job's data: the request and how many rows the selection held when it was queued, or an import. */
export type BulkJobData = (BulkRequestData & { total: number }) | ImportJobHead;

export const isImportJob = (data: BulkJobData): data is ImportJobHead => data.action.kind === IMPORT_JOB_KIND;

/** A job as pg-boss keeps it (queue.ts). */
export interface StoredBulkJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: BulkJobData;
  output: unknown;
}

/** A job's pg-boss output: its progress while it runs, its figures once it ended. */
export interface BulkJobOutput {
  state: 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  result: BulkResult;
  message: string | null;
}

/** Tells a running job's progress, or its end: written as its output and sent to the admins. */
export type TellProgress = (output: BulkJobOutput) => Promise<void>;

const noResult: BulkResult = { updated: 0, skipped: 0, reasons: [] };

function isOutput(value: unknown): value is BulkJobOutput {
  return typeof value === 'object' && value !== null && 'state' in value && 'result' in value;
}

/** pg-boss's failure output: { message } or { value: { message } }. An import rolls back whole; bulk batches stay. */
function failureMessage(output: unknown, data: BulkJobData): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = o?.message ?? o?.value?.message;
  const why = `stopped: ${typeof message === 'string' ? message : 'the job ended'}`;
  return isImportJob(data) ? `${why}; nothing was imported` : `${why}; run the action again to finish`;
}

/** A stored job as the API tells it. */
export function toBulkJob(job: StoredBulkJob): BulkJob {
  const head = { jobId: job.id, target: job.data.target, kind: job.data.action.kind };
  const output = isOutput(job.output) ? job.output : undefined;
  let state: BulkJobState;
  if (job.state === 'created' || job.state === 'retry') state = 'queued';
  else if (job.state === 'active') state = 'running';
  else if (job.state === 'completed') state = output?.state === 'failed' ? 'failed' : 'completed';
  else state = 'failed';
  return {
    ...head,
    state,
    done: output?.done ?? 0,
    total: output?.total ?? job.data.total,
    result: output?.result ?? noResult,
    message: output?.message ?? (state === 'failed' ? failureMessage(job.output, job.data) : null),
  };
}
