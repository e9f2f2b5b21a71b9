-- Order totals and the dashboard's rollups, kept by the database in the same transaction as every
-- write, whoever writes (the storefront, the back-office, the demo generator, a cascade from a
-- deleted user): docs/decisions/012-orders-and-rollups.md. Shards spread concurrent writes over
-- several rows; readers add the shards up.

-- A row's shard: stable for a given id, so that an update or delete hits the row its insert did.
CREATE FUNCTION rollup_shard(id text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT abs(hashtext(id)) % 8
$$;
--> statement-breakpoint
-- items_total_cents, item_count and total_cents follow items and amount_cents.
CREATE FUNCTION orders_set_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(sum((e->>'unitPriceCents')::bigint * (e->>'quantity')::bigint), 0),
         coalesce(sum((e->>'quantity')::bigint), 0)
    INTO NEW.items_total_cents, NEW.item_count
    FROM jsonb_array_elements(NEW.items) AS e;
  NEW.total_cents := coalesce(NEW.amount_cents, NEW.items_total_cents);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_set_totals BEFORE INSERT OR UPDATE OF items, amount_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_set_totals();
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) a set of orders from the monthly rollups. Rows are
-- touched in key order so that two bulk writers cannot deadlock.
CREATE FUNCTION order_rollups_apply(sign integer, changed_ids text[], months timestamptz[], delivered boolean[], totals bigint[])
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
    revenue_cents = r.revenue_cents + excluded.revenue_cents
$$;
--> statement-breakpoint
CREATE FUNCTION orders_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_rollups_apply(1, array_agg(id), array_agg(created_at), array_agg(delivered), array_agg(total_cents))
     FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_rollups_apply(-1, array_agg(id), array_agg(created_at), array_agg(delivered), array_agg(total_cents))
     FROM old_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted values changed: a status change between two undelivered statuses costs nothing.
  PERFORM order_rollups_apply(-1, array_agg(o.id), array_agg(o.created_at), array_agg(o.delivered), array_agg(o.total_cents))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at, o.delivered, o.total_cents) IS DISTINCT FROM (n.created_at, n.delivered, n.total_cents)
   HAVING count(*) > 0;
  PERFORM order_rollups_apply(1, array_agg(n.id), array_agg(n.created_at), array_agg(n.delivered), array_agg(n.total_cents))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at, o.delivered, o.total_cents) IS DISTINCT FROM (n.created_at, n.delivered, n.total_cents)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_rollup_insert();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_rollup_delete();
--> statement-breakpoint
CREATE TRIGGER orders_rollup_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_rollup_update();
--> statement-breakpoint
CREATE FUNCTION orders_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_rollups;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_rollup_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_rollup_truncate();
--> statement-breakpoint
-- Counters: name and a per-row shard, added up by readers.
CREATE FUNCTION stat_counters_apply(counter text, sign integer, ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_counters AS c (name, shard, value)
  SELECT counter, rollup_shard(i) AS s, sign * count(*)
    FROM unnest(ids) AS i
   GROUP BY s
   ORDER BY s
  ON CONFLICT (name, shard) DO UPDATE SET value = c.value + excluded.value
$$;
--> statement-breakpoint
CREATE FUNCTION products_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_counters_apply('products', 1, array_agg(id)) FROM new_rows HAVING count(*) > 0;
  PERFORM stat_counters_apply('products_out_of_stock', 1, array_agg(id)) FROM new_rows WHERE out_of_stock HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_counters_apply('products', -1, array_agg(id)) FROM old_rows HAVING count(*) > 0;
  PERFORM stat_counters_apply('products_out_of_stock', -1, array_agg(id)) FROM old_rows WHERE out_of_stock HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION products_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_counters_apply('products_out_of_stock', -1, array_agg(o.id))
     FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.out_of_stock AND NOT n.out_of_stock HAVING count(*) > 0;
  PERFORM stat_counters_apply('products_out_of_stock', 1, array_agg(n.id))
     FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.out_of_stock AND NOT o.out_of_stock HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_insert();
--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_delete();
--> statement-breakpoint
CREATE TRIGGER products_count_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_update();
--> statement-breakpoint
CREATE FUNCTION products_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_counters WHERE name IN ('products', 'products_out_of_stock');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION products_count_truncate();
--> statement-breakpoint
CREATE FUNCTION users_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_counters_apply('users', 1, array_agg(id)) FROM new_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_counters_apply('users', -1, array_agg(id)) FROM old_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_insert();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_delete();
--> statement-breakpoint
CREATE FUNCTION users_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stat_counters WHERE name = 'users';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION users_count_truncate();
--> statement-breakpoint
-- Rows that exist already (products and users of an older database).
SELECT stat_counters_apply('products', 1, array_agg(id)) FROM products HAVING count(*) > 0;
--> statement-breakpoint
SELECT stat_counters_apply('products_out_of_stock', 1, array_agg(id)) FROM products WHERE out_of_stock HAVING count(*) > 0;
--> statement-breakpoint
SELECT stat_counters_apply('users', 1, array_agg(id)) FROM users HAVING count(*) > 0;
