import { IMPORT_PREVIEW_LIST_MAX, type ProductImportPreviewResponse } from '@backroom/contract';
import type { Db } from '../../db/client';
import { giveWay } from './give-way';
import { importPlanner } from './import-plan';
import { openImportFile, type ReadRow } from './import-read';
import { findProductsByIds } from './queries';

/*
 * POST /api/product/import/preview: reads a CSV of the products export's columns and answers what
 * an import would do, writing nothing (docs/decisions/034-csv.md). Rows are checked with the Add
 * Product form's own schema, so a row the preview accepts is one the form would accept. The
 * fingerprint is the plan's: the confirm (import-service.ts) runs only that plan.
 *
 * A file streams through (docs/decisions/044-csv-import-limits.md): rows are read and planned a
 * batch at a time, the batch's products read in one statement, and only the counts, the
 * fingerprint and the first IMPORT_PREVIEW_LIST_MAX entries of each list are kept, so a file of
 * IMPORT_ROW_LIMIT rows holds no more memory than a small one, and the event loop gets a turn
 * every few milliseconds.
 */

type Preview = Omit<ProductImportPreviewResponse, 'success'>;

/** Rows whose products are read in one statement. */
const LOOKUP_BATCH = 1000;

export async function previewProductImport(db: Db, csv: Buffer): Promise<Preview> {
  const { columns, rows } = await openImportFile(csv);
  const planner = importPlanner(columns, IMPORT_PREVIEW_LIST_MAX);
  let rowCount = 0;
  let batch: ReadRow[] = [];
  const planBatch = async () => {
    const ids = batch.map((row) => row.id).filter(Boolean);
    const current = new Map((await findProductsByIds(db, ids)).map((product) => [product.id, product]));
    for (const row of batch) {
      planner.add(row, row.id ? current.get(row.id) : undefined);
      await giveWay();
    }
    batch = [];
  };
  for await (const row of rows) {
    rowCount += 1;
    batch.push(row);
    if (batch.length === LOOKUP_BATCH) await planBatch();
  }
  await planBatch();
  const plan = planner.finish(rowCount);
  return {
    counts: plan.counts,
    create: plan.creates.map(({ line, values }) => ({ line, name: values.name })),
    update: plan.updates.map(({ line, id, values, changes }) => ({ line, id, name: values.name, changes })),
    errors: plan.errors,
    fingerprint: plan.fingerprint,
  };
}
