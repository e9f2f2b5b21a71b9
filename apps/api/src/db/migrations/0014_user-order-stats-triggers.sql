-- Each customer's order figures (user_order_stats: orders, delivered, total_cents, last_order_at),
-- kept by the database in the same transaction as every order write, whoever writes, the way the
-- rollups are (0006, docs/decisions/012-orders-and-rollups.md). The Users screen's Active Users
-- tile counts the rows with orders > 0; the user details read one row. Orders without a customer
-- (a guest, a deleted account) count for nobody. Rows are touched in user_id order so that two bulk
-- writers cannot deadlock.

-- Adds a set of orders to their customers' figures.
CREATE FUNCTION user_order_stats_add(user_ids text[], delivered boolean[], totals bigint[], created timestamptz[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_order_stats AS s (user_id, orders, delivered, total_cents, last_order_at)
  SELECT u, count(*), count(*) FILTER (WHERE d), coalesce(sum(t), 0), max(c)
    FROM unnest(user_ids, delivered, totals, created) AS x(u, d, t, c)
   WHERE u IS NOT NULL
   GROUP BY u
   ORDER BY u
  ON CONFLICT (user_id) DO UPDATE SET
    orders = s.orders + excluded.orders,
    delivered = s.delivered + excluded.delivered,
    total_cents = s.total_cents + excluded.total_cents,
    last_order_at = greatest(s.last_order_at, excluded.last_order_at)
$$;
--> statement-breakpoint
-- Takes a set of orders away from their customers' figures. Called after the statement, so the
-- orders table already holds what stays: a customer whose latest order went is given the latest of
-- the rest (one probe of orders_user_id_idx). A row whose account is being deleted may be gone.
CREATE FUNCTION user_order_stats_remove(user_ids text[], delivered boolean[], totals bigint[], created timestamptz[])
RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM user_order_stats
   WHERE user_id IN (SELECT u FROM unnest(user_ids) AS u WHERE u IS NOT NULL)
   ORDER BY user_id
     FOR UPDATE;
  UPDATE user_order_stats AS s SET
    orders = s.orders - x.n,
    delivered = s.delivered - x.d,
    total_cents = s.total_cents - x.t,
    last_order_at = CASE WHEN x.latest < s.last_order_at THEN s.last_order_at
                         ELSE (SELECT max(o.created_at) FROM orders o WHERE o.user_id = s.user_id) END
    FROM (SELECT u, count(*) AS n, count(*) FILTER (WHERE d) AS d, coalesce(sum(t), 0) AS t, max(c) AS latest
            FROM unnest(user_ids, delivered, totals, created) AS y(u, d, t, c)
           WHERE u IS NOT NULL
           GROUP BY u) x
   WHERE s.user_id = x.u
$$;
--> statement-breakpoint
CREATE FUNCTION orders_user_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_order_stats_add(array_agg(user_id), array_agg(delivered), array_agg(total_cents), array_agg(created_at))
     FROM new_rows WHERE user_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_user_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_order_stats_remove(array_agg(user_id), array_agg(delivered), array_agg(total_cents), array_agg(created_at))
     FROM old_rows WHERE user_id IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_user_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted values changed: the customer (a deleted account sets it to null), the
  -- status (delivered or not), the amount, the date.
  PERFORM user_order_stats_remove(array_agg(o.user_id), array_agg(o.delivered), array_agg(o.total_cents), array_agg(o.created_at))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.user_id IS NOT NULL
      AND (o.user_id, o.delivered, o.total_cents, o.created_at) IS DISTINCT FROM (n.user_id, n.delivered, n.total_cents, n.created_at)
   HAVING count(*) > 0;
  PERFORM user_order_stats_add(array_agg(n.user_id), array_agg(n.delivered), array_agg(n.total_cents), array_agg(n.created_at))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.user_id IS NOT NULL
      AND (o.user_id, o.delivered, o.total_cents, o.created_at) IS DISTINCT FROM (n.user_id, n.delivered, n.total_cents, n.created_at)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_user_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_user_stats_insert();
--> statement-breakpoint
CREATE TRIGGER orders_user_stats_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_user_stats_delete();
--> statement-breakpoint
CREATE TRIGGER orders_user_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_user_stats_update();
--> statement-breakpoint
CREATE FUNCTION orders_user_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_order_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_user_stats_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_user_stats_truncate();
--> statement-breakpoint
-- Orders that exist already.
INSERT INTO user_order_stats AS s (user_id, orders, delivered, total_cents, last_order_at)
SELECT user_id, count(*), count(*) FILTER (WHERE delivered), coalesce(sum(total_cents), 0), max(created_at)
  FROM orders WHERE user_id IS NOT NULL
 GROUP BY user_id
 ORDER BY user_id
ON CONFLICT (user_id) DO UPDATE SET
  orders = excluded.orders,
  delivered = excluded.delivered,
  total_cents = excluded.total_cents,
  last_order_at = excluded.last_order_at;
