import { type CategoryNode, EVENTS, type ProductsUpdatedEvent } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import { recordChange } from '../activity/recorder';
import { moveMainCategory } from '../products/repository';
import {
  appendCategoryIfMissing,
  categoryExists,
  deleteCategoryRow,
  listCategories,
  lockCategories,
  renameCategoryRow,
  replaceCategories,
} from './repository';

export interface CategoryDeps {
  db: Db;
  realtime: Pick<Realtime, 'toAdmins'>;
}

export function getCategoryTree(db: Db): Promise<CategoryNode[]> {
  return listCategories(db);
}

/** Tells every open admin the tree as it now is (and that products moved, when they did). */
async function announce(deps: CategoryDeps, moved = 0): Promise<CategoryNode[]> {
  const tree = await listCategories(deps.db);
  deps.realtime.toAdmins(EVENTS.categoriesUpdated, { categories: tree });
  if (moved > 0) deps.realtime.toAdmins(EVENTS.productsUpdated, { action: 'moved' } satisfies ProductsUpdatedEvent);
  return tree;
}

/** PUT /api/category/tree: the whole tree, in order. Products keep their categories. */
export async function saveCategoryTree(deps: CategoryDeps, tree: CategoryNode[]): Promise<CategoryNode[]> {
  await deps.db.transaction(async (tx) => {
    await lockCategories(tx);
    const before = await listCategories(tx);
    await replaceCategories(tx, tree);
    // The tree is one record: its entry holds the tree before and after.
    await recordChange(tx, 'category', 'updated', 'tree', { tree: before }, { tree });
  });
  return announce(deps);
}

/**
 * PUT /api/category/rename: in one transaction, the tree's entry takes the new name (if it is
 * still there: the admin may have saved the tree first) and every product of the old main
 * category moves to the new one. Answers how many products moved.
 */
export async function renameMainCategory(
  deps: CategoryDeps,
  input: { oldName: string; newName: string },
): Promise<number> {
  if (input.oldName === input.newName) return 0;
  const moved = await deps.db.transaction(async (tx) => {
    await lockCategories(tx);
    if (await categoryExists(tx, input.oldName)) {
      if (await categoryExists(tx, input.newName)) {
        throw new HttpError(409, 'newName: a category with this name already exists');
      }
      await renameCategoryRow(tx, input.oldName, input.newName);
    }
    const count = await moveMainCategory(tx, input.oldName, input.newName);
    await recordChange(tx, 'category', 'updated', input.newName, { name: input.oldName }, { name: input.newName });
    return count;
  });
  await announce(deps, moved);
  return moved;
}

/**
 * DELETE /api/category/delete: in one transaction, the tree's entry goes (if it is still there)
 * and every product of the main category moves to the fallback, which joins the tree when
 * products moved into it, so that they stay reachable from the filters and forms. Answers how many moved.
 */
export async function deleteMainCategory(
  deps: CategoryDeps,
  input: { name: string; fallback: string },
): Promise<number> {
  if (input.fallback === input.name) throw new HttpError(400, 'fallback: must differ from name');
  const moved = await deps.db.transaction(async (tx) => {
    await lockCategories(tx);
    await deleteCategoryRow(tx, input.name);
    const count = await moveMainCategory(tx, input.name, input.fallback);
    if (count > 0) await appendCategoryIfMissing(tx, input.fallback);
    await recordChange(tx, 'category', 'deleted', input.name, { name: input.name }, { movedTo: input.fallback });
    return count;
  });
  await announce(deps, moved);
  return moved;
}
