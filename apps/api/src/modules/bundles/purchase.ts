import { BUNDLE_PURCHASE_MESSAGES, type BundlePurchaseRefusal, bundlePurchaseRefusal } from '@backroom/contract';
import type { DbOrTx } from '../../db/client';
import { countPurchase, findBundle } from './repository';
import { today } from './service';

export type BundlePurchaseResult =
  | { ok: true; purchaseCount: number }
  | { ok: false; reason: BundlePurchaseRefusal; message: string };

/**
 * A customer buys a bundle: for the storefront's order call of a later issue, inside the order's
 * transaction (pass it as `db`), so that a rolled-back order counts nothing. One statement checks
 * and counts (repository countPurchase): a cancelled bundle, one outside its dates (calendar days
 * in SHOP_TIMEZONE) or one holding a product deleted from the catalogue is refused, and then
 * read again to tell why (should that read find it buyable, it changed in between: the
 * statement is tried once more). The caller sends bundlesUpdated ({ action: 'purchased', id }, see
 * notifyBundles) after its commit.
 */
export async function recordBundlePurchase(
  db: DbOrTx,
  deps: { timeZone: string; now?: () => Date },
  bundleId: string,
): Promise<BundlePurchaseResult> {
  for (let attempt = 1; ; attempt += 1) {
    const day = today(deps);
    const purchaseCount = await countPurchase(db, bundleId, day);
    if (purchaseCount !== undefined) return { ok: true, purchaseCount };
    const row = await findBundle(db, bundleId);
    const state = row ? { ...row, hasRemovedProduct: row.products.some((p) => p.id === null) } : null;
    const reason = bundlePurchaseRefusal(state, day);
    if (reason) return { ok: false, reason, message: BUNDLE_PURCHASE_MESSAGES[reason] };
    // Buyable after all: it changed between the statement and the read. Once more, then give up.
    if (attempt >= 2) return { ok: false, reason: 'cancelled', message: BUNDLE_PURCHASE_MESSAGES.cancelled };
  }
}
