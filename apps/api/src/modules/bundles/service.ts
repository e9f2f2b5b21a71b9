import {
  BUNDLE_IMAGE_FIELD,
  BUNDLE_MESSAGES,
  type Bundle,
  type BundleFields,
  type BundlesUpdatedEvent,
  bundleFieldsSchema,
  bundleImageCountProblem,
  bundlePurchaseRefusal,
  bundleStatus,
  EVENTS,
  newObjectId,
  priceFromCents,
  todayIn,
} from '@backroom/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { type MultipartForm, parseFields } from '../../plugins/app/uploads';
import type { Realtime } from '../../plugins/infrastructure/realtime';
import type { ImageStorage } from '../../storage/image-storage';
import type { PreparedImage } from '../../storage/images';
import { imageUrl, nameFromReference, thumbName } from '../../storage/names';
import { prepareFormImage, removeImages, storeImages } from '../../storage/stored-images';
import { recordChange } from '../activity/recorder';
import { bundleSnapshot } from '../activity/snapshot';
import {
  type BundleRow,
  bundleImages,
  deleteBundle,
  findBundle,
  insertBundle,
  listBundles,
  lockBundleImages,
  missingProducts,
  replaceBundleProducts,
  toggleCancelled,
  updateBundle,
} from './repository';

export interface BundleDeps {
  db: Db;
  storage: ImageStorage;
  realtime: Pick<Realtime, 'toAdmins'>;
  log: FastifyBaseLogger;
  /** SHOP_TIMEZONE: the dates are calendar days there. */
  timeZone: string;
  /** The clock; tests move it. */
  now?: () => Date;
}

export type BundleForm = MultipartForm<PreparedImage>;

export const today = (deps: Pick<BundleDeps, 'timeZone' | 'now'>) => todayIn(deps.timeZone, deps.now?.() ?? new Date());

/** A bundle row as the API answers it: dollars, image URLs, the removed products flagged. */
export function toBundle(row: BundleRow, day: string): Bundle {
  const products = row.products.map((line) => ({
    _id: line.id,
    name: line.name,
    price: priceFromCents(line.priceCents),
    removed: line.id === null,
  }));
  const hasRemovedProduct = products.some((p) => p.removed);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    price: priceFromCents(row.priceCents),
    startDate: row.startDate,
    endDate: row.endDate,
    products,
    productCount: products.length,
    purchaseCount: row.purchaseCount,
    images: row.images.map(imageUrl),
    thumbnails: row.images.map((name) => imageUrl(thumbName(name))),
    cancelled: row.cancelled,
    status: bundleStatus(row),
    hasRemovedProduct,
    purchasable: bundlePurchaseRefusal({ ...row, hasRemovedProduct }, day) === null,
    createdAt: row.createdAt,
  };
}

export function notifyBundles(deps: Pick<BundleDeps, 'realtime'>, event: BundlesUpdatedEvent) {
  deps.realtime.toAdmins(EVENTS.bundlesUpdated, event);
}

/**
 * The onFile handler of a bundle form: only `images`, at most 5 new ones (a 6th stops the request
 * before it is read further), each checked by content and re-encoded (storage/stored-images.ts).
 */
export function bundleImageHandler() {
  let count = 0;
  return async (field: string, data: Buffer): Promise<PreparedImage> => {
    if (field !== BUNDLE_IMAGE_FIELD) throw new HttpError(400, `${field}: is not a file field of this form`);
    count += 1;
    const problem = bundleImageCountProblem(count);
    if (problem) throw new HttpError(400, `${BUNDLE_IMAGE_FIELD}: ${problem}`);
    return prepareFormImage(BUNDLE_IMAGE_FIELD, data);
  };
}

/** GET /api/bundle/list: every bundle, newest first. */
export async function listAllBundles(deps: Pick<BundleDeps, 'db' | 'timeZone' | 'now'>) {
  const day = today(deps);
  return { bundles: (await listBundles(deps.db)).map((row) => toBundle(row, day)), today: day };
}

async function read(deps: Pick<BundleDeps, 'db' | 'timeZone' | 'now'>, id: string): Promise<Bundle> {
  const row = await findBundle(deps.db, id);
  if (!row) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
  return toBundle(row, today(deps));
}

const unique = (values: readonly string[]) => [...new Set(values)];

/** The form's rules that need no lock: the image count, and products the catalogue has. */
async function checkForm(deps: BundleDeps, input: BundleFields, keptCount: number, newCount: number) {
  const imageProblem = bundleImageCountProblem(keptCount + newCount);
  if (imageProblem) throw new HttpError(400, `${BUNDLE_IMAGE_FIELD}: ${imageProblem}`);
  const missing = await missingProducts(deps.db, unique(input.products));
  if (missing[0] !== undefined) throw unknownProduct(missing[0]);
}

const unknownProduct = (id: string) => new HttpError(400, BUNDLE_MESSAGES.productUnknown(id));

/** A product deleted between the check and the write: the foreign key refused the line. */
function productGone(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  const constraint = e?.constraint ?? e?.cause?.constraint;
  return code === '23503' && constraint === 'bundle_products_product_id_products_id_fk';
}

/** Writes the lines; refuses (and so rolls back) when a product went in the meantime. */
async function writeLines(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: string, products: string[]) {
  const ids = unique(products);
  const written = new Set(await replaceBundleProducts(tx, id, ids));
  const gone = ids.find((p) => !written.has(p));
  if (gone !== undefined) throw unknownProduct(gone);
}

/** Runs the write; if it fails, the files written for it are removed again. */
async function orRemove<T>(deps: BundleDeps, written: string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await removeImages(deps.storage, written, deps.log);
    if (productGone(error)) throw new HttpError(400, BUNDLE_MESSAGES.productsChanged);
    throw error;
  }
}

/** Not worth an activity entry: the id the entry names, and the times the database keeps. */
const UNLOGGED = ['id', 'createdAt', 'updatedAt'];

const values = (input: BundleFields, images: string[]) => ({
  title: input.title,
  description: input.description,
  priceCents: input.price,
  startDate: input.startDate,
  endDate: input.endDate,
  images,
});

/** POST /api/bundle/create: checked, files written, then the bundle and its lines in one transaction. */
export async function createBundle(deps: BundleDeps, form: BundleForm): Promise<Bundle> {
  const input = parseFields(bundleFieldsSchema, form.fields);
  if (input.existingImages.length > 0) throw new HttpError(400, BUNDLE_MESSAGES.noImagesToKeep);
  const files = form.files.map((f) => f.value);
  await checkForm(deps, input, 0, files.length);
  const written = await storeImages(deps.storage, files);
  const id = newObjectId();
  await orRemove(deps, written, () =>
    deps.db.transaction(async (tx) => {
      await insertBundle(tx, id, values(input, written));
      await writeLines(tx, id, input.products);
      await recordChange(tx, 'bundle', 'created', id, null, await bundleSnapshot(tx, id), UNLOGGED);
    }),
  );
  notifyBundles(deps, { action: 'created', id });
  return read(deps, id);
}

/** The kept images' names, in order, each once; a name that is not the bundle's own is refused. */
function keptImages(references: readonly string[], owned: readonly string[]): string[] {
  const own = new Set(owned);
  const kept = unique(references.map(nameFromReference));
  const foreign = kept.findIndex((name) => !own.has(name));
  if (foreign >= 0) {
    const reference = references.find((r) => nameFromReference(r) === kept[foreign]) ?? '';
    throw new HttpError(400, `existingImages: ${reference.slice(0, 200)} is not one of this bundle's images`);
  }
  return kept;
}

/**
 * PUT /api/bundle/update/{id}. New files are written before the transaction and removed if it
 * fails; the images the bundle no longer holds are deleted after the commit, found by comparing
 * its locked row before and after, so only the bundle's own files can ever be deleted.
 */
export async function changeBundle(deps: BundleDeps, id: string, form: BundleForm): Promise<Bundle> {
  const input = parseFields(bundleFieldsSchema, form.fields);
  const owned = await bundleImages(deps.db, id);
  if (!owned) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
  const files = form.files.map((f) => f.value);
  await checkForm(deps, input, keptImages(input.existingImages, owned).length, files.length);
  const written = await storeImages(deps.storage, files);
  const dropped = await orRemove(deps, written, () =>
    deps.db.transaction(async (tx) => {
      const current = await lockBundleImages(tx, id);
      if (!current) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
      const before = await bundleSnapshot(tx, id);
      const images = [...keptImages(input.existingImages, current), ...written];
      const problem = bundleImageCountProblem(images.length);
      if (problem) throw new HttpError(400, `${BUNDLE_IMAGE_FIELD}: ${problem}`);
      await updateBundle(tx, id, values(input, images));
      await writeLines(tx, id, input.products);
      await recordChange(tx, 'bundle', 'updated', id, before, await bundleSnapshot(tx, id), UNLOGGED);
      const still = new Set(images);
      return current.filter((name) => !still.has(name));
    }),
  );
  await removeImages(deps.storage, dropped, deps.log);
  notifyBundles(deps, { action: 'updated', id });
  return read(deps, id);
}

/** DELETE /api/bundle/{id}: the row and its lines go, then its files. */
export async function removeBundle(deps: BundleDeps, id: string): Promise<void> {
  const images = await deps.db.transaction(async (tx) => {
    const before = await bundleSnapshot(tx, id, { lock: true });
    const gone = await deleteBundle(tx, id);
    if (gone && before) await recordChange(tx, 'bundle', 'deleted', id, before, null, UNLOGGED);
    return gone;
  });
  if (!images) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
  await removeImages(deps.storage, images, deps.log);
  notifyBundles(deps, { action: 'deleted', id });
}

/** POST /api/bundle/cancel/{id}: cancels an active bundle, or undoes the cancel of a cancelled one. */
export async function toggleBundleCancel(deps: BundleDeps, id: string): Promise<{ message: string; bundle: Bundle }> {
  const cancelled = await deps.db.transaction(async (tx) => {
    const now = await toggleCancelled(tx, id);
    if (now !== undefined) await recordChange(tx, 'bundle', 'updated', id, { cancelled: !now }, { cancelled: now });
    return now;
  });
  if (cancelled === undefined) throw new HttpError(404, BUNDLE_MESSAGES.notFound);
  notifyBundles(deps, { action: cancelled ? 'cancelled' : 'restored', id });
  return { message: cancelled ? BUNDLE_MESSAGES.cancelled : BUNDLE_MESSAGES.restored, bundle: await read(deps, id) };
}
