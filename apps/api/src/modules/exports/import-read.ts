import {
  type AddProductFields,
  addProductFieldsSchema,
  CSV_LIST_SEPARATOR,
  IMPORT_FILE_FIELD,
  type ImportProblem,
  objectIdSchema,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_TAGS,
  type ProductCsvColumn,
  restoreCell,
} from '@backroom/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { HttpError } from '../../plugins/errors';

/*
 * Reading an import file (docs/decisions/034-csv.md, 036-product-import.md): the header, and each
 * row checked on its own with the Add Product form's schema. No database: what the products are
 * now is the plan's business (import-plan.ts). Pure, so the preview, the confirm and a job read a
 * file the same way.
 */

/** The columns a file must have: the id (empty for a new product) and what every product form requires. */
const REQUIRED_COLUMNS: ProductCsvColumn[] = ['id', 'name', 'description', 'price'];
/** Columns read but never written: the date a product was added is the shop's record. */
export const IGNORED_COLUMNS = new Set<ProductCsvColumn>(['id', 'date']);
const KNOWN = new Set<string>(PRODUCT_CSV_COLUMNS);

/** The form field a column fills, where the names differ. */
const FORM_FIELD: Partial<Record<ProductCsvColumn, string>> = { colors: 'colorVariants' };
const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = { colorVariants: 'colors' };

type Cells = Partial<Record<ProductCsvColumn, string>>;

/** One row of the file that could be read: its id ('' for a new product) and its checked values, or its problems. */
export interface ReadRow {
  line: number;
  id: string;
  /** The Add Product form's values; null when the row broke the form's rules (see problems). */
  values: AddProductFields | null;
  /** The image URLs the `images` column lists (empty without the column). */
  images: string[];
  problems: ImportProblem[];
}

/** A file as read: its columns, how many records it holds, its rows, and the rows that could not be read. */
export interface ReadFile {
  columns: ProductCsvColumn[];
  rowCount: number;
  rows: ReadRow[];
  /** Rows refused before any check against the products: wrong cell count, bad or repeated id. */
  errors: ImportProblem[];
}

export const splitList = (cell: string) =>
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

export function readImportFile(csv: Buffer): ReadFile {
  const [head, ...body] = readRecords(csv);
  const columns = readHeader(head?.record);
  const errors: ImportProblem[] = [];
  const rows: ReadRow[] = [];
  const lineOfId = new Map<string, number>();
  for (const { record, line } of body) {
    if (record.length !== columns.length) {
      errors.push({ line, column: 'row', message: `has ${record.length} cells, the header ${columns.length}` });
      continue;
    }
    const cells: Cells = Object.fromEntries(columns.map((column, i) => [column, restoreCell(record[i] ?? '')]));
    const id = (cells.id ?? '').trim();
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
    const parsed = addProductFieldsSchema.safeParse(formFields(columns, cells));
    const problems: ImportProblem[] = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? 'row');
          return { line, column: COLUMN_OF_FIELD[field] ?? field, message: issue.message };
        });
    const images = columns.includes('images') ? splitList(cells.images ?? '') : [];
    rows.push({ line, id, values: parsed.success ? parsed.data : null, images, problems });
  }
  return { columns, rowCount: body.length, rows, errors };
}

/**
 * The file as a job carries it: rows that broke the form's rules become their problems, so only
 * checked values travel (the plan counts those lines as bad all the same).
 */
export function compactFile(file: ReadFile): ReadFile {
  return {
    columns: file.columns,
    rowCount: file.rowCount,
    rows: file.rows.filter((row) => row.values !== null),
    errors: [...file.errors, ...file.rows.flatMap((row) => (row.values === null ? row.problems : []))],
  };
}
