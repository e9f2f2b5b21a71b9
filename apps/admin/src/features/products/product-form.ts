import {
  ACCESSORY_FLAGS,
  type AccessoryFormValues,
  accessoryImageField,
  cleanEntries,
  NEW_IMAGES_FIELD,
  PRODUCT_TAGS,
  type Product,
  type ProductFormValues,
  type ProductTag,
  parsePriceCents,
  priceFromCents,
  productImageField,
  type StockLevel,
  stockGrid,
} from '@backroom/contract';
import { accessoriesForToggle, blankAccessory } from './product-form-accessories';
import { discountValue } from './product-form-discount';
import { colorVariantsFor, type ImageEntry } from './product-form-images';

/*
 * The Add and Modify product forms' values, and how they become the multipart fields of spec 1
 * section 7. Pure: the screens call these. The forms' other rules stand beside this by job:
 * product-form-accessories, -choices (categories and option lists), -discount and -images.
 */

// ---- Form values -------------------------------------------------------------------------------

/** An empty Add Product form; the categories are filled in once the tree is known. */
export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    description: '',
    price: '',
    discount: 0,
    mainCategory: '',
    subCategory: '',
    subSubCategory: '',
    tags: [],
    colors: [],
    clothingSizes: [],
    canvasSizes: [],
    trackStock: false,
    stockLevels: [],
    lowStockThreshold: '',
    hasAccessory: false,
    accessories: [],
  };
}

/** The Modify form opened on a product (spec 1 section 4: opening loads the product's values). */
export function productFormValues(product: Product): ProductFormValues {
  const accessories = product.accessories.map(
    (a): AccessoryFormValues => ({
      name: a.name,
      description: a.description,
      price: a.price,
      flags: ACCESSORY_FLAGS.filter((f) => a[f]),
      images: a.images.map((url) => ({ kind: 'saved', url })),
    }),
  );
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    discount: product.discount,
    mainCategory: product.mainCategory,
    subCategory: product.subCategory,
    subSubCategory: product.subSubCategory,
    tags: PRODUCT_TAGS.filter((t) => product[t]),
    colors: cleanEntries(product.colorVariants.map((v) => v.color)),
    clothingSizes: [...product.clothingSizes],
    canvasSizes: [...product.canvasSizes],
    trackStock: product.trackStock,
    stockLevels: product.stockLevels.map((c) => ({ ...c })),
    lowStockThreshold: product.lowStockThreshold === null ? '' : String(product.lowStockThreshold),
    hasAccessory: product.hasAccessory,
    accessories: accessoriesForToggle(product.hasAccessory, accessories, blankAccessory),
  };
}

// ---- Multipart fields --------------------------------------------------------------------------

/** A typed price as the API's dollars, two decimals: '12.5' → '12.50'. */
export function priceField(input: string | number): string {
  const parsed = parsePriceCents(input);
  if (!parsed.ok) throw new Error(`price ${parsed.problem}`);
  return priceFromCents(parsed.value).toFixed(2);
}

const flag = (on: boolean) => (on ? 'true' : 'false');

function tagFieldValues(tags: readonly ProductTag[]): Record<ProductTag, string> {
  return Object.fromEntries(PRODUCT_TAGS.map((t) => [t, flag(tags.includes(t))])) as Record<ProductTag, string>;
}

function accessoryJson(accessory: AccessoryFormValues, withImages: boolean) {
  const parsed = parsePriceCents(accessory.price);
  return {
    name: accessory.name.trim(),
    description: accessory.description.trim(),
    price: parsed.ok ? priceFromCents(parsed.value) : 0,
    ...Object.fromEntries(ACCESSORY_FLAGS.map((f) => [f, accessory.flags.includes(f)])),
    ...(withImages && {
      images: accessory.images.flatMap((image) => (image.kind === 'saved' ? [image.url] : [])),
    }),
  };
}

/** The grid's cells for the form's colours and sizes, quantities as typed (0 where none yet). */
export function formStockCells(
  values: Pick<ProductFormValues, 'colors' | 'clothingSizes' | 'canvasSizes' | 'stockLevels'>,
) {
  return stockGrid(
    cleanEntries(values.colors),
    [...cleanEntries(values.clothingSizes), ...cleanEntries(values.canvasSizes)],
    values.stockLevels,
  );
}

/** Track stock, the low-stock threshold and, when tracked, every cell of the grid (decision 055). */
function stockFields(values: ProductFormValues): Record<string, string> {
  return {
    trackStock: flag(values.trackStock),
    lowStockThreshold: values.lowStockThreshold.trim(),
    ...(values.trackStock && { stockLevels: JSON.stringify(formStockCells(values)) }),
  };
}

function commonFields(values: ProductFormValues): Record<string, string> {
  const accessories = values.hasAccessory ? values.accessories : [];
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: priceField(values.price),
    mainCategory: values.mainCategory,
    subCategory: values.subCategory,
    subSubCategory: values.subSubCategory,
    ...tagFieldValues(values.tags),
    clothingSizes: JSON.stringify(cleanEntries(values.clothingSizes)),
    canvasSizes: JSON.stringify(cleanEntries(values.canvasSizes)),
    hasAccessory: flag(values.hasAccessory && accessories.length > 0),
    ...stockFields(values),
    ...(accessories.length > 0 && { accessories: JSON.stringify(accessories.map((a) => accessoryJson(a, false))) }),
  };
}

/** POST /api/product/add's text fields (spec 1 section 7); colorVariants is the list of colour names. */
export function addProductFields(values: ProductFormValues): Record<string, string> {
  return { ...commonFields(values), colorVariants: JSON.stringify(cleanEntries(values.colors)) };
}

export interface ImageChanges {
  entries: readonly ImageEntry[];
  /** Base names of the saved images removed. */
  removed: readonly string[];
  /** URLs of the saved accessory images removed. */
  removedAccessoryImages: readonly string[];
}

/**
 * The grid's cells, each with the units it held when the form opened (`was`, decision 055): the
 * server keeps what an order changed meanwhile in a cell left alone, and refuses a changed cell
 * whose units moved since.
 */
export function stockCellsSent(values: ProductFormValues, opened: readonly StockLevel[]) {
  const was = new Map(opened.map((c) => [`${c.color}\u0000${c.size}`, c.quantity]));
  return formStockCells(values).map((cell) => {
    const before = was.get(`${cell.color}\u0000${cell.size}`);
    return before === undefined ? cell : { ...cell, was: before };
  });
}

/**
 * PUT /api/product/update/{id}'s text fields (spec 1 section 7); `openedStock` is the product's
 * stockLevels as the form opened.
 */
export function updateProductFields(
  values: ProductFormValues,
  images: ImageChanges,
  openedStock: readonly StockLevel[] = [],
): Record<string, string> {
  const fields = commonFields(values);
  const urls = images.entries.map((e) => (e.image.kind === 'saved' ? e.image.url : null));
  const accessories = values.hasAccessory ? values.accessories : [];
  return {
    ...fields,
    discount: String(discountValue(values.discount)),
    accessories: JSON.stringify(accessories.map((a) => accessoryJson(a, true))),
    colorVariants: JSON.stringify(
      colorVariantsFor(
        values.colors,
        images.entries.map((e) => e.color),
        urls,
      ),
    ),
    existingImages: JSON.stringify(urls.filter((u): u is string => u !== null)),
    removedImages: JSON.stringify(images.removed),
    removedAccessoryImages: JSON.stringify(images.removedAccessoryImages),
    ...(values.trackStock && { stockLevels: JSON.stringify(stockCellsSent(values, openedStock)) }),
  };
}

/**
 * The follow-up call that ties colours to new images once they are saved: name, description and
 * price (required), and colorVariants lined up with the saved product's images; the rest is kept.
 */
export function colorFollowUpFields(
  values: ProductFormValues,
  entries: readonly ImageEntry[],
  savedImages: readonly string[],
): Record<string, string> {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: priceField(values.price),
    colorVariants: JSON.stringify(
      colorVariantsFor(
        values.colors,
        entries.map((e) => e.color),
        savedImages,
      ),
    ),
  };
}

/** A file to send, and the field it goes in. */
export interface FileField {
  field: string;
  file: Blob;
}

/** Add: image{n} for each filled slot (n from 1), then accessory{i}_image{n}. */
export function addProductFiles(slots: readonly (Blob | null)[], values: ProductFormValues): FileField[] {
  const images = slots.flatMap((file, i) => (file ? [{ field: productImageField(i + 1), file }] : []));
  return [...images, ...accessoryFiles(values)];
}

/** Update: newImages[] in the manager's order, then accessory{i}_image{n} numbered after the images each keeps. */
export function updateProductFiles(entries: readonly ImageEntry[], values: ProductFormValues): FileField[] {
  const images = entries.flatMap((e) =>
    e.image.kind === 'new' ? [{ field: NEW_IMAGES_FIELD, file: e.image.file }] : [],
  );
  return [...images, ...accessoryFiles(values)];
}

function accessoryFiles(values: ProductFormValues): FileField[] {
  if (!values.hasAccessory) return [];
  return values.accessories.flatMap((accessory, i) => {
    const kept = accessory.images.filter((image) => image.kind === 'saved').length;
    return accessory.images
      .flatMap((image) => (image.kind === 'new' ? [image.file] : []))
      .map((file, j) => ({ field: accessoryImageField(i + 1, kept + j + 1), file }));
  });
}
