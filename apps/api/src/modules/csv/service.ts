import {
  exportFileName,
  ORDER_CSV_COLUMNS,
  ORDER_ITEM_CSV_COLUMNS,
  type OrderExportQuery,
  PRODUCT_CSV_COLUMNS,
  type ProductExportQuery,
  USER_CSV_COLUMNS,
  type UserExportQuery,
} from '@backroom/contract';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { orderFilter } from '../orders/service';
import { type OpenedExport, openCsvExport } from './csv-stream';
import { orderItemLines, orderLines, productLines, userLines } from './lines';
import { orderCount, orderRows, productCount, productRows, userCount, userRows } from './queries';

export interface ExportDeps {
  db: Db;
  /** Each export holds one connection of this pool for as long as it streams. */
  pool: pg.Pool;
}

export type ExportFile = OpenedExport & { fileName: string };

/** GET /api/order/export: the orders list's filter (orderFilter, the list's own), a line per order or per item. */
export async function exportOrders(deps: ExportDeps, query: OrderExportQuery): Promise<ExportFile> {
  const { lines, ...request } = query;
  const filter = orderFilter(request);
  const perItem = lines === 'item';
  const opened = await openCsvExport(deps.pool, {
    columns: perItem ? ORDER_ITEM_CSV_COLUMNS : ORDER_CSV_COLUMNS,
    count: orderCount(deps.db, filter),
    rows: orderRows(filter, !perItem),
    lines: perItem ? orderItemLines : orderLines,
  });
  return { ...opened, fileName: exportFileName(perItem ? 'order-items' : 'orders', new Date()) };
}

/** GET /api/product/export: the product list's filter, newest first unless told (as the paged list). */
export async function exportProducts(deps: ExportDeps, query: ProductExportQuery): Promise<ExportFile> {
  const opened = await openCsvExport(deps.pool, {
    columns: PRODUCT_CSV_COLUMNS,
    count: productCount(deps.db, query),
    rows: productRows(query, query.sort ?? 'newest'),
    lines: productLines,
  });
  return { ...opened, fileName: exportFileName('products', new Date()) };
}

/** GET /api/user/export: the users list's search and role, admins first then newest. */
export async function exportUsers(deps: ExportDeps, query: UserExportQuery): Promise<ExportFile> {
  const filter = { q: query.q, role: query.role };
  const opened = await openCsvExport(deps.pool, {
    columns: USER_CSV_COLUMNS,
    count: userCount(filter),
    rows: userRows(filter),
    lines: userLines,
  });
  return { ...opened, fileName: exportFileName('users', new Date()) };
}
