import { z } from 'zod';
import { objectIdSchema, textSchema } from './common';
import { ORDER_STATUSES, PRODUCT_TAGS } from './constants';
import { orderListRequestSchema } from './orders';
import { productListQuerySchema } from './products';

/*
 * Bulk actions over orders and products (issue 13; docs/decisions/035-bulk-actions.md). A
 * selection is either rows picked on the screen (their ids) or 'every row matching this filter':
 * the list's own filter, applied by the server when the action runs, never a list of ids. Up to
 * BULK_INLINE_LIMIT rows run in one transaction and answer the result; more run as a job whose
 * progress GET /api/bulk/{jobId} and the bulkProgress event tell.
 */

export const BULK_PATHS = {
  orderBulk: '/api/order/bulk',
  productBulk: '/api/product/bulk',
  job: '/api/bulk/:jobId',
} as const;

export const bulkJobPath = (jobId: string) => BULK_PATHS.job.replace(':jobId', encodeURIComponent(jobId));

/** The most rows one transaction changes; a larger selection runs as a job, BULK_BATCH_SIZE rows per transaction. */
export const BULK_INLINE_LIMIT = 500;
export const BULK_BATCH_SIZE = 500;
/** The most ids a selection of picked rows may hold (picked rows always run inline). */
export const BULK_MAX_IDS = BULK_INLINE_LIMIT;

export const BULK_EVENTS = {
  /** To admins while a bulk job runs, after each batch and at the end (payload: bulkJobSchema). */
  bulkProgress: 'bulkProgress',
} as const;

const idsSelection = z.strictObject({
  ids: z
    .array(objectIdSchema, { error: 'must be a list of ids' })
    .min(1, 'select at least one row')
    .max(BULK_MAX_IDS, `at most ${BULK_MAX_IDS} rows; select every row matching the filter instead`),
});

/** The orders list's request as a filter: its page and pageSize are ignored. */
export const orderBulkSelectionSchema = z.union([idsSelection, z.strictObject({ filter: orderListRequestSchema })], {
  error: 'must be { ids } or { filter }',
});
export type OrderBulkSelection = z.output<typeof orderBulkSelectionSchema>;

/** The products list's query as a filter: its sort, page and pageSize are ignored. */
export const productBulkSelectionSchema = z.union([idsSelection, z.strictObject({ filter: productListQuerySchema })], {
  error: 'must be { ids } or { filter }',
});
export type ProductBulkSelection = z.output<typeof productBulkSelectionSchema>;

/** A status change made in bulk leaves the tracking number and the discount code as they are. */
export const orderBulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('status'),
      status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
    }),
    z.strictObject({ kind: z.literal('delete') }),
  ],
  { error: 'must be status or delete' },
);
export type OrderBulkAction = z.output<typeof orderBulkActionSchema>;

const categoryLabel = textSchema().trim().max(100, 'must be at most 100 characters');

/** A discount in percent, 0 to 100 with at most two decimals (as the product form's discount). */
const percentSchema = z
  .number({ error: 'must be a number' })
  .min(0, 'must be between 0 and 100')
  .max(100, 'must be between 0 and 100')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'at most 2 decimals');

export const productBulkActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('flag'),
      flag: z.enum(PRODUCT_TAGS, { error: `must be one of ${PRODUCT_TAGS.join(', ')}` }),
      value: z.boolean({ error: 'must be true or false' }),
    }),
    z.strictObject({ kind: z.literal('discount'), percent: percentSchema }),
    z.strictObject({
      kind: z.literal('category'),
      mainCategory: categoryLabel.min(1, 'is required'),
      subCategory: categoryLabel.optional(),
      subSubCategory: categoryLabel.optional(),
    }),
    z.strictObject({ kind: z.literal('delete') }),
  ],
  { error: 'must be flag, discount, category or delete' },
);
export type ProductBulkAction = z.output<typeof productBulkActionSchema>;

export const orderBulkRequestSchema = z.strictObject({
  selection: orderBulkSelectionSchema,
  action: orderBulkActionSchema,
});
export type OrderBulkRequest = z.output<typeof orderBulkRequestSchema>;

export const productBulkRequestSchema = z.strictObject({
  selection: productBulkSelectionSchema,
  action: productBulkActionSchema,
});
export type ProductBulkRequest = z.output<typeof productBulkRequestSchema>;

/** What a bulk action did: rows changed, rows left as they were and why ('already Delivered': 3). */
export const bulkResultSchema = z.object({
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int().positive() })),
  /** Import jobs only (kind 'import'): products created, and rows already as the file says. */
  created: z.number().int().nonnegative().optional(),
  unchanged: z.number().int().nonnegative().optional(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** '1,204 updated, 3 skipped: 2 already Delivered, 1 not found' (the screen's result line). */
export function bulkResultMessage(result: BulkResult, verb: 'updated' | 'deleted' = 'updated'): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const head = `${n(result.updated)} ${verb}`;
  if (result.skipped === 0) return head;
  const why = result.reasons.map((r) => `${n(r.count)} ${r.reason}`).join(', ');
  return `${head}, ${n(result.skipped)} skipped: ${why}`;
}

/** 200: the action ran in one transaction. */
export const bulkDoneResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  result: bulkResultSchema,
});
export type BulkDoneResponse = z.infer<typeof bulkDoneResponseSchema>;

/** 202: the action runs as a job; follow it with GET /api/bulk/{jobId} or the bulkProgress event. */
export const bulkQueuedResponseSchema = z.object({
  success: z.literal(true),
  jobId: z.string(),
  total: z.number().int().nonnegative(),
});
export type BulkQueuedResponse = z.infer<typeof bulkQueuedResponseSchema>;

export const BULK_JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/** A bulk job as GET /api/bulk/{jobId} and the bulkProgress event tell it. */
export const bulkJobSchema = z.object({
  jobId: z.string(),
  target: z.enum(['orders', 'products']),
  /** The action's kind (status, delete, flag, discount, category), or 'import' for a product import job. */
  kind: z.string(),
  state: z.enum(BULK_JOB_STATES),
  /** Rows of the selection handled so far, and how many it held when the job started. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** So far while running; final once completed (what was done before a failure when failed). */
  result: bulkResultSchema,
  message: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

export const bulkJobParamsSchema = z.strictObject({ jobId: z.uuid({ error: 'must be a job id' }) });

export const bulkJobResponseSchema = z.object({ success: z.literal(true), job: bulkJobSchema });
export type BulkJobResponse = z.infer<typeof bulkJobResponseSchema>;
