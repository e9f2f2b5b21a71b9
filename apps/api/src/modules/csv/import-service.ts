import {
  type BulkResult,
  EVENTS,
  IMPORT_INLINE_LIMIT,
  IMPORT_JOB_KIND,
  IMPORT_MESSAGES,
  importResultMessage,
  type ProductImportResult,
  type ProductsUpdatedEvent,
} from '@backroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import { removeImages } from '../../storage/stored-images';
import { ringJobEnd } from '../bulk/bell';
import type { BulkJobOutput, ImportJobHead, TellProgress } from '../bulk/job';
import type { BulkQueue } from '../bulk/queue';
import { applyImport } from './import-apply';
import { fileIds, type ImportPlan, planImport, planResult } from './import-plan';
import { compactFile, type ReadFile, readImportFile } from './import-read';
import { findProductsByIds, lockProductsByIds } from './queries';

/*
 * POST /api/product/import, the confirm step of an import (docs/decisions/036-product-import.md).
 * The file is read again and its plan recomputed with the products it names locked; the plan must
 * be the preview's (same fingerprint), else 409 and nothing is written. Bad rows are skipped;
 * everything else is written in one transaction, inline up to IMPORT_INLINE_LIMIT products, else as
 * a job (the checked rows travel in the job's data, in PostgreSQL, so any instance runs it).
 */

export interface ImportDeps {
  db: Db;
  storage: ImageStorage;
  log: FastifyBaseLogger;
  realtime: () => Pick<Realtime, 'toAdmins'>;
  queue: Pick<BulkQueue, 'enqueue'>;
}

/**
 * An import queued as a bulk job: the file as read and checked (its rows' values, not the CSV) and
 * the preview's fingerprint it must still match when it runs, beside what bulk reads (ImportJobHead).
 */
export interface ImportJobData extends ImportJobHead {
  file: ReadFile;
  fingerprint: string;
}

export type ImportStart =
  | { ran: true; message: string; result: ProductImportResult }
  | { ran: false; jobId: string; total: number };

/** The changes to write: rows to create and to update. */
const writes = (plan: ImportPlan) => plan.creates.length + plan.updates.length;

function notifyEnd(deps: Pick<ImportDeps, 'realtime'>) {
  const event: ProductsUpdatedEvent = { action: 'updated' };
  deps.realtime().toAdmins(EVENTS.productsUpdated, event);
}

/**
 * The plan run in one transaction: the products the file names locked (in id order), the plan
 * recomputed from them and refused unless it is the preview's, then written; their dropped files
 * deleted after the commit. Any failure rolls everything back.
 */
async function runImport(
  deps: Pick<ImportDeps, 'db' | 'storage' | 'log'>,
  file: ReadFile,
  fingerprint: string,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<ImportPlan> {
  const { plan, dropped } = await deps.db.transaction(async (tx) => {
    const locked = await lockProductsByIds(tx, fileIds(file));
    const current = new Map(locked.map((row) => [row.id, row]));
    const plan = await planImport(file, current);
    if (plan.fingerprint !== fingerprint) throw new HttpError(409, IMPORT_MESSAGES.changed);
    const { dropped } = await applyImport(tx, plan, current, onProgress);
    return { plan, dropped };
  });
  await removeImages(deps.storage, dropped, deps.log);
  return plan;
}

export async function confirmProductImport(
  deps: ImportDeps,
  adminId: string,
  csv: Buffer,
  fingerprint: string,
): Promise<ImportStart> {
  const file = await readImportFile(csv);
  // First without locks: how much there is to write, and an early refusal of a stale preview.
  const current = new Map((await findProductsByIds(deps.db, fileIds(file))).map((row) => [row.id, row]));
  const draft = await planImport(file, current);
  if (draft.fingerprint !== fingerprint) throw new HttpError(409, IMPORT_MESSAGES.changed);
  const total = writes(draft);
  if (total <= IMPORT_INLINE_LIMIT) {
    const plan = await runImport(deps, file, fingerprint);
    if (writes(plan) > 0) notifyEnd(deps);
    const result = planResult(plan);
    const message = importResultMessage(result);
    // Rung as a queued import is: the other admins hear of it too (decision 056).
    await ringJobEnd(deps, { what: 'Products import', importing: true, failed: false, message, ranBy: adminId });
    return { ran: true, result, message };
  }
  const job: ImportJobData = {
    target: 'products',
    action: { kind: IMPORT_JOB_KIND },
    adminId,
    total,
    file: compactFile(file),
    fingerprint,
  };
  const jobId = await deps.queue.enqueue(job);
  return { ran: false, jobId, total };
}

/** An import's figures as a bulk job's result (created and unchanged beside the bulk fields). */
export function importBulkResult(result: ProductImportResult): BulkResult {
  return {
    updated: result.updated,
    skipped: result.skipped,
    reasons: result.skipped > 0 ? [{ reason: 'bad rows', count: result.skipped }] : [],
    created: result.created,
    unchanged: result.unchanged,
  };
}

/**
 * An import job, run by the bulk queue's worker as the admin who confirmed it: the whole plan in
 * one transaction, progress told after each batch of writes (rows written, not yet committed),
 * open screens refreshed once at the end. A failure (the products changed since the preview, a
 * broken rule, the instance stopping) rolls everything back and says so.
 */
export async function runImportJob(
  deps: Pick<ImportDeps, 'db' | 'storage' | 'log' | 'realtime'>,
  jobId: string,
  job: ImportJobHead,
  tell: TellProgress,
): Promise<BulkJobOutput> {
  // The queue hands back the data confirmProductImport queued.
  const data = job as ImportJobData;
  const { total } = data;
  const none = importBulkResult({ created: 0, updated: 0, unchanged: 0, skipped: 0 });
  await tell({ state: 'running', done: 0, total, result: none, message: null });
  let output: BulkJobOutput;
  try {
    const plan = await runImport(deps, data.file, data.fingerprint, (done) =>
      tell({ state: 'running', done, total, result: none, message: null }),
    );
    const result = planResult(plan);
    output = {
      state: 'completed',
      done: total,
      total,
      result: importBulkResult(result),
      message: importResultMessage(result),
    };
    notifyEnd(deps);
  } catch (error) {
    deps.log.error({ err: error, jobId }, 'import job failed');
    const why = error instanceof HttpError ? error.message : 'the import failed';
    output = { state: 'failed', done: 0, total, result: none, message: `${why}; nothing was imported` };
  }
  await tell(output);
  return output;
}
