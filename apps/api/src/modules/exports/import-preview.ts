import { IMPORT_PREVIEW_LIST_MAX, type ProductImportPreviewResponse } from '@backroom/contract';
import type { Db } from '../../db/client';
import { fileIds, planImport } from './import-plan';
import { readImportFile } from './import-read';
import { findProductsByIds } from './queries';

/*
 * POST /api/product/import/preview: reads a CSV of the products export's columns and answers what
 * an import would do, writing nothing (docs/decisions/034-csv.md). Rows are checked with the Add
 * Product form's own schema, so a row the preview accepts is one the form would accept. The
 * fingerprint is the plan's: the confirm (import-service.ts) runs only that plan.
 */

type Preview = Omit<ProductImportPreviewResponse, 'success'>;

export async function previewProductImport(db: Db, csv: Buffer): Promise<Preview> {
  const file = readImportFile(csv);
  const current = new Map((await findProductsByIds(db, fileIds(file))).map((row) => [row.id, row]));
  const plan = planImport(file, current);
  return {
    counts: plan.counts,
    create: plan.creates.slice(0, IMPORT_PREVIEW_LIST_MAX).map(({ line, values }) => ({ line, name: values.name })),
    update: plan.updates
      .slice(0, IMPORT_PREVIEW_LIST_MAX)
      .map(({ line, id, values, changes }) => ({ line, id, name: values.name, changes })),
    errors: plan.errors.slice(0, IMPORT_PREVIEW_LIST_MAX),
    fingerprint: plan.fingerprint,
  };
}
