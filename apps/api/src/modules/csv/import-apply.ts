import { cleanEntries, PRODUCT_TAGS, type UpdateProductFields } from '@backroom/contract';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { nameFromReference } from '../../storage/names';
import { recordChanges } from '../activity/recorder';
import { newProductValues, type StoredUploads, stockCellsOf, updatedProductValues } from '../products/product-values';
import { productFiles } from '../products/product-view';
import { type ProductRow, writeStockLevels } from '../products/repository';
import { UNLOGGED_PRODUCT_FIELDS } from '../products/service';
import type { ImportPlan, PlannedUpdate } from './import-plan';
import { adminProductColumns, findAdminProducts, updateProductsAtOnce } from './queries';

/*
 * Writing an import's plan on the caller's transaction, through the product forms' own rules
 * (newProductValues, updatedProductValues), each created or updated product with its activity
 * entry. Set-based: a batch of products is inserted, or updated, by one statement, and its entries
 * by one more (one statement per product made the products' statement triggers fire per row). The products to update must be locked already (the plan
 * was computed from them). Files the updated products no longer hold are answered, to be deleted
 * once the transaction has committed (as PUT /api/product/update does).
 */

/** Rows written between two progress reports, and per activity INSERT. */
export const IMPORT_WRITE_BATCH = 500;

/** An import uploads nothing: new products get no images, updated ones keep some of theirs. */
const noUploads = (): StoredUploads => ({ images: [], accessoryImages: new Map() });

/**
 * The modify form's fields for an update: the columns the file has, nothing else. Colour variants
 * are always given, so that what the preview showed is what is stored: the file's colours (or the
 * product's own without a colours column), each keeping its image, stock and out-of-stock mark
 * when the product had that colour; an image no longer kept is unlinked from its colour, not the
 * colour dropped (the form's rule when no variants are sent), since the preview did not show that.
 */
export function importUpdateFields(
  columns: readonly string[],
  update: Pick<PlannedUpdate, 'values' | 'images'>,
  current: Pick<ProductRow, 'images' | 'colorVariants'>,
): UpdateProductFields {
  const has = (column: string) => columns.includes(column);
  const { values } = update;
  const kept = new Set(has('images') ? update.images.map(nameFromReference) : current.images);
  const own = new Map<string, ProductRow['colorVariants'][number]>();
  for (const variant of current.colorVariants) if (!own.has(variant.color)) own.set(variant.color, variant);
  const variants = has('colors')
    ? cleanEntries(values.colorVariants).map(
        (color) => own.get(color) ?? { color, image: null, stock: 0, outOfStock: false },
      )
    : current.colorVariants;
  return {
    name: values.name,
    description: values.description,
    price: values.price,
    ...(has('discount') && { discount: values.discount }),
    ...(has('mainCategory') && { mainCategory: values.mainCategory }),
    ...(has('subCategory') && { subCategory: values.subCategory }),
    ...(has('subSubCategory') && { subSubCategory: values.subSubCategory }),
    ...Object.fromEntries(PRODUCT_TAGS.filter(has).map((tag) => [tag, values[tag]])),
    colorVariants: variants.map((v) => ({ ...v, image: v.image !== null && kept.has(v.image) ? v.image : null })),
    ...(has('clothingSizes') && { clothingSizes: values.clothingSizes }),
    ...(has('canvasSizes') && { canvasSizes: values.canvasSizes }),
    ...(has('images') && { existingImages: update.images }),
    ...(has('trackStock') && { trackStock: values.trackStock ?? false }),
    ...(has('lowStockThreshold') && { lowStockThreshold: values.lowStockThreshold ?? null }),
  } as UpdateProductFields;
}

function* batches<T>(list: readonly T[]): Generator<T[]> {
  for (let i = 0; i < list.length; i += IMPORT_WRITE_BATCH) yield list.slice(i, i + IMPORT_WRITE_BATCH);
}

/** Writes the plan; answers the files to delete after the commit. onProgress: rows written so far. */
export async function applyImport(
  tx: DbOrTx,
  plan: ImportPlan,
  current: ReadonlyMap<string, ProductRow>,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<{ dropped: string[] }> {
  let done = 0;
  for (const batch of batches(plan.creates)) {
    let rows = await tx
      .insert(products)
      .values(batch.map((create) => newProductValues(create.values, noUploads())))
      .returning(adminProductColumns);
    // The stock grids of those that track stock (decision 055), then the rows as they now are.
    let stocked = false;
    for (const [i, row] of rows.entries()) {
      const cells = stockCellsOf(row, batch[i]?.values.stockLevels);
      if (cells) {
        await writeStockLevels(tx, row.id, cells);
        stocked = true;
      }
    }
    if (stocked) {
      const fresh = new Map(
        (
          await findAdminProducts(
            tx,
            rows.map((r) => r.id),
          )
        ).map((r) => [r.id, r]),
      );
      rows = rows.map((row) => fresh.get(row.id) ?? row);
    }
    const entries = rows.map((row) => ({ recordId: row.id, before: null, after: row }));
    await recordChanges(tx, 'product', 'created', entries, UNLOGGED_PRODUCT_FIELDS);
    done += rows.length;
    await onProgress?.(done);
  }
  const dropped: string[] = [];
  for (const batch of batches(plan.updates)) {
    const changes = batch.map((update) => {
      const before = current.get(update.id) as ProductRow;
      const fields = importUpdateFields(plan.columns, update, before);
      return { id: update.id, before, values: updatedProductValues(before, fields, noUploads()), update };
    });
    // Stock cells first: the update's own trigger then sets out_of_stock from them (decision 055).
    for (const { id, before, values, update } of changes) {
      const cells = stockCellsOf({ ...before, ...values }, update.values.stockLevels, before.stockLevels);
      if (cells) await writeStockLevels(tx, id, cells);
    }
    const rows = new Map((await updateProductsAtOnce(tx, changes)).map((row) => [row.id, row]));
    const entries = changes.map(({ id, before }) => ({ recordId: id, before, after: rows.get(id) as ProductRow }));
    await recordChanges(tx, 'product', 'updated', entries, UNLOGGED_PRODUCT_FIELDS);
    for (const { before, after } of entries) {
      const still = new Set(productFiles(after));
      dropped.push(...productFiles(before).filter((name) => !still.has(name)));
    }
    done += batch.length;
    await onProgress?.(done);
  }
  return { dropped };
}
