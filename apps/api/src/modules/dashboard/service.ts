import { DASHBOARD_LIMITS, type DashboardSummaryResponse, priceFromCents } from '@backroom/contract';
import type { Db } from '../../db/client';
import type { SessionProof } from '../../db/session-proof';
import { imageUrl, thumbName } from '../../storage/names';
import { readDashboard } from './repository';

/** The last `count` UTC months, oldest first, the one holding `now` last, as 'YYYY-MM' and their bounds. */
export function chartMonths(now: Date, count: number = DASHBOARD_LIMITS.chartMonths) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const keys = Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(year, month - (count - 1) + i, 1));
    return `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return {
    keys,
    from: new Date(Date.UTC(year, month - (count - 1), 1)),
    to: new Date(Date.UTC(year, month + 1, 1)),
  };
}

/** GET /api/dashboard/summary: every figure computed in the database, in one statement. */
export async function dashboardSummary(
  db: Db,
  now = new Date(),
  proof?: SessionProof,
): Promise<Omit<DashboardSummaryResponse, 'success'>> {
  const months = chartMonths(now);
  const figures = await readDashboard(db, months, proof);
  const byMonth = new Map(figures.months.map((m) => [m.month, m]));
  return {
    totals: {
      products: figures.products,
      orders: figures.orders,
      users: figures.users,
      revenue: priceFromCents(figures.revenueCents),
      outOfStock: figures.outOfStock,
      pendingOrders: figures.orders - figures.delivered,
    },
    outOfStockProducts: figures.outOfStockProducts.map((p) => ({
      _id: p.id,
      name: p.name,
      image: p.image ? imageUrl(thumbName(p.image)) : null,
      mainCategory: p.mainCategory,
      subCategory: p.subCategory,
    })),
    recentOrders: figures.recentOrders.map((o) => ({
      _id: o.id,
      customer: `${o.firstName} ${o.lastName}`.trim(),
      amount: priceFromCents(o.totalCents),
      status: o.status,
      date: new Date(o.createdAt).toISOString(),
    })),
    monthly: months.keys.map((month) => {
      const found = byMonth.get(month);
      return { month, orders: found?.orders ?? 0, revenue: priceFromCents(found?.revenueCents ?? 0) };
    }),
  };
}
