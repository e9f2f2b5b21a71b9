import {
  type AccessoryInput,
  type AddProductFields,
  cleanEntries,
  MESSAGES,
  PRODUCT_LIMITS,
  PRODUCT_TAGS,
  type StockCell,
  stockGrid,
  strayStockCells,
  type UpdateProductFields,
} from '@backroom/contract';
import type { StoredAccessory, StoredColorVariant } from '../../db/schema';
import { HttpError } from '../../http-error';
import { nameFromReference } from '../../storage/names';
import type { ProductRow, ProductValues } from './repository';

/*
 * The rules that turn a checked form and its stored images into the values a product row gets.
 * Pure: no database, no files. Every refusal names its field.
 */

/** The names the uploaded files were stored under, by where they go. */
export interface StoredUploads {
  /** image{n} on add (ordered by n) or newImages[] on update (in the order sent). */
  images: string[];
  /** accessory{i}_image{n}, by accessory number (from 1), ordered by n. */
  accessoryImages: Map<number, { field: string; name: string }[]>;
}

function accessoryValues(input: AccessoryInput, images: string[]): StoredAccessory {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    images,
    outOfStock: input.outOfStock,
    preOrder: input.preOrder,
    notAvailableYet: input.notAvailableYet,
    comingSoon: input.comingSoon,
    isNew: input.isNew,
    limitedEdition: input.limitedEdition,
  };
}

/** Adds each accessory's new images after the ones it keeps: at most 2 each, only for accessories there are. */
function attachAccessoryImages(accessories: StoredAccessory[], uploads: StoredUploads): StoredAccessory[] {
  for (const [number, files] of uploads.accessoryImages) {
    const accessory = accessories[number - 1];
    if (!accessory) throw new HttpError(400, `${files[0]?.field}: there is no accessory ${number}`);
    for (const file of files) {
      if (accessory.images.length >= PRODUCT_LIMITS.maxAccessoryImages) {
        throw new HttpError(400, `${file.field}: at most ${PRODUCT_LIMITS.maxAccessoryImages} images per accessory`);
      }
      accessory.images.push(file.name);
    }
  }
  return accessories;
}

function tagValues(input: Partial<Record<(typeof PRODUCT_TAGS)[number], boolean | undefined>>) {
  return Object.fromEntries(PRODUCT_TAGS.filter((t) => input[t] !== undefined).map((t) => [t, input[t]]));
}

/** A new product's values. The n-th colour is tied to the n-th image, when there is one. */
export function newProductValues(input: AddProductFields, uploads: StoredUploads): ProductValues {
  const accessories = input.hasAccessory ? input.accessories.map((a) => accessoryValues(a, [])) : [];
  const images = uploads.images;
  const colorVariants: StoredColorVariant[] = cleanEntries(input.colorVariants).map((color, i) => ({
    color,
    image: images[i] ?? null,
    stock: 0,
    outOfStock: false,
  }));
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    discount: input.discount,
    mainCategory: input.mainCategory,
    subCategory: input.subCategory,
    subSubCategory: input.subSubCategory,
    ...tagValues(input),
    images,
    colorVariants,
    clothingSizes: cleanEntries(input.clothingSizes),
    canvasSizes: cleanEntries(input.canvasSizes),
    hasAccessory: input.hasAccessory,
    accessories: attachAccessoryImages(accessories, uploads),
    trackStock: input.trackStock ?? false,
    lowStockThreshold: input.lowStockThreshold ?? null,
  };
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * A product's values after the modify form. Fields left out keep their value. Images: the ones
 * kept (existingImages, in that order, or else all of them) less removedImages, then the new
 * ones; only the product's own images can be kept. Colour variants must point at an image the
 * product ends up with; left out, a variant whose image went is dropped. Accessories keep only
 * their own images less removedAccessoryImages, then get their new ones.
 */
export function updatedProductValues(
  current: ProductRow,
  input: UpdateProductFields,
  uploads: StoredUploads,
): Partial<ProductValues> {
  const removed = new Set((input.removedImages ?? []).map(nameFromReference));
  const owned = new Set(current.images);
  const kept = (input.existingImages ? unique(input.existingImages.map(nameFromReference)) : current.images).filter(
    (name) => owned.has(name) && !removed.has(name),
  );
  const images = [...kept, ...uploads.images];
  if (images.length > PRODUCT_LIMITS.maxImages) throw new HttpError(400, `newImages: ${MESSAGES.maxImages}`);

  const present = new Set(images);
  const colorVariants: StoredColorVariant[] = input.colorVariants
    ? input.colorVariants.map((v, i) => {
        const image = v.image ? nameFromReference(v.image) : null;
        if (image !== null && !present.has(image)) {
          throw new HttpError(400, `colorVariants.${i}.image: is not one of the product's images`);
        }
        return { color: v.color, image, stock: v.stock, outOfStock: v.outOfStock };
      })
    : current.colorVariants.filter((v) => v.image === null || present.has(v.image));

  const hasAccessory = input.hasAccessory ?? current.hasAccessory;
  const removedAccessory = new Set((input.removedAccessoryImages ?? []).map(nameFromReference));
  const ownedAccessory = new Set(current.accessories.flatMap((a) => a.images));
  // A file belongs to one accessory only: the first to keep it.
  const claimed = new Set<string>();
  const keep = (names: string[]) =>
    names.filter((name) => {
      if (!ownedAccessory.has(name) || removedAccessory.has(name) || claimed.has(name)) return false;
      claimed.add(name);
      return true;
    });
  let accessories: StoredAccessory[] = [];
  if (hasAccessory) {
    accessories = input.accessories
      ? input.accessories.map((a) => accessoryValues(a, keep((a.images ?? []).map(nameFromReference))))
      : current.accessories.map((a) => ({ ...a, images: keep(a.images) }));
  }

  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    ...(input.discount !== undefined && { discount: input.discount }),
    ...(input.mainCategory !== undefined && { mainCategory: input.mainCategory }),
    ...(input.subCategory !== undefined && { subCategory: input.subCategory }),
    ...(input.subSubCategory !== undefined && { subSubCategory: input.subSubCategory }),
    ...tagValues(input),
    images,
    colorVariants,
    ...(input.clothingSizes && { clothingSizes: cleanEntries(input.clothingSizes) }),
    ...(input.canvasSizes && { canvasSizes: cleanEntries(input.canvasSizes) }),
    hasAccessory,
    accessories: attachAccessoryImages(accessories, uploads),
    ...(input.trackStock !== undefined && { trackStock: input.trackStock }),
    ...(input.lowStockThreshold !== undefined && { lowStockThreshold: input.lowStockThreshold }),
  };
}

/**
 * The stock grid a saved product gets (docs/decisions/055-stock.md): every colour × size cell,
 * its units from the form, else as stored, else 0; undefined when it does not track stock (its
 * stored cells stay, unused, for when it tracks again). A cell naming a colour or size the
 * product does not have is refused.
 */
export function stockCellsOf(
  saved: Pick<ProductRow, 'trackStock' | 'colorVariants' | 'clothingSizes' | 'canvasSizes'>,
  given: StockCell[] | undefined,
  stored: StockCell[] = [],
): StockCell[] | undefined {
  if (!saved.trackStock) return undefined;
  const colors = saved.colorVariants.map((v) => v.color);
  const sizes = [...saved.clothingSizes, ...saved.canvasSizes];
  const stray = strayStockCells(colors, sizes, given ?? []);
  if (stray[0]) {
    const { color, size } = stray[0];
    throw new HttpError(
      400,
      `stockLevels: the product is not sold in ${[color, size].filter(Boolean).join(' / ') || 'that variant'}`,
    );
  }
  return stockGrid(colors, sizes, given, stored);
}

/** A cell as the form sends it: with the units it opened with, when Modify Product sent them. */
type SentStockCell = StockCell & { was?: number | undefined };

/**
 * The form's cells weighed against the units held now, read under lock (decision 055): a cell
 * sent as the form opened (`was` equal to its units) is left out, so it keeps what it holds now and
 * an order that took or gave back units meanwhile is never undone; a changed cell is set only if
 * it still holds what the form opened with, else the save is refused (409) naming the cell. Cells
 * sent without `was` (an import, another client) are set as sent.
 */
export function settleStockCells(
  given: SentStockCell[] | undefined,
  held: readonly StockCell[],
): StockCell[] | undefined {
  if (!given) return undefined;
  const now = new Map(held.map((c) => [`${c.color}\u0000${c.size}`, c.quantity]));
  return given.flatMap(({ was, ...cell }) => {
    if (was === undefined) return [cell];
    if (cell.quantity === was) return [];
    const units = now.get(`${cell.color}\u0000${cell.size}`) ?? 0;
    if (units === was) return [cell];
    const name = [cell.color, cell.size].filter(Boolean).join(' / ') || 'the stock';
    throw new HttpError(
      409,
      `stockLevels: ${name} has ${units} now, not the ${was} the form opened with (orders took or gave back units meanwhile): reopen the product and set it again`,
    );
  });
}
