import { discountedPriceCents, dollarsToCents } from './money';

/** Average order value in cents (spec 2 section 9: revenue over order count), 0 without orders. */
export function averageOrderCents(totalCents: number, orders: number): number {
  return orders > 0 ? Math.round(totalCents / orders) : 0;
}

/**
 * A wishlist entry's price after its discount, in cents: price − price × discount / 100 (spec 2
 * section 9), from the API's dollars.
 */
export function wishlistPriceCents(entry: { price: number; discount: number }): number {
  return discountedPriceCents(dollarsToCents(entry.price), entry.discount);
}
