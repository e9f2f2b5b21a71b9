import { type Product, priceFromCents } from '@backroom/contract';
import type { StoredAccessory } from '../../db/schema';
import { imageUrl, thumbName } from '../../storage/names';
import type { ProductRow } from './repository';

/** A product row as the API answers it: dollars, image URLs, the spec's field names. */
export function toProduct(row: ProductRow): Product {
  return {
    ...toProductBasics(row),
    colorVariants: row.colorVariants.map((v) => ({ ...v, image: v.image === null ? null : imageUrl(v.image) })),
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
