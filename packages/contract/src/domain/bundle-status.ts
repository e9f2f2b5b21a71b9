/*
 * A bundle's states and rules (spec 2 sections 4 and 5, issue 11; docs/decisions/028-bundles.md):
 * active or cancelled (Cancel and Undo Cancel); validity is a range of calendar days in the shop's
 * time zone, both ends included; a bundle holding a product deleted from the catalogue cannot be
 * bought until it is saved without it. The server's purchase statement checks the same conditions
 * in SQL (apps/api/src/modules/bundles/purchase.ts).
 */

export const BUNDLE_LIMITS = {
  minImages: 1,
  maxImages: 5,
  minProducts: 1,
  maxProducts: 50,
  titleMax: 200,
  descriptionMax: 5000,
} as const;

export const BUNDLE_STATUSES = ['active', 'cancelled'] as const;
export type BundleStatus = (typeof BUNDLE_STATUSES)[number];

export function bundleStatus(bundle: { cancelled: boolean }): BundleStatus {
  return bundle.cancelled ? 'cancelled' : 'active';
}

/** The problem with a date range (yyyy-mm-dd each), told after endDate's name, or null. */
export function bundleDatesProblem(startDate: string, endDate: string): string | null {
  return endDate < startDate ? 'must not be before startDate' : null;
}

/** The problem with a bundle's image count (kept and new together), or null. */
export function bundleImageCountProblem(count: number): string | null {
  if (count < BUNDLE_LIMITS.minImages) return 'At least one image is required';
  if (count > BUNDLE_LIMITS.maxImages) return `Upload up to ${BUNDLE_LIMITS.maxImages} images`;
  return null;
}

/** Why a bundle cannot be bought. */
export const BUNDLE_PURCHASE_REFUSALS = ['unknown', 'cancelled', 'notStarted', 'ended', 'productRemoved'] as const;
export type BundlePurchaseRefusal = (typeof BUNDLE_PURCHASE_REFUSALS)[number];

export const BUNDLE_PURCHASE_MESSAGES: Record<BundlePurchaseRefusal, string> = {
  unknown: 'This bundle does not exist',
  cancelled: 'This bundle has been cancelled',
  notStarted: 'This bundle is not on sale yet',
  ended: 'This bundle is no longer on sale',
  productRemoved: 'This bundle holds a product that is no longer available',
};

/** What the purchase rule reads of a bundle. */
export interface BundlePurchaseState {
  cancelled: boolean;
  startDate: string;
  endDate: string;
  /** A product of the bundle was deleted from the catalogue. */
  hasRemovedProduct: boolean;
}

/** Why the bundle cannot be bought on `today` (yyyy-mm-dd in the shop's time zone), or null when it can. */
export function bundlePurchaseRefusal(bundle: BundlePurchaseState | null, today: string): BundlePurchaseRefusal | null {
  if (!bundle) return 'unknown';
  if (bundle.cancelled) return 'cancelled';
  if (today < bundle.startDate) return 'notStarted';
  if (today > bundle.endDate) return 'ended';
  if (bundle.hasRemovedProduct) return 'productRemoved';
  return null;
}
