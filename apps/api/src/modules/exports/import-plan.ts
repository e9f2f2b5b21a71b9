import { createHash } from 'node:crypto';
import {
  type AddProductFields,
  booleanCell,
  cleanEntries,
  type ImportProblem,
  listCell,
  moneyCell,
  PRODUCT_TAGS,
  type ProductCsvColumn,
  type ProductImportResult,
  restoreCell,
  textCell,
} from '@backroom/contract';
import { IGNORED_COLUMNS, type ReadFile, splitList } from './import-read';
import { type ProductExportRow, productCells } from './lines';

/*
 * What importing a file does to the products as they are now: the rows to create, the rows to
 * update with each changed column (old and new cell, as the export writes them), the rows already
 * as the file says, and the bad rows. Pure: the caller reads the products (locked, when the plan
 * is about to run). The fingerprint hashes the creates and updates with their changes, so a plan
 * recomputed at confirm time equals the preview's exactly when it would do the same writes
 * (docs/decisions/036-product-import.md).
 */

type Cells = Partial<Record<ProductCsvColumn, string>>;

export interface ImportChange {
  column: string;
  from: string;
  to: string;
}

export interface PlannedCreate {
  line: number;
  values: AddProductFields;
}

export interface PlannedUpdate {
  line: number;
  id: string;
  values: AddProductFields;
  /** The image URLs the product keeps (only with an `images` column). */
  images: string[];
  changes: ImportChange[];
}

export interface ImportPlan {
  columns: ProductCsvColumn[];
  counts: { rows: number; create: number; update: number; unchanged: number; bad: number };
  creates: PlannedCreate[];
  updates: PlannedUpdate[];
  /** Every problem, by line. */
  errors: ImportProblem[];
  fingerprint: string;
}

/** The row's values as the export would write them once stored, for the columns the file has. */
function newCells(columns: ProductCsvColumn[], values: AddProductFields, images: string[]): Cells {
  const cells: Cells = {};
  for (const column of columns) {
    if (IGNORED_COLUMNS.has(column)) continue;
    if (column === 'price') cells.price = moneyCell(values.price);
    else if (column === 'discount') cells.discount = String(values.discount);
    // Lists are stored trimmed and without repeats (the forms' rule), so the plan shows them so.
    else if (column === 'colors') cells.colors = listCell(cleanEntries(values.colorVariants));
    else if (column === 'clothingSizes' || column === 'canvasSizes')
      cells[column] = listCell(cleanEntries(values[column]));
    else if (column === 'images') cells.images = listCell(images);
    else if ((PRODUCT_TAGS as readonly string[]).includes(column)) {
      cells[column] = booleanCell(values[column as (typeof PRODUCT_TAGS)[number]]);
    } else {
      const key = column as 'name' | 'description' | 'mainCategory' | 'subCategory' | 'subSubCategory';
      cells[column] = textCell(values[key]);
    }
  }
  return cells;
}

export function planImport(file: ReadFile, current: ReadonlyMap<string, ProductExportRow>): ImportPlan {
  const { columns } = file;
  const errors: ImportProblem[] = [...file.errors];
  const plan: ImportPlan = {
    columns,
    counts: { rows: file.rowCount, create: 0, update: 0, unchanged: 0, bad: 0 },
    creates: [],
    updates: [],
    errors,
    fingerprint: '',
  };
  const hash = createHash('sha256');
  for (const { line, id, values, images, problems: formProblems } of file.rows) {
    const existing = id ? current.get(id) : undefined;
    const problems: ImportProblem[] = [];
    if (id && !existing) problems.push({ line, column: 'id', message: 'no product has this id' });
    problems.push(...formProblems);
    // Images are not imported: a new product has none, an existing one keeps those listed.
    if (!existing && images.length > 0) {
      problems.push({ line, column: 'images', message: 'must be empty for a new product (images are not imported)' });
    }
    const before = existing ? productCells(existing) : undefined;
    if (before) {
      const own = new Set(splitList(restoreCell(before.images)));
      const foreign = images.find((url) => !own.has(url));
      if (foreign)
        problems.push({ line, column: 'images', message: `is not an image of this product: ${foreign.slice(0, 100)}` });
    }
    if (problems.length > 0 || !values) {
      errors.push(...problems);
      continue;
    }
    const after = newCells(columns, values, images);
    if (!before) {
      hash.update(`${JSON.stringify(['create', line, after])}\n`);
      plan.counts.create += 1;
      plan.creates.push({ line, values });
      continue;
    }
    const changes = (Object.keys(after) as ProductCsvColumn[])
      .filter((column) => after[column] !== before[column])
      .map((column) => ({ column, from: restoreCell(before[column]), to: restoreCell(after[column] ?? '') }));
    if (changes.length === 0) {
      plan.counts.unchanged += 1;
      continue;
    }
    hash.update(`${JSON.stringify(['update', line, id, changes])}\n`);
    plan.counts.update += 1;
    plan.updates.push({ line, id, values, images, changes });
  }
  plan.counts.bad = new Set(errors.map((problem) => problem.line)).size;
  errors.sort((a, b) => a.line - b.line);
  plan.fingerprint = hash.digest('hex');
  return plan;
}

/** The ids a file's rows name: the products its plan reads (and locks, before it runs). */
export const fileIds = (file: ReadFile) => file.rows.map((row) => row.id).filter(Boolean);

/** What a plan does once run. */
export const planResult = (plan: ImportPlan): ProductImportResult => ({
  created: plan.counts.create,
  updated: plan.counts.update,
  unchanged: plan.counts.unchanged,
  skipped: plan.counts.bad,
});
