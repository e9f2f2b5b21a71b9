import { z } from 'zod';
import { queryParam, textSchema } from './common';
import { ORDER_DELIVERY_FILTERS, ORDER_LIMITS, ORDER_SEARCH_FIELDS } from './constants';
import { isoDateSchema } from './orders';
import { productListQuerySchema } from './products';
import { userListQuerySchema } from './users';

/*
 * CSV exports of the current filter of Orders, Products and Users (issue 13): GET with the list's
 * own filter as query parameters, answered as a file (text/csv, UTF-8 with a BOM), streamed from
 * the database. The header X-Total-Count says how many records (orders, products, users) the file
 * holds, for a progress indicator. Columns: domain/csv-cells.ts. docs/decisions/034-csv.md.
 */

export const EXPORT_PATHS = {
  /** GET ?searchBy=&search=&startDate=&endDate=&delivery=&lines=order|item */
  orderExport: '/api/order/export',
  /** GET ?q=&mainCategory=&subCategory=&subSubCategory=&status=&sort= */
  productExport: '/api/product/export',
  /** GET ?q=&role= */
  userExport: '/api/user/export',
  /** POST multipart (field `file`, a CSV of the products export's columns): what an import would do, nothing written. */
  productImportPreview: '/api/product/import/preview',
} as const;

/** The header carrying how many records an export holds. */
export const EXPORT_TOTAL_HEADER = 'x-total-count';

export const ORDER_EXPORT_LINES = ['order', 'item'] as const;
export type OrderExportLines = (typeof ORDER_EXPORT_LINES)[number];

/**
 * GET /api/order/export: the orders list's filter (POST /api/order/list's fields but the paging)
 * as query parameters, with the same rules; lines 'order' (default) writes one line per order,
 * 'item' one per order item.
 */
export const orderExportQuerySchema = z
  .strictObject({
    searchBy: queryParam(z.enum(ORDER_SEARCH_FIELDS, { error: `must be one of ${ORDER_SEARCH_FIELDS.join(', ')}` })),
    search: queryParam(
      textSchema({ error: 'must be text' })
        .trim()
        .max(ORDER_LIMITS.searchMax, `must be at most ${ORDER_LIMITS.searchMax} characters`)
        .transform((value) => (value ? value : undefined)),
    ),
    startDate: queryParam(isoDateSchema),
    endDate: queryParam(isoDateSchema),
    delivery: queryParam(
      z.enum(ORDER_DELIVERY_FILTERS, { error: `must be one of ${ORDER_DELIVERY_FILTERS.join(', ')}` }),
    ),
    lines: queryParam(z.enum(ORDER_EXPORT_LINES, { error: `must be one of ${ORDER_EXPORT_LINES.join(', ')}` })),
  })
  .superRefine((value, ctx) => {
    // The list's rule for a date range (orderListRequestSchema).
    if (value.searchBy !== 'dateRange') return;
    if (!value.startDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'is required for a date range' });
    if (!value.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'is required for a date range' });
    if (value.startDate && value.endDate && value.endDate < value.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    }
  });
export type OrderExportQuery = z.output<typeof orderExportQuerySchema>;

/** GET /api/product/export: the product list's filter and sort (newest first unless told), without paging. */
export const productExportQuerySchema = productListQuerySchema.omit({ page: true, pageSize: true });
export type ProductExportQuery = z.output<typeof productExportQuerySchema>;

/** GET /api/user/export: the users list's search and role, without paging. */
export const userExportQuerySchema = userListQuerySchema.omit({ page: true, pageSize: true });
export type UserExportQuery = z.output<typeof userExportQuerySchema>;

/** An export's URL with the given filter; empty values are left out. */
export function exportUrl(path: string, query: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  return params.size > 0 ? `${path}?${params}` : path;
}

/** The most entries each list of an import preview carries; the counts are always whole. */
export const IMPORT_PREVIEW_LIST_MAX = 1000;

/** The multipart field holding the CSV file of an import. */
export const IMPORT_FILE_FIELD = 'file';

/** A product column changed by an import row: the cells as the file writes them. */
export const importChangeSchema = z.object({ column: z.string(), from: z.string(), to: z.string() });

/** One problem of a row: its line in the file (the header is line 1), the column, what is wrong. */
export const importProblemSchema = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/**
 * POST /api/product/import/preview: what importing the file would do, nothing written. A row
 * without an id creates a product; a row with one updates that product (only the columns the file
 * has, and only where they differ); every bad row is listed with its problems. Nothing is written
 * until the admin confirms: POST /api/product/import with the same file and `fingerprint` (csv-imports.ts).
 */
export const productImportPreviewResponseSchema = z.object({
  success: z.literal(true),
  counts: z.object({
    rows: z.number().int().nonnegative(),
    create: z.number().int().nonnegative(),
    update: z.number().int().nonnegative(),
    unchanged: z.number().int().nonnegative(),
    bad: z.number().int().nonnegative(),
  }),
  create: z.array(z.object({ line: z.number().int(), name: z.string() })),
  update: z.array(
    z.object({ line: z.number().int(), id: z.string(), name: z.string(), changes: z.array(importChangeSchema) }),
  ),
  errors: z.array(importProblemSchema),
  /**
   * sha256 (hex) of the plan: the rows to create and to update with their changes. The confirm
   * (POST /api/product/import, csv-imports.ts) sends it back and is refused if the plan differs.
   */
  fingerprint: z.string(),
});
export type ProductImportPreviewResponse = z.infer<typeof productImportPreviewResponseSchema>;
