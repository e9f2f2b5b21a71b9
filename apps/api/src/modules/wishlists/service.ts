import { priceFromCents, USER_GUARD_MESSAGES, type WishlistEntry } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { imageUrl } from '../../storage/names';
import { findUser } from '../users/repository';
import { clearWishlist, listWishlist, type WishlistRow } from './repository';

export function toWishlistEntry(row: WishlistRow): WishlistEntry {
  return {
    _id: row.id,
    name: row.name,
    image: row.images.map(imageUrl),
    price: priceFromCents(row.priceCents),
    discount: row.discount,
    mainCategory: row.mainCategory,
    subCategory: row.subCategory,
  };
}

async function requireUser(db: Db, userId: string) {
  if (!(await findUser(db, userId))) throw new HttpError(404, USER_GUARD_MESSAGES.userNotFound);
}

/** POST /api/wishlist/user: the user's saved products (404 for an unknown user). */
export async function userWishlist(db: Db, userId: string): Promise<WishlistEntry[]> {
  await requireUser(db, userId);
  return (await listWishlist(db, userId)).map(toWishlistEntry);
}

/** POST /api/wishlist/clear: empties the user's wishlist (404 for an unknown user). */
export async function clearUserWishlist(db: Db, userId: string): Promise<void> {
  await requireUser(db, userId);
  await clearWishlist(db, userId);
}
