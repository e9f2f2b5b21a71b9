import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, idRef } from './columns';
import { products } from './products';
import { users } from './users';

/** A customer's wishlist: one row per product they saved (spec 2 section 3, Wishlist entry). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: idRef('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: idRef('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'wishlist_items_pkey', columns: [t.userId, t.productId] }),
    index('wishlist_items_product_id_idx').on(t.productId),
  ],
);
