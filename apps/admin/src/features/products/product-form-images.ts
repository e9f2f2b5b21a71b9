import {
  type ColorVariant,
  cleanEntries,
  type FormImage,
  MESSAGES,
  PRODUCT_LIMITS,
  type Product,
} from '@backroom/contract';

/**
 * The product forms' images (spec 1 section 4): the add form's slots, the modify form's image
 * manager with a colour per image, and the colour variants they make.
 */

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
