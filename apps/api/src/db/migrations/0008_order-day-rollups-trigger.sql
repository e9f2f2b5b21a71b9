-- The order triggers keep the daily rollups next to the monthly ones (docs/decisions/012-orders-and-rollups.md):
-- the orders screen's date range counts from them. Same shards, same key order.
CREATE OR REPLACE FUNCTION order_rollups_apply(sign integer, changed_ids text[], months timestamptz[], delivered boolean[], totals bigint[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_rollups AS r (month, shard, orders, delivered, revenue_cents)
  SELECT m, s, sign * count(*), sign * count(*) FILTER (WHERE d), sign * coalesce(sum(t), 0)
    FROM (SELECT date_trunc('month', mo, 'UTC') AS m, rollup_shard(i) AS s, d, t
            FROM unnest(changed_ids, months, delivered, totals) AS u(i, mo, d, t)) x
   GROUP BY m, s
   ORDER BY m, s
  ON CONFLICT (month, shard) DO UPDATE SET
    orders = r.orders + excluded.orders,
    delivered = r.delivered + excluded.delivered,
    revenue_cents = r.revenue_cents + excluded.revenue_cents;
  INSERT INTO order_day_rollups AS r (day, shard, orders, delivered, revenue_cents)
  SELECT dy, s, sign * count(*), sign * count(*) FILTER (WHERE d), sign * coalesce(sum(t), 0)
    FROM (SELECT date_trunc('day', mo, 'UTC') AS dy, rollup_shard(i) AS s, d, t
            FROM unnest(changed_ids, months, delivered, totals) AS u(i, mo, d, t)) x
   GROUP BY dy, s
   ORDER BY dy, s
  ON CONFLICT (day, shard) DO UPDATE SET
    orders = r.orders + excluded.orders,
    delivered = r.delivered + excluded.delivered,
    revenue_cents = r.revenue_cents + excluded.revenue_cents;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollups;
  DELETE FROM order_day_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Orders that exist already.
INSERT INTO order_day_rollups (day, shard, orders, delivered, revenue_cents)
SELECT date_trunc('day', created_at, 'UTC'), rollup_shard(id), count(*), count(*) FILTER (WHERE delivered), sum(total_cents)
  FROM orders GROUP BY 1, 2;
