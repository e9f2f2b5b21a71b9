import { createHash } from 'node:crypto';
import {
  addProductFieldsSchema,
  booleanCell,
  CSV_LIST_SEPARATOR,
  IMPORT_FILE_FIELD,
  IMPORT_PREVIEW_LIST_MAX,
  type ImportProblem,
  listCell,
  moneyCell,
  objectIdSchema,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_TAGS,
  type ProductCsvColumn,
  type ProductImportPreviewResponse,
  restoreCell,
  textCell,
} from '@backroom/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { Db } from '../../db/client';
import { HttpError } from '../../plugins/errors';
import { type ProductExportRow, productCells } from './lines';
import { findProductsByIds } from './queries';

/*
 * POST /api/product/import/preview: reads a CSV of the products export's columns and answers what
 * an import would do, writing nothing (docs/decisions/034-csv.md). Rows are checked with the Add
 * Product form's own schema, so a row the preview accepts is one the form would accept.
 */

/** The columns a file must have: the id (empty for a new product) and what every product form requires. */
const REQUIRED_COLUMNS: ProductCsvColumn[] = ['id', 'name', 'description', 'price'];
/** Columns read but never written: the date a product was added is the shop's record. */
const IGNORED_COLUMNS = new Set<ProductCsvColumn>(['id', 'date']);
const KNOWN = new Set<string>(PRODUCT_CSV_COLUMNS);

/** The form field a column fills, where the names differ. */
const FORM_FIELD: Partial<Record<ProductCsvColumn, string>> = { colors: 'colorVariants' };
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = { colorVariants: 'colors' };

type Preview = Omit<ProductImportPreviewResponse, 'success'>;
type Cells = Partial<Record<ProductCsvColumn, string>>;

const splitList = (cell: string) =>
  cell === ''
    ? []
    : cell
        .split(CSV_LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter(Boolean);

/** The file's records with the line each ends on; a file CSV cannot read is refused as a whole. */
function readRecords(csv: Buffer): { record: string[]; line: number }[] {
  try {
    const rows = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return rows.map(({ record, info }) => ({ record, line: info.lines }));
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, `${IMPORT_FILE_FIELD}: not a readable CSV file (${error.message})`);
    throw error;
  }
}

/** The header's columns, checked: known ones only, each once, the required ones present. */
function readHeader(header: string[] | undefined): ProductCsvColumn[] {
  if (!header) throw new HttpError(400, `${IMPORT_FILE_FIELD}: is empty`);
  const columns = header.map((cell) => cell.trim());
  for (const column of columns) {
    if (!KNOWN.has(column)) {
      throw new HttpError(
        400,
        `${IMPORT_FILE_FIELD}: unknown column "${column.slice(0, 50)}" (the export's columns only)`,
      );
    }
  }
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column)) throw new HttpError(400, `${IMPORT_FILE_FIELD}: the column "${column}" appears twice`);
    seen.add(column);
  }
  const missing = REQUIRED_COLUMNS.filter((column) => !seen.has(column));
  if (missing.length > 0) throw new HttpError(400, `${IMPORT_FILE_FIELD}: the column "${missing[0]}" is missing`);
  return columns as ProductCsvColumn[];
}

/** A row's cells as the Add Product form's fields (text, lists as JSON), for its schema. */
function formFields(columns: ProductCsvColumn[], cells: Cells): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const column of columns) {
    if (IGNORED_COLUMNS.has(column) || column === 'images') continue;
    const cell = cells[column] ?? '';
    const field = FORM_FIELD[column] ?? column;
    if (column === 'colors' || column === 'clothingSizes' || column === 'canvasSizes') {
      fields[field] = JSON.stringify(splitList(cell));
    } else if ((PRODUCT_TAGS as readonly string[]).includes(column)) {
      // An empty flag cell is false, as an unticked box.
      fields[field] = cell.trim().toLowerCase() || 'false';
    } else if (column === 'discount') {
      fields[field] = cell.trim() || '0';
    } else {
      fields[field] = cell;
    }
  }
  return fields;
}

/** The row's values as the export would write them, for the columns the file has. */
function newCells(
  columns: ProductCsvColumn[],
  values: ReturnType<typeof addProductFieldsSchema.parse>,
  images: string[],
) {
  const cells: Cells = {};
  for (const column of columns) {
    if (IGNORED_COLUMNS.has(column)) continue;
    if (column === 'price') cells.price = moneyCell(values.price);
    else if (column === 'discount') cells.discount = String(values.discount);
    else if (column === 'colors') cells.colors = listCell(values.colorVariants);
    else if (column === 'clothingSizes' || column === 'canvasSizes') cells[column] = listCell(values[column]);
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

export async function previewProductImport(db: Db, csv: Buffer): Promise<Preview> {
  const [head, ...body] = readRecords(csv);
  const columns = readHeader(head?.record);

  const errors: ImportProblem[] = [];
  const rows: { line: number; cells: Cells }[] = [];
  const lineOfId = new Map<string, number>();
  for (const { record, line } of body) {
    if (record.length !== columns.length) {
      errors.push({ line, column: 'row', message: `has ${record.length} cells, the header ${columns.length}` });
      continue;
    }
    const cells: Cells = Object.fromEntries(columns.map((column, i) => [column, restoreCell(record[i] ?? '')]));
    const id = (cells.id ?? '').trim();
    cells.id = id;
    if (id !== '') {
      if (!objectIdSchema.safeParse(id).success) {
        errors.push({ line, column: 'id', message: 'is not a product id (leave it empty for a new product)' });
        continue;
      }
      const first = lineOfId.get(id);
      if (first !== undefined) {
        errors.push({ line, column: 'id', message: `is on line ${first} too` });
        continue;
      }
      lineOfId.set(id, line);
    }
    rows.push({ line, cells });
  }

  const current = new Map<string, ProductExportRow>(
    (await findProductsByIds(db, [...lineOfId.keys()])).map((row) => [row.id, row as ProductExportRow]),
  );

  const preview: Preview = {
    counts: { rows: body.length, create: 0, update: 0, unchanged: 0, bad: 0 },
    create: [],
    update: [],
    errors,
    fingerprint: '',
  };
  const hash = createHash('sha256');
  for (const { line, cells } of rows) {
    const id = cells.id as string;
    const existing = id ? current.get(id) : undefined;
    const problems: ImportProblem[] = [];
    if (id && !existing) problems.push({ line, column: 'id', message: 'no product has this id' });

    const parsed = addProductFieldsSchema.safeParse(formFields(columns, cells));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        problems.push({ line, column: COLUMN_OF_FIELD[field] ?? field, message: issue.message });
      }
    }

    // Images are not imported: a new product has none, an existing one keeps those listed.
    const images = columns.includes('images') ? splitList(cells.images ?? '') : [];
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

    if (problems.length > 0 || !parsed.success) {
      errors.push(...problems);
      continue;
    }
    const after = newCells(columns, parsed.data, images);
    if (!before) {
      hash.update(`${JSON.stringify(['create', line, after])}\n`);
      preview.counts.create += 1;
      if (preview.create.length < IMPORT_PREVIEW_LIST_MAX) preview.create.push({ line, name: parsed.data.name });
      continue;
    }
    const changes = (Object.keys(after) as ProductCsvColumn[])
      .filter((column) => after[column] !== before[column])
      .map((column) => ({ column, from: restoreCell(before[column]), to: restoreCell(after[column] ?? '') }));
    if (changes.length === 0) {
      preview.counts.unchanged += 1;
      continue;
    }
    hash.update(`${JSON.stringify(['update', line, id, changes])}\n`);
    preview.counts.update += 1;
    if (preview.update.length < IMPORT_PREVIEW_LIST_MAX) {
      preview.update.push({ line, id, name: parsed.data.name, changes });
    }
  }
  preview.counts.bad = new Set(errors.map((problem) => problem.line)).size;
  errors.sort((a, b) => a.line - b.line);
  preview.errors = errors.slice(0, IMPORT_PREVIEW_LIST_MAX);
  preview.fingerprint = hash.digest('hex');
  return preview;
}
