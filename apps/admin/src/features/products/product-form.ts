import {
  ACCESSORY_FLAGS,
  type AccessoryFormValues,
  accessoryImageField,
  type CategoryNode,
  type ColorVariant,
  cleanEntries,
  type FormImage,
  MESSAGES,
  NEW_IMAGES_FIELD,
  type OptionSet,
  PRODUCT_LIMITS,
  PRODUCT_TAGS,
  type Product,
  type ProductFormValues,
  type ProductTag,
  parseDiscount,
  parsePriceCents,
  priceFromCents,
  productImageField,
  stockGrid,
} from '@backroom/contract';

/*
 * The rules of the Add and Modify product forms (spec 1 sections 2.4, 2.7, 4 and 5), and how their
 * values become the multipart fields of spec 1 section 7. Pure: the screens call these.
 */

// ---- Accessories -------------------------------------------------------------------------------

export const blankAccessory = (): AccessoryFormValues => ({
  name: '',
  description: '',
  price: '',
  flags: [],
  images: [],
});

/** A count the accessory selector may hold: 1 to 5. */
export function clampAccessoryCount(count: number): number {
  if (!Number.isFinite(count)) return PRODUCT_LIMITS.minAccessories;
  return Math.min(PRODUCT_LIMITS.maxAccessories, Math.max(PRODUCT_LIMITS.minAccessories, Math.trunc(count)));
}

/** The accessory list grown with blank entries, or cut, to the count (1 to 5; spec 1 section 4). */
export function resizeAccessories<T>(list: readonly T[], count: number, blank: () => T): T[] {
  const size = clampAccessoryCount(count);
  if (list.length >= size) return list.slice(0, size);
  return [...list, ...Array.from({ length: size - list.length }, blank)];
}

/**
 * Deleting an accessory removes it and lowers the count (spec 1 section 4). Deleting the last one
 * unticks Has Accessory instead of leaving a blank, required 'Accessory 1' that would block Save.
 */
export function removeAccessory<T>(list: readonly T[], index: number): { accessories: T[]; hasAccessory: boolean } {
  const accessories = list.filter((_, i) => i !== index);
  return { accessories, hasAccessory: accessories.length > 0 };
}

/** Checking Has Accessory starts with one blank accessory; unchecking it clears them (spec 1 section 4). */
export function accessoriesForToggle<T>(hasAccessory: boolean, list: readonly T[], blank: () => T): T[] {
  if (!hasAccessory) return [];
  return list.length > 0 ? [...list] : [blank()];
}

// ---- Categories and option lists ---------------------------------------------------------------

/** Sub and sub-sub after the main category changed: the first of each, or none (spec 1 section 4). */
export function categoryDefaults(
  tree: readonly CategoryNode[],
  mainCategory: string,
): { subCategory: string; subSubCategory: string } {
  const node = tree.find((n) => n.name === mainCategory);
  return { subCategory: node?.subCategories[0] ?? '', subSubCategory: node?.subSubCategories[0] ?? '' };
}

/** The choices of a category select: the tree's, plus the current value if the tree no longer lists it. */
export function withCurrent(options: readonly string[], current: string): string[] {
  return current && !options.includes(current) ? [...options, current] : [...options];
}

/** The values of the option set of that name (e.g. 'Colors'), or none. */
export function optionValues(options: readonly OptionSet[], name: string): string[] {
  return options.find((o) => o.name.trim().toLowerCase() === name.toLowerCase())?.values ?? [];
}

/**
 * The selected sizes or colours that the lists still have (spec 1 section 4). The same array
 * comes back when nothing was dropped, so a screen can compare by reference.
 */
export function keepAvailable(selected: string[], available: readonly string[]): string[] {
  const known = new Set(available);
  return selected.every((v) => known.has(v)) ? selected : selected.filter((v) => known.has(v));
}

/** Adds a value to a selection, or takes it out; picking order is kept. */
export function toggleValue<T>(selected: readonly T[], value: T): T[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

/**
 * What a multi-select dropdown reads (spec 1 section 2.7): its prompt when nothing is chosen,
 * the one label, or 'N {plural} Selected'.
 */
export function selectionSummary(labels: readonly string[], prompt: string, plural: string): string {
  if (labels.length === 0) return prompt;
  if (labels.length === 1) return labels[0] as string;
  return `${labels.length} ${plural} Selected`;
}

// ---- Discount ----------------------------------------------------------------------------------

/** The quick select's choices: 0% to 100% in steps of 5. */
export const DISCOUNT_QUICK_SELECT: readonly number[] = Array.from(
  { length: PRODUCT_LIMITS.maxDiscount / PRODUCT_LIMITS.discountQuickSelectStep + 1 },
  (_, i) => i * PRODUCT_LIMITS.discountQuickSelectStep,
);

/**
 * What the discount field holds after a keystroke (spec 1 section 5): a number from 0 to 100 is
 * taken, empty is taken (it counts as 0), anything else is ignored and the previous value stays.
 */
export function acceptDiscountInput(previous: string | number, typed: string | number): string | number {
  if (typeof typed === 'string' && typed.trim() === '') return '';
  return isAcceptedDiscount(typed) ? typed : previous;
}

/** Whether the discount field takes what was typed: empty, or a number from 0 to 100. */
export function isAcceptedDiscount(typed: string | number): boolean {
  return (typeof typed === 'string' && typed.trim() === '') || parseDiscount(typed).ok;
}

/** The discount to send: empty is 0. */
export function discountValue(input: string | number): number {
  const parsed = parseDiscount(input);
  return parsed.ok ? parsed.value : 0;
}

// ---- Images ------------------------------------------------------------------------------------

/** How many more images a product may take (10 in all). */
export function imagesRemaining(count: number): number {
  return Math.max(0, PRODUCT_LIMITS.maxImages - count);
}

/** 'Maximum 10 images allowed' when adding these would pass 10 in total (existing plus new). */
export function imageLimitProblem(current: number, adding: number): string | null {
  return current + adding > PRODUCT_LIMITS.maxImages ? MESSAGES.maxImages : null;
}

/** The file name at the end of an image URL: '/uploads/ab12.webp' → 'ab12.webp'. */
export function baseName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1);
}

/** On add, the n-th colour goes to the n-th image: the colour each filled slot gets, in slot order. */
export function colorsForImages(colors: readonly string[], imageCount: number): (string | null)[] {
  return Array.from({ length: imageCount }, (_, i) => colors[i] ?? null);
}

/** An image of the modify form's manager, with the colour picked for it. */
export interface ImageEntry {
  image: FormImage;
  color: string | null;
}

/** The product's images as the manager starts: each with the colour whose variant points at it. */
export function imageEntries(product: Pick<Product, 'image' | 'colorVariants'>): ImageEntry[] {
  return product.image.map((url) => ({
    image: { kind: 'saved', url },
    color: product.colorVariants.find((v) => v.image === url)?.color ?? null,
  }));
}

/**
 * Removes the i-th image: a saved one goes to the removed list (by base name), and its colour
 * slot goes with it (spec 1 section 4): its colour leaves the product's colours unless another
 * image still has it.
 */
export function removeImageEntry(
  entries: readonly ImageEntry[],
  index: number,
  removed: readonly string[],
  colors: readonly string[],
): { entries: ImageEntry[]; removed: string[]; colors: string[] } {
  const entry = entries[index];
  if (!entry) return { entries: [...entries], removed: [...removed], colors: [...colors] };
  const rest = entries.filter((_, i) => i !== index);
  const color = entry.color;
  return {
    entries: rest,
    removed: entry.image.kind === 'saved' ? [...removed, baseName(entry.image.url)] : [...removed],
    colors: color !== null && !rest.some((e) => e.color === color) ? colors.filter((c) => c !== color) : [...colors],
  };
}

/** New files join after the images there are, without a colour; refused past 10 in all. */
export function addImageEntries(
  entries: readonly ImageEntry[],
  files: readonly Blob[],
): { entries: ImageEntry[]; problem: string | null } {
  const problem = imageLimitProblem(entries.length, files.length);
  if (problem) return { entries: [...entries], problem };
  return {
    entries: [...entries, ...files.map((file): ImageEntry => ({ image: { kind: 'new', file }, color: null }))],
    problem: null,
  };
}

/** Picks (or clears, with null) the colour of the i-th image; a colour picked joins the product's colours. */
export function setImageColor(
  colors: readonly string[],
  entries: readonly ImageEntry[],
  index: number,
  color: string | null,
): { colors: string[]; entries: ImageEntry[] } {
  return {
    colors: color && !colors.includes(color) ? [...colors, color] : [...colors],
    entries: entries.map((e, i) => (i === index ? { ...e, color } : e)),
  };
}

/** Images whose colour is no longer one of the product's colours lose it. Same array when none did. */
export function clearMissingColors(entries: ImageEntry[], colors: readonly string[]): ImageEntry[] {
  return entries.every((e) => e.color === null || colors.includes(e.color))
    ? entries
    : entries.map((e) => (e.color !== null && !colors.includes(e.color) ? { ...e, color: null } : e));
}

/**
 * The product's colour variants: one per image that has a colour and a URL (stock 0, not out of
 * stock), then each colour no image carries, without an image.
 */
export function colorVariantsFor(
  colors: readonly string[],
  imageColors: readonly (string | null)[],
  imageUrls: readonly (string | null)[],
): ColorVariant[] {
  const chosen = new Set(colors);
  const tied = new Set<string>();
  const variants: ColorVariant[] = [];
  imageColors.forEach((color, i) => {
    const image = imageUrls[i];
    if (color === null || !chosen.has(color) || !image) return;
    variants.push({ color, image, stock: 0, outOfStock: false });
    tied.add(color);
  });
  for (const color of cleanEntries(colors)) {
    if (!tied.has(color)) variants.push({ color, image: null, stock: 0, outOfStock: false });
  }
  return variants;
}

/**
 * A new image's URL is known only once it is saved: when one was given a colour, a second call
 * ties the colours to the saved images (docs/decisions/015-product-forms.md).
 */
export function needsColorFollowUp(entries: readonly ImageEntry[]): boolean {
  return entries.some((e) => e.image.kind === 'new' && e.color !== null);
}

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

/** PUT /api/product/update/{id}'s text fields (spec 1 section 7). */
export function updateProductFields(values: ProductFormValues, images: ImageChanges): Record<string, string> {
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
