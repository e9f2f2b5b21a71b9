import {
  EVENTS,
  PRODUCT_TAG_LABELS,
  type ProductBulkAction,
  type ProductBulkSelection,
  type ProductsUpdatedEvent,
} from '@backroom/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import { removeImages } from '../../storage/stored-images';
import { recordChanges } from '../activity/recorder';
import { productFiles } from '../products/product-view';
import { countQuery, filterWhere, type ProductFilter } from '../products/repository';
import { UNLOGGED_PRODUCT_FIELDS } from '../products/service';
import type { BatchOutcome, BulkPlan } from './plan';
import {
  type CategoryPlace,
  deleteProducts,
  findCategory,
  nextBatch,
  type ProductChange,
  setProductsCategory,
  setProductsDiscount,
  setProductsFlag,
} from './repository';

export interface ProductPlanInput {
  selection: ProductBulkSelection;
  action: ProductBulkAction;
}

export interface ProductPlanDeps {
  storage: ImageStorage;
  log: FastifyBaseLogger;
  realtime: () => Pick<Realtime, 'toAdmins'>;
}

/** The products list's filter fields of a list query (its sort and paging play no part). */
function listFilter(query: ProductFilter): ProductFilter {
  const { q, mainCategory, subCategory, subSubCategory, status } = query;
  return { q, mainCategory, subCategory, subSubCategory, status };
}

/** The category an action moves products to, refused unless the category tree has it. */
async function checkedPlace(db: DbOrTx, action: Extract<ProductBulkAction, { kind: 'category' }>) {
  const place: CategoryPlace = {
    mainCategory: action.mainCategory,
    subCategory: action.subCategory ?? '',
    subSubCategory: action.subSubCategory ?? '',
  };
  const main = await findCategory(db, place.mainCategory);
  if (!main) throw new HttpError(400, `action.mainCategory: there is no category named ${place.mainCategory}`);
  if (place.subCategory && !main.subCategories.includes(place.subCategory)) {
    throw new HttpError(400, `action.subCategory: ${place.mainCategory} has no sub-category ${place.subCategory}`);
  }
  if (place.subSubCategory && !main.subSubCategories.includes(place.subSubCategory)) {
    throw new HttpError(
      400,
      `action.subSubCategory: ${place.mainCategory} has no sub-sub-category ${place.subSubCategory}`,
    );
  }
  return place;
}

/**
 * A bulk action on products, over picked ids or the products list's own filter (filterWhere). A
 * deleted product goes as one deleted alone does: its bundles keep the line as removed (the
 * foreign key sets it null), its wishlist entries go, and its files are removed once the batch
 * has committed. A product that already has the value asked is skipped. Each product changed or
 * deleted gets its activity entry in the batch's transaction, as one changed alone does.
 */
/** Each changed product's activity entry ('updated', the fields set, old and new), in the batch's transaction. */
async function logged(tx: DbOrTx, changes: ProductChange[]): Promise<number> {
  const entries = changes.map(({ id, before, after }) => ({ recordId: id, before, after }));
  await recordChanges(tx, 'product', 'updated', entries, UNLOGGED_PRODUCT_FIELDS);
  return changes.length;
}

export function productPlan(input: ProductPlanInput, deps: ProductPlanDeps): BulkPlan {
  const { selection, action } = input;
  const ids = 'ids' in selection ? [...new Set(selection.ids)] : undefined;
  const filter = 'filter' in selection ? listFilter(selection.filter) : {};
  const where = ids ? inArray(products.id, ids) : filterWhere(filter);
  let place: CategoryPlace | undefined;

  async function apply(tx: DbOrTx, batch: string[]): Promise<BatchOutcome> {
    switch (action.kind) {
      case 'flag': {
        const changed = await logged(tx, await setProductsFlag(tx, batch, action.flag, action.value));
        const label = PRODUCT_TAG_LABELS[action.flag];
        const reason = action.value ? `already ${label}` : `already not ${label}`;
        return { updated: changed, skipped: { [reason]: batch.length - changed } };
      }
      case 'discount': {
        const changed = await logged(tx, await setProductsDiscount(tx, batch, action.percent));
        return { updated: changed, skipped: { [`already ${action.percent}% off`]: batch.length - changed } };
      }
      case 'category': {
        place ??= await checkedPlace(tx, action);
        const changed = await logged(tx, await setProductsCategory(tx, batch, place));
        return { updated: changed, skipped: { 'already in that category': batch.length - changed } };
      }
      case 'delete': {
        const removed = await deleteProducts(tx, batch);
        const entries = removed.map((row) => ({ recordId: row.id, before: row, after: null }));
        await recordChanges(tx, 'product', 'deleted', entries, UNLOGGED_PRODUCT_FIELDS);
        const files = removed.flatMap(productFiles);
        return { updated: removed.length, afterCommit: () => removeImages(deps.storage, files, deps.log) };
      }
    }
  }

  return {
    target: 'products',
    kind: action.kind,
    verb: action.kind === 'delete' ? 'deleted' : 'updated',
    picked: ids !== undefined,
    async check(db) {
      if (action.kind === 'category') place = await checkedPlace(db, action);
    },
    async count(db) {
      if (ids) return ids.length;
      return (await countQuery(db, filter))[0]?.n ?? 0;
    },
    nextBatch: (tx, after, limit) => nextBatch(tx, products, where, after, limit),
    apply,
    notifyEnd() {
      const event: ProductsUpdatedEvent = { action: action.kind === 'delete' ? 'removed' : 'updated' };
      deps.realtime().toAdmins(EVENTS.productsUpdated, event);
    },
  };
}
