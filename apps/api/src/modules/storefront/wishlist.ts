import type { CustomerWishlistEntry } from '@backroom/contract';
import { STOREFRONT_MESSAGES } from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { addWishlistItem, findVisibleProduct, listVisibleWishlist, removeWishlistItem } from './repository';
import { toCustomerWishlistEntry } from './views';
import { readHidden, visibleSql } from './visibility';

/** GET /api/customer/wishlist: my saved products that customers may still see, newest saved first. */
export async function myWishlist(db: Db, userId: string): Promise<CustomerWishlistEntry[]> {
  const visible = visibleSql(await readHidden(db));
  return (await listVisibleWishlist(db, userId, visible)).map(toCustomerWishlistEntry);
}

/**
 * POST /api/customer/wishlist: saves a visible product (404 for an unknown or hidden one), once:
 * saving it again changes nothing. Answers the wishlist as it is now.
 */
export async function saveToWishlist(db: Db, userId: string, productId: string): Promise<CustomerWishlistEntry[]> {
  const hidden = await readHidden(db);
  if (!(await findVisibleProduct(db, productId, visibleSql(hidden)))) {
    throw new HttpError(404, `productId: ${STOREFRONT_MESSAGES.productNotFound}`);
  }
  // A product deleted between the check and the insert fails its foreign key: the same 404.
  await addWishlistItem(db, userId, productId).catch((error: unknown) => {
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23503' ||
      (error as { code?: string }).code === '23503'
    ) {
      throw new HttpError(404, `productId: ${STOREFRONT_MESSAGES.productNotFound}`);
    }
    throw error;
  });
  return myWishlist(db, userId);
}

/** DELETE /api/customer/wishlist/{productId}: removing what is not there is not an error (the same answer). */
export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<CustomerWishlistEntry[]> {
  await removeWishlistItem(db, userId, productId);
  return myWishlist(db, userId);
}
