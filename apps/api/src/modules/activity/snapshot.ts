import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The tables whose rows are logged by snapshot (a fixed list: the name goes into the SQL as is). */
export type SnapshotTable = 'orders' | 'users' | 'discount_codes' | 'bundles' | 'conversations' | 'shop_settings';

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * One row as { field: value } (camelCase), read in the caller's transaction: taken before and
 * after a change, the two give the entry's old and new values whatever the service's own queries
 * return. With lock, the row stays locked until the transaction ends (the change would lock it anyway).
 */
export async function snapshot(
  tx: DbOrTx,
  table: SnapshotTable,
  id: string,
  options: { lock?: boolean; key?: string } = {},
): Promise<Record<string, unknown> | null> {
  const result = await tx.execute<{ row: Record<string, unknown> }>(
    sql`SELECT to_jsonb(t) AS row FROM ${sql.identifier(table)} t WHERE ${sql.identifier(options.key ?? 'id')} = ${id}
        ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  const row = result.rows[0]?.row;
  return row ? Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])) : null;
}

/** The fields of row that like names, for comparing a snapshot with a service's own result. */
export function pick(row: Record<string, unknown>, like: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((key) => [key, row[key]]));
}

/** A bundle's row with its products in order (its lines live in bundle_products). */
export async function bundleSnapshot(tx: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const row = await snapshot(tx, 'bundles', id, options);
  if (!row) return null;
  const lines = await tx.execute<{ productId: string | null }>(
    sql`SELECT product_id AS "productId" FROM bundle_products WHERE bundle_id = ${id} ORDER BY position`,
  );
  return { ...row, products: lines.rows.map((line) => line.productId) };
}
