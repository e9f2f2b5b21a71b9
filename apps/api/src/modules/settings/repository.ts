import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shopSettings } from '../../db/schema';

const columns = {
  hiddenCategories: shopSettings.hiddenCategories,
  hiddenProductTags: shopSettings.hiddenProductTags,
  showSupportInOrders: shopSettings.showSupportInOrders,
  lowStockThreshold: shopSettings.lowStockThreshold,
  updatedAt: shopSettings.updatedAt,
};
export interface SettingsRow {
  hiddenCategories: string[];
  hiddenProductTags: string[];
  showSupportInOrders: boolean;
  lowStockThreshold: number;
  updatedAt: Date;
}

/** The one settings row (id 1), made with the defaults if the migration's row is gone. */
export async function readSettings(db: DbOrTx): Promise<SettingsRow> {
  const rows = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  if (rows[0]) return rows[0];
  await db.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
  const made = await db.select(columns).from(shopSettings).where(eq(shopSettings.id, 1)).limit(1);
  return made[0] as SettingsRow;
}

/**
 * Writes the whole state. updated_at is the version: millisecond precision (what a client's Date
 * keeps) and strictly increasing, so two writes in the same millisecond still differ. With
 * `expected`, the row is written only if it is still at that version (undefined otherwise).
 */
export async function writeSettings(
  db: DbOrTx,
  values: Omit<SettingsRow, 'updatedAt' | 'lowStockThreshold'> & { lowStockThreshold?: number | undefined },
  expected?: Date,
): Promise<SettingsRow | undefined> {
  const rows = await db
    .update(shopSettings)
    .set({
      ...values,
      updatedAt: sql`greatest(date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', ${shopSettings.updatedAt}) + interval '1 millisecond')`,
    })
    .where(
      and(
        eq(shopSettings.id, 1),
        expected
          ? // Compared as text, so any version a client sends (even year 0000) is only ever unequal.
            sql`to_char(${shopSettings.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') = ${expected.toISOString()}`
          : undefined,
      ),
    )
    .returning(columns);
  return rows[0];
}
