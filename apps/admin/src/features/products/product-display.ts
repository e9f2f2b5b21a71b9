import {
  discountedPriceCents,
  formatMoney,
  PRODUCT_TAG_LABELS,
  PRODUCT_TAGS,
  type Product,
  parsePriceCents,
} from '@backroom/contract';

/** Main categories whose products have no sub sub category filter (spec 1 section 2.5). */
const WITHOUT_SUB_SUB = new Set(['figures', 'decoration', 'widgets']);

export function hasSubSubFilter(mainCategory: string): boolean {
  return !WITHOUT_SUB_SUB.has(mainCategory.trim().toLowerCase());
}

export interface PriceDisplay {
  /** What the product costs now, e.g. '$8.50'. */
  current: string;
  /** The price before the discount, when there is one. */
  original?: string;
  /** '(-15%)' when discounted. */
  discountLabel?: string;
}

/** Price × (1 − discount/100) to two decimals, with the original and '(-N%)' when discounted. */
export function priceDisplay(product: Pick<Product, 'price' | 'discount'>): PriceDisplay {
  const parsed = parsePriceCents(product.price);
  const cents = parsed.ok ? parsed.value : Math.round(product.price * 100);
  if (!(product.discount > 0)) return { current: formatMoney(cents) };
  return {
    current: formatMoney(discountedPriceCents(cents, product.discount)),
    original: formatMoney(cents),
    discountLabel: `(-${product.discount}%)`,
  };
}

/** 'Figures / DC / Male', leaving out empty levels. */
export function categoryPath(product: Pick<Product, 'mainCategory' | 'subCategory' | 'subSubCategory'>): string {
  return [product.mainCategory, product.subCategory, product.subSubCategory].filter((part) => part.trim()).join(' / ');
}

/** The labels of the product's status flags, in the spec's order. */
export function statusLabels(product: Product): string[] {
  const labels = PRODUCT_TAGS.filter((tag) => product[tag]).map((tag) => PRODUCT_TAG_LABELS[tag]);
  // A product that counts its units shows them, and 'Low stock' at or below its threshold (decision 055).
  if (product.lowStock) labels.push('Low stock');
  if (product.stock !== null && product.stock > 0) labels.push(`${product.stock} in stock`);
  return labels;
}

/** The small version of the n-th image for lists, else the image itself. */
export function thumbnailUrl(product: Pick<Product, 'image' | 'thumbnails'>, index = 0): string | undefined {
  return product.thumbnails[index] ?? product.image[index];
}
