import { DASHBOARD_LIMITS, type OrderStatus } from '@backroom/contract';
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { type SessionProof, sessionLive, sessionToProve } from '../../db/session-proof';

export interface DashboardFigures {
  products: number;
  outOfStock: number;
  users: number;
  orders: number;
  delivered: number;
  revenueCents: number;
  /** Months from the rollups that had a row in the window ('YYYY-MM'); missing months had no orders. */
  months: { month: string; orders: number; revenueCents: number }[];
  outOfStockProducts: {
    id: string;
    name: string;
    image: string | null;
    mainCategory: string;
    subCategory: string;
  }[];
  recentOrders: {
    id: string;
    firstName: string;
    lastName: string;
    totalCents: number;
    status: OrderStatus;
    createdAt: string;
  }[];
}

/**
 * Every figure of the dashboard in one statement (one round trip, one connection): the counters
 * and rollups kept by triggers (a few dozen rows whatever the shop's size), the newest out-of-stock
 * products through their partial index, and the recent orders as two short scans of
 * (delivered, created_at, id), undelivered first. Months are [from, to), UTC: the placeholders
 * `from` and `to`.
 */
function dashboardStatement(): SQL {
  const counter = (name: string) => sql`(SELECT coalesce(sum(value), 0) FROM stat_counters WHERE name = ${name})`;
  const recentColumns = sql.raw('id, first_name, last_name, total_cents, status, created_at, delivered');
  const limit = DASHBOARD_LIMITS.recentOrders;
  return sql`
    SELECT json_build_object(
      'products', ${counter('products')},
      'outOfStock', ${counter('products_out_of_stock')},
      'users', ${counter('users')},
      'orders', (SELECT coalesce(sum(orders), 0) FROM order_rollups),
      'delivered', (SELECT coalesce(sum(delivered), 0) FROM order_rollups),
      'revenueCents', (SELECT coalesce(sum(revenue_cents), 0) FROM order_rollups),
      'months', (
        SELECT coalesce(json_agg(json_build_object(
                 'month', to_char(m.month AT TIME ZONE 'UTC', 'YYYY-MM'), 'orders', m.orders, 'revenueCents', m.revenue
               ) ORDER BY m.month), '[]'::json)
          FROM (SELECT month, sum(orders) AS orders, sum(revenue_cents) AS revenue
                  FROM order_rollups
                 WHERE month >= ${sql.placeholder('from')}::timestamptz AND month < ${sql.placeholder('to')}::timestamptz
                 GROUP BY month) m),
      'outOfStockProducts', (
        SELECT coalesce(json_agg(json_build_object(
                 'id', p.id, 'name', p.name, 'image', p.images->>0, 'mainCategory', p.main_category,
                 'subCategory', p.sub_category
               ) ORDER BY p.created_at DESC, p.id DESC), '[]'::json)
          FROM (SELECT id, name, images, main_category, sub_category, created_at
                  FROM products WHERE out_of_stock
                 ORDER BY created_at DESC, id DESC LIMIT ${DASHBOARD_LIMITS.outOfStockListed}) p),
      'recentOrders', (
        SELECT coalesce(json_agg(json_build_object(
                 'id', r.id, 'firstName', r.first_name, 'lastName', r.last_name, 'totalCents', r.total_cents,
                 'status', r.status, 'createdAt', r.created_at
               ) ORDER BY r.delivered, r.created_at DESC, r.id DESC), '[]'::json)
          FROM (SELECT * FROM (
                  (SELECT ${recentColumns} FROM orders WHERE delivered = false
                    ORDER BY created_at DESC, id DESC LIMIT ${limit})
                  UNION ALL
                  (SELECT ${recentColumns} FROM orders WHERE delivered = true
                    ORDER BY created_at DESC, id DESC LIMIT ${limit})
                ) u ORDER BY delivered, created_at DESC, id DESC LIMIT ${limit}) r)
    ) AS summary, ${sessionLive(sql.placeholder('sessionId'))} AS live`;
}

/** The statement's text and parameters, built once: the same text every time, so each connection parses it once. */
const dashboardQuery = new PgDialect().sqlToQuery(dashboardStatement());

/**
 * The dashboard's figures as a named prepared statement (decision 057's amendment): Drizzle does
 * not build it again and PostgreSQL neither parses nor plans it again on a connection that ran it,
 * as the product and orders pages (decisions 020, 057).
 */
export async function readDashboard(
  db: Db,
  window: { from: Date; to: Date },
  proof?: SessionProof,
): Promise<DashboardFigures> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const result = await pool.query<{ summary: DashboardFigures; live: boolean }>({
    name: 'dashboard_summary',
    text: dashboardQuery.sql,
    values: fillPlaceholders(dashboardQuery.params, {
      from: window.from.toISOString(),
      to: window.to.toISOString(),
      sessionId: sessionToProve(proof),
    }),
  });
  // The read-only request's session proof rides on the statement (db/session-proof.ts).
  proof?.settle(result.rows[0]?.live);
  return result.rows[0]?.summary as DashboardFigures;
}
