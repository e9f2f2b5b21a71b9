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
  stockLevelText,
  textCell,
} from '@backroom/contract';
import { giveWay } from './give-way';
import { IGNORED_COLUMNS, type ReadFile, type ReadRow, splitList } from './import-read';
import { type ProductExportRow, productCells } from './lines';

/*
 * What importing a file does to the products as they are now: the rows to create, the rows to
 * update with each changed column (old and new cell, as the export writes them), the rows already
 * as the file says, and the bad rows. No database: the caller reads the products (locked, when the
 * plan is about to run), a batch at a time or all at once; rows are planned one at a time, in the
 * file's order, so a long file gives way to the event loop between rows (044). The fingerprint hashes the creates and updates with their changes, so a plan
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
  /** Every problem (or the first `keep`: importPlanner), by line. */
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
    else if (column === 'trackStock') cells.trackStock = booleanCell(values.trackStock ?? false);
    else if (column === 'lowStockThreshold')
      cells.lowStockThreshold = values.lowStockThreshold == null ? '' : String(values.lowStockThreshold);
    else if (column === 'stockLevels') cells.stockLevels = listCell((values.stockLevels ?? []).map(stockLevelText));
    else if ((PRODUCT_TAGS as readonly string[]).includes(column)) {
      cells[column] = booleanCell(values[column as (typeof PRODUCT_TAGS)[number]]);
    } else {
      const key = column as 'name' | 'description' | 'mainCategory' | 'subCategory' | 'subSubCategory';
      cells[column] = textCell(values[key]);
    }
  }
  return cells;
}

/** A plan made a row at a time, in the file's order (the preview's, a batch of products at a time). */
export interface ImportPlanner {
  /** One row, with the product its id names as it is now (undefined for none). */
  add(row: ReadRow, existing: ProductExportRow | undefined): void;
  /** Problems of a row left out of the rows (a job's file carries only the good ones), in line order. */
  refuse(problem: ImportProblem): void;
  /** The plan of every row added, of a file of `rowCount` records. */
  finish(rowCount: number): ImportPlan;
}

/**
 * Starts a plan. `keep`: the most rows to create, rows to update and problems the plan lists (the
 * preview shows no more); the counts and the fingerprint always cover every row.
 */
export function importPlanner(columns: ProductCsvColumn[], keep = Number.POSITIVE_INFINITY): ImportPlanner {
  const plan: ImportPlan = {
    columns,
    counts: { rows: 0, create: 0, update: 0, unchanged: 0, bad: 0 },
    creates: [],
    updates: [],
    errors: [],
    fingerprint: '',
  };
  const hash = createHash('sha256');
  let lastBadLine: number | undefined;
  const refuse = (problem: ImportProblem) => {
    if (plan.errors.length < keep) plan.errors.push(problem);
    // Rows come in line order, so a line's problems follow one another.
    if (problem.line !== lastBadLine) plan.counts.bad += 1;
    lastBadLine = problem.line;
  };
  const add = ({ line, id, values, images, problems: formProblems }: ReadRow, existing?: ProductExportRow) => {
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
      for (const problem of problems) refuse(problem);
      return;
    }
    const after = newCells(columns, values, images);
    if (!before) {
      hash.update(`${JSON.stringify(['create', line, after])}\n`);
      plan.counts.create += 1;
      if (plan.creates.length < keep) plan.creates.push({ line, values });
      return;
    }
    const changes = (Object.keys(after) as ProductCsvColumn[])
      .filter((column) => after[column] !== before[column])
      .map((column) => ({ column, from: restoreCell(before[column]), to: restoreCell(after[column] ?? '') }));
    if (changes.length === 0) {
      plan.counts.unchanged += 1;
      return;
    }
    hash.update(`${JSON.stringify(['update', line, id, changes])}\n`);
    plan.counts.update += 1;
    if (plan.updates.length < keep) plan.updates.push({ line, id, values, images, changes });
  };
  return {
    add,
    refuse,
    finish(rowCount) {
      plan.counts.rows = rowCount;
      plan.fingerprint = hash.digest('hex');
      return plan;
    },
  };
}

/** Problems in line order (a file read before they came in order may hold them otherwise). */
const byLine = (problems: ImportProblem[]) =>
  problems.every((problem, i) => i === 0 || (problems[i - 1] as ImportProblem).line <= problem.line)
    ? problems
    : [...problems].sort((a, b) => a.line - b.line);

/** The whole file's plan against these products, giving way to the event loop as it goes. */
export async function planImport(file: ReadFile, current: ReadonlyMap<string, ProductExportRow>): Promise<ImportPlan> {
  const planner = importPlanner(file.columns);
  const refusals = byLine(file.errors);
  let next = 0;
  for (const row of file.rows) {
    for (; next < refusals.length && (refusals[next] as ImportProblem).line < row.line; next += 1) {
      planner.refuse(refusals[next] as ImportProblem);
    }
    planner.add(row, row.id ? current.get(row.id) : undefined);
    await giveWay();
  }
  for (; next < refusals.length; next += 1) planner.refuse(refusals[next] as ImportProblem);
  return planner.finish(file.rowCount);
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
