import { z } from 'zod';
import { objectIdSchema } from './common';

/** POST /api/wishlist/user and POST /api/wishlist/clear: { userId }. */
export const wishlistRequestSchema = z.strictObject({ userId: objectIdSchema });
export type WishlistRequest = z.infer<typeof wishlistRequestSchema>;

/** A wishlist entry (spec 2 section 3): the saved product as it is now. */
export const wishlistEntrySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The product's image URLs; the card shows the first. */
  image: z.array(z.string()),
  /** Dollars, before the discount. */
  price: z.number(),
  /** Percent. */
  discount: z.number(),
  mainCategory: z.string(),
  subCategory: z.string(),
});
export type WishlistEntry = z.infer<typeof wishlistEntrySchema>;

/** Newest saved first. */
export const wishlistResponseSchema = z.object({
  success: z.literal(true),
  wishlist: z.array(wishlistEntrySchema),
  message: z.string(),
});
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;
