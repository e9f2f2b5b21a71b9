import {
  addProductFieldsSchema,
  DEFAULT_PAGE_SIZE,
  EVENTS,
  MESSAGES,
  type Product,
  type ProductListQuery,
  type ProductsUpdatedEvent,
  updateProductFieldsSchema,
} from '@backroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { transactionRetrying } from '../../db/retry';
import type { SessionProof } from '../../db/session-proof';
import { HttpError } from '../../http-error';
import { type MultipartForm, parseFields } from '../../plugins/app/uploads';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import { removeImages, storeImages } from '../../storage/stored-images';
import { recordChange } from '../activity/recorder';
import {
  newProductValues,
  type StoredUploads,
  settleStockCells,
  stockCellsOf,
  updatedProductValues,
} from './product-values';
import { productFiles, toProduct } from './product-view';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  listAllProducts,
  listProductPage,
  lockStockLevels,
  productExists,
  updateProduct,
  writeStockLevels,
} from './repository';
import type { UploadedImage } from './uploaded-images';

export interface CatalogueDeps {
  db: Db;
  storage: ImageStorage;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: FastifyBaseLogger;
}

export type ProductForm = MultipartForm<UploadedImage>;

/**
 * Not worth an activity entry: kept by the database, or the id the entry already names. The stock
 * total and 'Low stock' follow from stockLevels, which is logged.
 */
export const UNLOGGED_PRODUCT_FIELDS = ['id', 'nameSearch', 'createdAt', 'updatedAt', 'stock', 'lowStock'];
const UNLOGGED = UNLOGGED_PRODUCT_FIELDS;

function notify(deps: CatalogueDeps, event: ProductsUpdatedEvent) {
  deps.realtime.toAdmins(EVENTS.productsUpdated, event);
}

/** Stores the form's files; answers where each went, in the order the product lists them. */
async function storeUploads(
  storage: ImageStorage,
  form: ProductForm,
): Promise<{ uploads: StoredUploads; written: string[] }> {
  const files = form.files.map((f) => f.value);
  const order = (f: UploadedImage) => (f.target.kind === 'newImage' ? 0 : f.target.slot);
  const images = files.filter((f) => f.target.kind !== 'accessory').sort((a, b) => order(a) - order(b));
  const accessory = files.filter((f) => f.target.kind === 'accessory').sort((a, b) => order(a) - order(b));
  const names = await storeImages(storage, [...images, ...accessory]);
  const uploads: StoredUploads = { images: names.slice(0, images.length), accessoryImages: new Map() };
  accessory.forEach((file, i) => {
    if (file.target.kind !== 'accessory') return;
    const list = uploads.accessoryImages.get(file.target.accessory) ?? [];
    list.push({ field: file.field, name: names[images.length + i] as string });
    uploads.accessoryImages.set(file.target.accessory, list);
  });
  return { uploads, written: names };
}

/** POST /api/product/add: files are written first; if the row cannot be written they are removed. */
export async function addProduct(deps: CatalogueDeps, form: ProductForm): Promise<Product> {
  const input = parseFields(addProductFieldsSchema, form.fields);
  const { uploads, written } = await storeUploads(deps.storage, form);
  let product: Product;
  try {
    const row = await deps.db.transaction(async (tx) => {
      let inserted = await insertProduct(tx, newProductValues(input, uploads));
      const cells = stockCellsOf(inserted, input.stockLevels);
      if (cells) {
        await writeStockLevels(tx, inserted.id, cells);
        inserted = (await findProduct(tx, inserted.id)) ?? inserted;
      }
      await recordChange(tx, 'product', 'created', inserted.id, null, inserted, UNLOGGED);
      return inserted;
    });
    product = toProduct(row);
  } catch (error) {
    await removeImages(deps.storage, written, deps.log);
    throw error;
  }
  notify(deps, { action: 'added', id: product._id });
  return product;
}

/**
 * PUT /api/product/update/{id}. New files are written before the transaction and removed if it
 * fails, so a failed update leaves the product and its files as they were. Files the product no
 * longer holds are deleted only after the commit; they are found by comparing the row before
 * and after, so only the product's own files can ever be deleted.
 */
export async function updateProductById(deps: CatalogueDeps, id: string, form: ProductForm): Promise<Product> {
  const input = parseFields(updateProductFieldsSchema, form.fields);
  if (!(await productExists(deps.db, id))) throw new HttpError(404, MESSAGES.productNotFound);
  const { uploads, written } = await storeUploads(deps.storage, form);
  let result: { product: Product; dropped: string[] };
  try {
    result = await transactionRetrying(deps.db, async (tx) => {
      // The cells first, then the row (as an order takes its cells, then flips out_of_stock on the
      // row): the other way round the two deadlock. What orders wrote since the form opened counts.
      const cells = await lockStockLevels(tx, id);
      const current = await findProduct(tx, id, { lock: 'no key update' });
      if (!current) throw new HttpError(404, MESSAGES.productNotFound);
      let row = await updateProduct(tx, id, updatedProductValues(current, input, uploads));
      if (!row) throw new HttpError(404, MESSAGES.productNotFound);
      const held = row.trackStock ? cells : current.stockLevels;
      const settled = stockCellsOf(row, settleStockCells(input.stockLevels, held), held);
      if (settled) {
        await writeStockLevels(tx, id, settled);
        row = (await findProduct(tx, id)) ?? row;
      }
      // From the cells as locked: what an order did since is not the admin's change.
      await recordChange(tx, 'product', 'updated', id, { ...current, stockLevels: held }, row, UNLOGGED);
      const still = new Set(productFiles(row));
      return { product: toProduct(row), dropped: productFiles(current).filter((name) => !still.has(name)) };
    });
  } catch (error) {
    await removeImages(deps.storage, written, deps.log);
    throw error;
  }
  await removeImages(deps.storage, result.dropped, deps.log);
  notify(deps, { action: 'updated', id });
  return result.product;
}

/** POST /api/product/remove: the row goes, then its files. */
export async function removeProduct(deps: CatalogueDeps, id: string): Promise<void> {
  // The row first (a delete needs FOR UPDATE, which waits for the storefront's orders in flight),
  // then the cells (the cascade): an admin's order write locks them the other way round, so the
  // rare deadlock between the two runs again (docs/decisions/055-stock.md).
  const removed = await transactionRetrying(deps.db, async (tx) => {
    const before = await findProduct(tx, id, { lock: 'update' });
    const gone = await deleteProduct(tx, id);
    if (gone && before) await recordChange(tx, 'product', 'deleted', id, before, null, UNLOGGED);
    return gone;
  });
  if (!removed) throw new HttpError(404, MESSAGES.productNotFound);
  await removeImages(deps.storage, productFiles(removed), deps.log);
  notify(deps, { action: 'removed', id });
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const row = await findProduct(db, id);
  if (!row) throw new HttpError(404, MESSAGES.productNotFound);
  return toProduct(row);
}

/**
 * GET /api/product/list. Not paged: every product, oldest first (the spec's admin shows them
 * reversed). Paged: filtered, sorted and cut in SQL, with the number of matches.
 */
export async function listProducts(db: Db, query: ProductListQuery, paged: boolean, proof?: SessionProof) {
  if (!paged) {
    const rows = await listAllProducts(db);
    return { products: rows.map(toProduct), total: rows.length };
  }
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const { rows, total } = await listProductPage(
    db,
    query,
    {
      sort: query.sort ?? 'newest',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    },
    proof,
  );
  return { products: rows.map(toProduct), total, page, pageSize };
}
