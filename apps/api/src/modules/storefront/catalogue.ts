import {
  type CustomerBundle,
  type CustomerProduct,
  type CustomerProductListQuery,
  STOREFRONT_LIMITS,
  STOREFRONT_MESSAGES,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { today } from '../bundles/service';
import { findVisibleProduct, listBundlesOnSale, listCataloguePage } from './repository';
import { bundleLinesProblem } from './rules';
import { toCustomerBundle, toCustomerProduct } from './views';
import { readHidden, visibleSql } from './visibility';

export interface StorefrontClock {
  /** SHOP_TIMEZONE: bundle and code dates are calendar days there. */
  timeZone: string;
  /** The clock; tests move it. */
  now?: () => Date;
}

/**
 * GET /api/customer/products: a page of what customers may see, newest first. The settings, the
 * page and the count are read in one snapshot, so a page never disagrees with its total.
 */
export async function listCatalogue(db: Db, query: CustomerProductListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? STOREFRONT_LIMITS.productPageSize;
  return db.transaction(
    async (tx) => {
      const visible = visibleSql(await readHidden(tx));
      const { rows, total } = await listCataloguePage(
        tx,
        { visible, q: query.q, category: query.category, subCategory: query.subCategory },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { products: rows.map(toCustomerProduct), total, page, pageSize };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** GET /api/customer/products/{id}: 404 for an unknown product and for a hidden one alike. */
export async function catalogueProduct(db: Db, id: string): Promise<CustomerProduct> {
  const row = await findVisibleProduct(db, id, visibleSql(await readHidden(db)));
  if (!row) throw new HttpError(404, STOREFRONT_MESSAGES.productNotFound);
  return toCustomerProduct(row);
}

/**
 * GET /api/customer/bundles: the bundles that can be bought now: not cancelled, today within their
 * days (SHOP_TIMEZONE), and every product still in the catalogue, visible and in stock.
 */
export async function bundlesOnSale(db: Db, clock: StorefrontClock): Promise<CustomerBundle[]> {
  const day = today(clock);
  return db.transaction(
    async (tx) => {
      const hidden = await readHidden(tx);
      const bundles = await listBundlesOnSale(tx, day);
      return bundles.flatMap((bundle) => {
        const lines = bundle.products.filter((p) => p !== null);
        if (lines.length !== bundle.products.length || bundleLinesProblem(lines, hidden) !== null) return [];
        return [toCustomerBundle(bundle, lines)];
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
