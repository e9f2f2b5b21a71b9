import { z } from 'zod';
import { type BulkJob, bulkQueuedResponseSchema } from './bulk';
import { EXPORT_PATHS, IMPORT_FILE_FIELD } from './csv-exports';

/*
 * Importing products from CSV, the confirm step (issue 13; docs/decisions/036-product-import.md).
 * The admin previews the file (POST /api/product/import/preview, csv-exports.ts), which answers what
 * the import would do and a fingerprint of that plan; confirming posts the same file with that
 * fingerprint. The server reads the file again and recomputes the plan with the products locked:
 * a different fingerprint means the products changed since the preview, and nothing is written
 * (409). Bad rows are skipped and counted. Up to IMPORT_INLINE_LIMIT rows to create or update run
 * in one transaction (200); more run as a job (202) followed like a bulk job: GET /api/bulk/{jobId}
 * and the bulkProgress event, target 'products', kind 'import'.
 */

export const IMPORT_PATHS = {
  /** POST multipart (field `file`): the preview, with its `fingerprint`. */
  productImportPreview: EXPORT_PATHS.productImportPreview,
  /** POST multipart (field `file`, the same CSV; text field `fingerprint` from the preview): runs the import. */
  productImport: '/api/product/import',
} as const;

/** The multipart text field carrying the preview's fingerprint. */
export const IMPORT_FINGERPRINT_FIELD = 'fingerprint';

/** The most products one import creates or updates in one request's transaction; more run as a job. */
export const IMPORT_INLINE_LIMIT = 2000;

/**
 * The most data rows (the header not counted) one import file may hold: a big shop's whole
 * catalogue (docs/decisions/044-csv-import-limits.md). Reading stops at the row past it.
 */
export const IMPORT_ROW_LIMIT = 100_000;

/** The bulk job kind an import job reports (target 'products'). */
export const IMPORT_JOB_KIND = 'import';

export const IMPORT_MESSAGES = {
  /** 409: the plan recomputed at confirm time is not the one the preview showed. */
  changed: `${IMPORT_FINGERPRINT_FIELD}: the products changed since the preview; preview the file again`,
  /** 413: the file holds more rows than one import reads. */
  tooManyRows: `${IMPORT_FILE_FIELD}: has more than ${IMPORT_ROW_LIMIT.toLocaleString('en-US')} rows, the most one import reads; split it into smaller files`,
  /** 400: bytes that are not UTF-8 (a file saved as Windows-1252 or Latin-1, or UTF-16). */
  notUtf8: `${IMPORT_FILE_FIELD}: is not UTF-8 text; save it as UTF-8 (in a spreadsheet: "CSV UTF-8") and try again`,
} as const;

/** The preview's fingerprint: sha256 of the plan (rows to create and to update, with their changes), hex. */
export const importFingerprintSchema = z
  .string({ error: 'is required (the preview’s fingerprint)' })
  .regex(/^[0-9a-f]{64}$/, 'must be the fingerprint a preview answered');

/** What an import did: products created, updated, left unchanged (already as the file says), bad rows skipped. */
export const productImportResultSchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/** '12 created, 1,204 updated, 5 unchanged, 3 skipped (bad rows)' (the screen's result line). */
export function importResultMessage(result: ProductImportResult): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const parts = [`${n(result.created)} created`, `${n(result.updated)} updated`];
  if (result.unchanged > 0) parts.push(`${n(result.unchanged)} unchanged`);
  if (result.skipped > 0) parts.push(`${n(result.skipped)} skipped (bad rows)`);
  return parts.join(', ');
}

/** An import job's figures, from the bulk job that runs it (its result carries created and unchanged). */
export function importJobResult(job: Pick<BulkJob, 'result'>): ProductImportResult {
  return {
    created: job.result.created ?? 0,
    updated: job.result.updated,
    unchanged: job.result.unchanged ?? 0,
    skipped: job.result.skipped,
  };
}

/** 200: the import ran in one transaction. */
export const productImportDoneResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  result: productImportResultSchema,
});
export type ProductImportDoneResponse = z.infer<typeof productImportDoneResponseSchema>;

/** 202: the import runs as a job; `total` is the number of products it creates or updates. */
export const productImportQueuedResponseSchema = bulkQueuedResponseSchema;
export type ProductImportQueuedResponse = z.infer<typeof productImportQueuedResponseSchema>;

/** The confirm's multipart form, as fields (for the screen's FormData). */
export const PRODUCT_IMPORT_FORM_FIELDS = [IMPORT_FILE_FIELD, IMPORT_FINGERPRINT_FIELD] as const;
