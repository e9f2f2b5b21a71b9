/*
 * A bundle's money (spec 2 sections 2 and 5): the form shows the selected products' combined
 * regular price and, once a bundle price is entered, the savings. All amounts are integer cents.
 */

/** What the selected products cost bought one by one. */
export function bundleOriginalTotalCents(productPricesCents: readonly number[]): number {
  return productPricesCents.reduce((sum, cents) => sum + cents, 0);
}

/**
 * The savings: the sum of the selected products' prices less the bundle price. Negative when the
 * bundle costs more than its products; the form shows what it gets.
 */
export function bundleSavingsCents(productPricesCents: readonly number[], bundlePriceCents: number): number {
  return bundleOriginalTotalCents(productPricesCents) - bundlePriceCents;
}
