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
  parseStockLevelText,
  restoreCell,
} from '@backroom/contract';
import { HttpError } from '../../http-error';
import { type CsvRecord, checkRowCount, checkUtf8, csvRecords } from './import-records';

/*
 * Reading an import file (docs/decisions/034-csv.md, 036-product-import.md, 044-csv-import-limits.md):
 * UTF-8 and the row limit first, then the header, then each row checked on its own with the Add
 * Product form's schema, one at a time, in the file's order. No database: what the products are
 * now is the plan's business (import-plan.ts). So the preview, the confirm and a job read a file
 * the same way.
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

/**
 * One row of the file: its id ('' for a new product) and its checked values, or its problems. A
 * row refused before any check against the products (wrong cell count, bad or repeated id) has
 * the id '' and values null.
 */
export interface ReadRow {
  line: number;
  id: string;
  /** The Add Product form's values; null when the row broke the form's rules (see problems). */
  values: AddProductFields | null;
  /** The image URLs the `images` column lists (empty without the column). */
  images: string[];
  problems: ImportProblem[];
}

/** A file as read: its columns, how many records it holds, its rows, and problems of rows not among them. */
export interface ReadFile {
  columns: ProductCsvColumn[];
  rowCount: number;
  rows: ReadRow[];
  /** The problems of rows left out of `rows` (a job's file carries only the good rows: compactFile). */
  errors: ImportProblem[];
}

/** A file opened for reading: its checked header, and its rows to come, in order. */
export interface OpenedImportFile {
  columns: ProductCsvColumn[];
  rows: AsyncGenerator<ReadRow>;
}

export const splitList = (cell: string) =>
  cell === ''
    ? []
    : cell
        .split(CSV_LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter(Boolean);

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
    } else if (column === 'stockLevels') {
      // A cell that is not 'colour/size=units' goes on as -1 units, which the form's schema refuses.
      const cells = splitList(cell).map((text) => parseStockLevelText(text) ?? { color: '', size: '', quantity: -1 });
      fields[field] = JSON.stringify(cells);
    } else if ((PRODUCT_TAGS as readonly string[]).includes(column) || column === 'trackStock') {
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

/** A row refused before any check against the products. */
const refused = (problem: ImportProblem): ReadRow => ({
  line: problem.line,
  id: '',
  values: null,
  images: [],
  problems: [problem],
});

/**
 * Each record after the header, checked on its own (the ids' repeats against the rows before it).
 * The records give way to the event loop as they come (csvRecords), so a caller's loop does too.
 */
async function* checkedRows(columns: ProductCsvColumn[], records: AsyncGenerator<CsvRecord>): AsyncGenerator<ReadRow> {
  const lineOfId = new Map<string, number>();
  for await (const { record, line } of records) {
    if (record.length !== columns.length) {
      yield refused({ line, column: 'row', message: `has ${record.length} cells, the header ${columns.length}` });
      continue;
    }
    const cells: Cells = Object.fromEntries(columns.map((column, i) => [column, restoreCell(record[i] ?? '')]));
    const id = (cells.id ?? '').trim();
    if (id !== '') {
      if (!objectIdSchema.safeParse(id).success) {
        yield refused({ line, column: 'id', message: 'is not a product id (leave it empty for a new product)' });
        continue;
      }
      const first = lineOfId.get(id);
      if (first !== undefined) {
        yield refused({ line, column: 'id', message: `is on line ${first} too` });
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
    yield { line, id, values: parsed.success ? parsed.data : null, images, problems };
  }
}

/**
 * Opens a file: refused as a whole when it is not UTF-8, holds more than IMPORT_ROW_LIMIT rows
 * (counted first, so nothing of such a file is checked) or has a bad header; else its columns and
 * its rows, read as they are asked for. Nothing but the file's bytes is held meanwhile.
 */
export async function openImportFile(csv: Buffer): Promise<OpenedImportFile> {
  checkUtf8(csv);
  await checkRowCount(csv);
  const records = csvRecords(csv);
  try {
    const head = await records.next();
    const columns = readHeader(head.done ? undefined : head.value.record);
    return { columns, rows: checkedRows(columns, records) };
  } catch (error) {
    await records.return(undefined);
    throw error;
  }
}

/** The whole file read: every row, in order (the rows refused with their problem among them). */
export async function readImportFile(csv: Buffer): Promise<ReadFile> {
  const { columns, rows: reading } = await openImportFile(csv);
  const rows: ReadRow[] = [];
  for await (const row of reading) rows.push(row);
  return { columns, rowCount: rows.length, rows, errors: [] };
}

/**
 * The file as a job carries it: rows refused or that broke the form's rules become their
 * problems, so only checked values travel (the plan counts those lines as bad all the same).
 */
export function compactFile(file: ReadFile): ReadFile {
  return {
    columns: file.columns,
    rowCount: file.rowCount,
    rows: file.rows.filter((row) => row.values !== null),
    errors: [...file.errors, ...file.rows.flatMap((row) => (row.values === null ? row.problems : []))],
  };
}
