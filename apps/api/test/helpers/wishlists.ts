import type { Db } from '../../src/db/client';
import { products, wishlistItems } from '../../src/db/schema';

let serial = 0;

/** A product straight in the database, as the catalogue would hold it (price in cents). */
export async function insertProduct(
  db: Db,
  values: { name?: string; priceCents?: number; discount?: number; images?: string[]; mainCategory?: string } = {},
) {
  serial += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: values.name ?? `Wished Figure ${serial}`,
      priceCents: values.priceCents ?? 2000,
      discount: values.discount ?? 0,
      images: values.images ?? [],
      mainCategory: values.mainCategory ?? 'Collectibles',
      subCategory: 'Figures',
    })
    .returning({ id: products.id, name: products.name });
  return row as { id: string; name: string };
}

/** Saves products to a user's wishlist, the first saved first (so listed last). */
export async function wish(db: Db, userId: string, productIds: string[]) {
  const start = Date.now() - productIds.length * 1000;
  await db
    .insert(wishlistItems)
    .values(productIds.map((productId, index) => ({ userId, productId, createdAt: new Date(start + index * 1000) })));
}
