import {
  type OrderStatus,
  SEARCH_LIMITS,
  type SearchQuery,
  type SearchResponse,
  searchPlan,
  todayIn,
} from '@backroom/contract';
import type { Db } from '../../db/client';
import { toDiscount } from '../discounts/service';
import { searchRecords } from './repository';

export interface SearchDeps {
  db: Db;
  /** SHOP_TIMEZONE: a code's status is on the shop's today. */
  timeZone: string;
}

const NOTHING = { orders: [], products: [], customers: [], discounts: [] };

/**
 * GET /api/search: a few records of each kind matching q (decision 039). A blank q, or one no
 * kind can match (a single character), answers empty lists without asking the database.
 */
export async function search(deps: SearchDeps, query: SearchQuery): Promise<Omit<SearchResponse, 'success'>> {
  const q = query.q ?? '';
  const plan = searchPlan(q);
  if (plan.orderIdPrefix === null && plan.text === null && plan.discountCode === null) return { q, ...NOTHING };
  const rows = await searchRecords(deps.db, plan, {
    limit: query.limit ?? SEARCH_LIMITS.defaultPerKind,
    today: todayIn(deps.timeZone),
  });
  return {
    q,
    orders: rows.orders.map((order) => ({ ...order, status: order.status as OrderStatus })),
    products: rows.products,
    customers: rows.customers,
    discounts: rows.discounts.map(toDiscount),
  };
}
