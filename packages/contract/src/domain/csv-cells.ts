import { PRODUCT_TAGS } from '../constants';

/*
 * The cells of the CSV exports (and of the products import, which reads the same columns):
 * how each kind of value is written, and the CSV injection rule (docs/decisions/034-csv.md).
 */

/**
 * A cell a spreadsheet would read as a formula (or whose leading tab / CR it would eat): it starts
 * with =, +, -, @, a tab or a carriage return, after any number of apostrophes. Counting the
 * apostrophes makes the rule reversible: a text that already starts with "'=" is written "''=",
 * so restoreCell gives back exactly what was exported.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A text cell as exported: a leading apostrophe when a spreadsheet could run it as a formula. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text an exported cell stood for: neutraliseCell undone (the import reads cells with it). */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A text cell; null and undefined are an empty cell. */
export function textCell(value: string | null | undefined): string {
  return value == null ? '' : neutraliseCell(value);
}

/** Money from integer cents as a number with two decimals ('1234.50'), exact: no float rounding. */
export function moneyCell(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** Money from dollars (as the API answers it) with two decimals. */
export function dollarsCell(dollars: number): string {
  return moneyCell(Math.round(dollars * 100));
}

export function booleanCell(value: boolean): string {
  return value ? 'true' : 'false';
}

/** A moment as ISO 8601 in UTC; null is an empty cell. */
export function dateCell(value: Date | string | null | undefined): string {
  if (value == null) return '';
  return typeof value === 'string' ? value : value.toISOString();
}

/** The separator of a list kept in one cell (sizes, colours, image URLs). */
export const CSV_LIST_SEPARATOR = '|';

/** A list in one cell, 'S|M|L'; the whole cell is neutralised, as any text. */
export function listCell(values: readonly string[]): string {
  return neutraliseCell(values.join(CSV_LIST_SEPARATOR));
}

/** The columns of each export, in order: the header row's names, as the API names the fields. */
export const ORDER_CSV_COLUMNS = [
  'id',
  'date',
  'status',
  'payment',
  'paymentMethod',
  'amount',
  'itemCount',
  'userId',
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'city',
  'state',
  'zipcode',
  'country',
  'trackingNumber',
  'discountCode',
  'lastStatusAt',
  'lastStatusBy',
] as const;

/** One line per order item: the order's key fields, then the item's. */
export const ORDER_ITEM_CSV_COLUMNS = [
  'orderId',
  'date',
  'status',
  'payment',
  'paymentMethod',
  'amount',
  'firstName',
  'lastName',
  'email',
  'line',
  'productId',
  'name',
  'color',
  'size',
  'quantity',
  'unitPrice',
  'lineTotal',
] as const;

/**
 * The products' columns, written by the export and read by the import. Accessories are not in it
 * (the import leaves them as they are); stock is trackStock, lowStockThreshold (blank: the shop's
 * default) and stockLevels (every cell of a tracked product, stockLevelText); images lists the image URLs a
 * product keeps (images themselves are not imported).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'price',
  'discount',
  'mainCategory',
  'subCategory',
  'subSubCategory',
  ...PRODUCT_TAGS,
  'colors',
  'clothingSizes',
  'canvasSizes',
  'trackStock',
  'lowStockThreshold',
  'stockLevels',
  'images',
  'date',
] as const;

/**
 * A stock grid cell in the products CSV's stockLevels column (decision 055): 'colour/size=units',
 * either name empty where the product has none ('Red/M=3', 'Red/=2', '/=5'); cells joined with
 * the list separator.
 */
export function stockLevelText(cell: { color: string; size: string; quantity: number }): string {
  return `${cell.color}/${cell.size}=${cell.quantity}`;
}

/** A stockLevels item read back: its cell, or null when it is not 'colour/size=units'. */
export function parseStockLevelText(text: string): { color: string; size: string; quantity: number } | null {
  const eq = text.lastIndexOf('=');
  const slash = text.indexOf('/');
  if (eq < 0 || slash < 0 || slash > eq) return null;
  const units = text.slice(eq + 1).trim();
  if (!/^\d+$/.test(units)) return null;
  return { color: text.slice(0, slash).trim(), size: text.slice(slash + 1, eq).trim(), quantity: Number(units) };
}

export const USER_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'role',
  'active',
  'joined',
  'orders',
  'delivered',
  'totalSpent',
  'lastOrderAt',
] as const;

export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number];
export type OrderItemCsvColumn = (typeof ORDER_ITEM_CSV_COLUMNS)[number];
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type UserCsvColumn = (typeof USER_CSV_COLUMNS)[number];

/** A record's cells in the columns' order; a column the record lacks is an empty cell. */
export function csvRow<C extends string>(columns: readonly C[], cells: Partial<Record<C, string>>): string[] {
  return columns.map((column) => cells[column] ?? '');
}

/** An export's file name, dated by the UTC day it was made: 'orders-2026-11-24.csv'. */
export function exportFileName(kind: string, at: Date): string {
  return `${kind}-${at.toISOString().slice(0, 10)}.csv`;
}
