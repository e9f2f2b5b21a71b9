import type { CategoryNode } from '@backroom/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';

export function listCategories(db: DbOrTx): Promise<CategoryNode[]> {
  return db
    .select({
      name: categories.name,
      subCategories: categories.subCategories,
      subSubCategories: categories.subSubCategories,
    })
    .from(categories)
    .orderBy(asc(categories.position));
}

/** Writers of the tree wait for each other until the transaction ends; readers never wait. */
export async function lockCategories(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
}

/** Replaces the whole tree (inside a transaction that holds lockCategories). */
export async function replaceCategories(tx: DbOrTx, tree: readonly CategoryNode[]): Promise<void> {
  await tx.delete(categories);
  if (tree.length === 0) return;
  await tx.insert(categories).values(tree.map((c, position) => ({ ...c, position })));
}

export async function categoryExists(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await db.select({ name: categories.name }).from(categories).where(eq(categories.name, name)).limit(1);
  return rows.length > 0;
}

export async function renameCategoryRow(db: DbOrTx, oldName: string, newName: string): Promise<void> {
  await db.update(categories).set({ name: newName }).where(eq(categories.name, oldName));
}

export async function deleteCategoryRow(db: DbOrTx, name: string): Promise<void> {
  await db.delete(categories).where(eq(categories.name, name));
}

/** Adds an empty main category at the end of the tree unless it is there already. */
export async function appendCategoryIfMissing(db: DbOrTx, name: string): Promise<void> {
  await db.execute(sql`
    insert into ${categories} (name, position, sub_categories, sub_sub_categories)
    select ${name}, (select coalesce(max(position) + 1, 0) from ${categories}), '[]'::jsonb, '[]'::jsonb
    where not exists (select 1 from ${categories} where name = ${name})`);
}
