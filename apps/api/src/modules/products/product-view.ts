import { type Product, priceFromCents, stockGrid } from '@backroom/contract';
import type { StoredAccessory } from '../../db/schema';
import { imageUrl, thumbName } from '../../storage/names';
import type { ProductRow } from './repository';

/** A product row as the API answers it: dollars, image URLs, the spec's field names. */
export function toProduct(row: ProductRow): Product {
  const sizes = [...row.clothingSizes, ...row.canvasSizes];
  const grid = row.trackStock
    ? stockGrid(
        row.colorVariants.map((v) => v.color),
        sizes,
        [],
        row.stockLevels,
      )
    : [];
  // A tracked product's colour answers its units over every size (the spec's colour stock field).
  const colourStock = (color: string, stored: number) =>
    row.trackStock ? grid.filter((c) => c.color === color).reduce((sum, c) => sum + c.quantity, 0) : stored;
  return {
    ...toProductBasics(row),
    colorVariants: row.colorVariants.map((v) => ({
      ...v,
      image: v.image === null ? null : imageUrl(v.image),
      stock: colourStock(v.color, v.stock),
    })),
    clothingSizes: row.clothingSizes,
    canvasSizes: row.canvasSizes,
    hasAccessory: row.hasAccessory,
    accessories: row.accessories.map(toAccessory),
    bestseller: row.bestseller,
    outOfStock: row.outOfStock,
    preOrder: row.preOrder,
    notAvailableYet: row.notAvailableYet,
    comingSoon: row.comingSoon,
    isNewProduct: row.isNewProduct,
    limitedEdition: row.limitedEdition,
    vaulted: row.vaulted,
    date: row.createdAt.toISOString(),
    trackStock: row.trackStock,
    stock: row.stock === null ? null : Number(row.stock),
    lowStock: row.lowStock,
    lowStockThreshold: row.lowStockThreshold,
    stockLevels: grid,
  };
}

type BasicsRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'description'
  | 'priceCents'
  | 'discount'
  | 'mainCategory'
  | 'subCategory'
  | 'subSubCategory'
  | 'images'
>;

/** What the admin's product and the storefront's share: names, price in dollars, categories, image URLs. */
export function toProductBasics(row: BasicsRow) {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: priceFromCents(row.priceCents),
    discount: row.discount,
    mainCategory: row.mainCategory,
    subCategory: row.subCategory,
    subSubCategory: row.subSubCategory,
    image: row.images.map(imageUrl),
    thumbnails: row.images.map((name) => imageUrl(thumbName(name))),
  };
}

function toAccessory({ priceCents, images, ...rest }: StoredAccessory) {
  return { ...rest, price: priceFromCents(priceCents), images: images.map(imageUrl) };
}

/** Every file a product holds: its images and its accessories' images. */
export function productFiles(row: { images: string[]; accessories: StoredAccessory[] }): string[] {
  return [...row.images, ...row.accessories.flatMap((a) => a.images)];
}
