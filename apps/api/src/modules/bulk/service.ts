import {
  BULK_EVENTS,
  BULK_INLINE_LIMIT,
  type BulkJob,
  type BulkResult,
  bulkResultMessage,
  type OrderBulkRequest,
  type ProductBulkRequest,
} from '@backroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import { runAsActor } from '../activity/context';
import type { Principal } from '../auth/service';
import { ringJobEnd } from './bell';
import {
  type BulkJobData,
  type BulkJobOutput,
  type BulkRequestData,
  type ImportJobHead,
  isImportJob,
  type TellProgress,
  toBulkJob,
} from './job';
import { orderPlan } from './orders-plan';
import type { BulkPlan } from './plan';
import { productPlan } from './products-plan';
import type { BulkQueue } from './queue';
import { BulkRunError, runPlan } from './runner';

export interface BulkDeps {
  db: Db;
  storage: ImageStorage;
  log: FastifyBaseLogger;
  /** Read when an event is sent: the realtime plugin is set up after the routes. */
  realtime: () => Pick<Realtime, 'toAdmins'>;
  queue: Pick<BulkQueue, 'enqueue' | 'find' | 'writeProgress'>;
  /** Runs a product import job: the import's runner, handed in (queued-import.ts). */
  runImport: (jobId: string, data: ImportJobHead, tell: TellProgress) => Promise<BulkJobOutput>;
}

export type BulkStart =
  | { ran: true; message: string; result: BulkResult }
  | { ran: false; jobId: string; total: number };

const bulkWhat = (data: { target: string; action: { kind: string } }) => `Bulk ${data.action.kind} on ${data.target}`;

function planFor(deps: BulkDeps, data: BulkRequestData): BulkPlan {
  if (data.target === 'orders') return orderPlan(data, deps.realtime);
  return productPlan(data, { storage: deps.storage, log: deps.log, realtime: deps.realtime });
}

/**
 * POST /api/order/bulk and /api/product/bulk. The action is checked first (a refusal changes
 * nothing); picked rows, and a filter matching up to BULK_INLINE_LIMIT rows, run now in one
 * transaction; a larger filter is queued as a job, which counts and walks it again when it runs.
 */
async function startBulk(deps: BulkDeps, data: BulkRequestData): Promise<BulkStart> {
  const plan = planFor(deps, data);
  await plan.check(deps.db);
  const total = await plan.count(deps.db);
  if (plan.picked || total <= BULK_INLINE_LIMIT) {
    const { result } = await runPlan(deps.db, plan, { inline: true, total });
    plan.notifyEnd();
    const message = bulkResultMessage(result, plan.verb);
    // Rung as a queued job is: the other admins hear of it too (decision 056).
    await ringJobEnd(deps, { what: bulkWhat(data), importing: false, failed: false, message, ranBy: data.adminId });
    return { ran: true, result, message };
  }
  const jobId = await deps.queue.enqueue({ ...data, total });
  return { ran: false, jobId, total };
}

export function startOrderBulk(deps: BulkDeps, principal: Principal, body: OrderBulkRequest) {
  return startBulk(deps, { target: 'orders', ...body, adminId: principal.userId });
}

export function startProductBulk(deps: BulkDeps, principal: Principal, body: ProductBulkRequest) {
  return startBulk(deps, { target: 'products', ...body, adminId: principal.userId });
}

/**
 * A bulk job, run by the queue's worker: counted again now, walked a batch per transaction, its
 * progress written and sent to the admins after each batch; open screens refreshed once at the end.
 * It runs as the admin who started it, so each row's activity entry names them (no one, if their
 * account was deleted meanwhile).
 */
export function runBulkJob(deps: BulkDeps, jobId: string, data: BulkJobData, signal: AbortSignal) {
  return runAsActor({ actorId: data.adminId, ip: null }, () => runJob(deps, jobId, data, signal));
}

async function runJob(deps: BulkDeps, jobId: string, data: BulkJobData, signal: AbortSignal): Promise<BulkJobOutput> {
  const head = { jobId, target: data.target, kind: data.action.kind };
  const tell: TellProgress = async (output) => {
    if (output.state === 'running') await deps.queue.writeProgress(jobId, output);
    const job: BulkJob = { ...head, ...output };
    deps.realtime().toAdmins(BULK_EVENTS.bulkProgress, job);
  };
  if (isImportJob(data)) {
    const imported = await deps.runImport(jobId, data, tell);
    await ringTheBell(deps, jobId, data, imported);
    return imported;
  }
  const plan = planFor(deps, data);
  let output: BulkJobOutput;
  try {
    const total = await plan.count(deps.db);
    await tell({ state: 'running', done: 0, total, result: { updated: 0, skipped: 0, reasons: [] }, message: null });
    const progress = await runPlan(deps.db, plan, {
      inline: false,
      total,
      signal,
      onBatch: (p) => tell({ state: 'running', ...p, message: null }),
    });
    output = { state: 'completed', ...progress, message: bulkResultMessage(progress.result, plan.verb) };
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'bulk job failed');
    const progress =
      error instanceof BulkRunError
        ? error.progress
        : { done: 0, total: data.total, result: { updated: 0, skipped: 0, reasons: [] } };
    const why = error instanceof HttpError || error instanceof BulkRunError ? error.message : 'the job failed';
    output = { state: 'failed', ...progress, message: `${why}; what was done stays: run the action again to finish` };
  }
  // Once, whatever happened: rows may have changed before a failure.
  plan.notifyEnd();
  await tell(output);
  await ringTheBell(deps, jobId, data, output);
  return output;
}

/** A job's end on the bell: its result opened from the notification (GET /api/bulk/{jobId}). */
function ringTheBell(deps: BulkDeps, jobId: string, data: BulkJobData, output: BulkJobOutput) {
  return ringJobEnd(deps, {
    what: isImportJob(data) ? 'Products import' : bulkWhat(data),
    importing: isImportJob(data),
    failed: output.state === 'failed',
    message: output.message,
    jobId,
  });
}

/** GET /api/bulk/{jobId}. */
export async function bulkJob(deps: Pick<BulkDeps, 'queue'>, jobId: string): Promise<BulkJob> {
  const job = await deps.queue.find(jobId);
  if (!job) throw new HttpError(404, 'jobId: no bulk job has this id');
  return toBulkJob(job);
}
