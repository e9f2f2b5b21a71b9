import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import { productCardColumns } from '../products/repository';

/** A user's wishlist: the saved products as they are now, newest saved first. */
export function listWishlist(db: DbOrTx, userId: string) {
  return db
    .select(productCardColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
}

export type WishlistRow = Awaited<ReturnType<typeof listWishlist>>[number];

/** Empties a user's wishlist; answers how many entries went. */
export async function clearWishlist(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .delete(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .returning({ productId: wishlistItems.productId });
  return rows.length;
}
