import { z } from 'zod';
import { ORDER_STATUSES } from './constants';

/*
 * GET /api/dashboard/summary: every figure of the Dashboard Overview (spec 2 section 2),
 * computed in the database from rollups kept in the same transaction as every write
 * (docs/decisions/012-orders-and-rollups.md). Money as dollars, added up in cents.
 */

export const dashboardTotalsSchema = z.object({
  products: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  /** Dollars: the sum of the orders' amounts (an order without amount counts its items). */
  revenue: z.number(),
  outOfStock: z.number().int().nonnegative(),
  /** Orders not delivered. */
  pendingOrders: z.number().int().nonnegative(),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

/** An out-of-stock product as the popup lists it; its entry opens /list?edit={_id}. */
export const outOfStockProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Thumbnail URL of the first image, or null. */
  image: z.string().nullable(),
  mainCategory: z.string(),
  subCategory: z.string(),
});
export type OutOfStockProduct = z.infer<typeof outOfStockProductSchema>;

/** A row of Recent Orders: undelivered first, then newest. */
export const recentOrderSchema = z.object({
  _id: z.string(),
  /** First and last name of the shipping address. */
  customer: z.string(),
  amount: z.number(),
  status: z.enum(ORDER_STATUSES),
  date: z.string(),
});
export type RecentOrder = z.infer<typeof recentOrderSchema>;

/** One month of the chart; months without orders are present with zeros. */
export const monthlyFigureSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  orders: z.number().int().nonnegative(),
  revenue: z.number(),
});
export type MonthlyFigure = z.infer<typeof monthlyFigureSchema>;

export const dashboardSummaryResponseSchema = z.object({
  success: z.literal(true),
  totals: dashboardTotalsSchema,
  /** The newest out-of-stock products, at most DASHBOARD_LIMITS.outOfStockListed; totals.outOfStock is the full count. */
  outOfStockProducts: z.array(outOfStockProductSchema),
  recentOrders: z.array(recentOrderSchema),
  /** The last DASHBOARD_LIMITS.chartMonths months, oldest first, the current one last. */
  monthly: z.array(monthlyFigureSchema),
});
export type DashboardSummaryResponse = z.infer<typeof dashboardSummaryResponseSchema>;
