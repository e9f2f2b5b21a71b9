CREATE TABLE "order_stock" (
	"order_id" varchar(24) NOT NULL,
	"product_id" varchar(24) NOT NULL,
	"color" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_stock_pkey" PRIMARY KEY("order_id","product_id","color","size")
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" varchar(24) NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_pkey" PRIMARY KEY("product_id","color","size"),
	CONSTRAINT "product_stock_quantity_check" CHECK ("product_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" varchar(24) NOT NULL,
	"level" text NOT NULL,
	"stock" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_level_check" CHECK ("stock_alerts"."level" in ('low', 'out'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "track_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_check" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_low_stock_threshold_check" CHECK ("shop_settings"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Stock that counts (docs/decisions/055-stock.md), kept by the database whoever writes the orders:
-- the storefront, the back-office (one order, bulk jobs, a customer's account deleted with its
-- orders) or another system writing straight into the tables. An order holds units while it is not
-- Cancelled; order_stock records what it took, so each unit goes back exactly once.
--
-- A part of an order item's 'color|size' text as product_stock keys it: '' when missing or 'null'.
CREATE FUNCTION stock_part(part text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN part IS NULL OR btrim(part) = '' OR lower(btrim(part)) = 'null' THEN '' ELSE btrim(part) END
$$;
--> statement-breakpoint
-- The lines of the given orders that are of products tracking stock, per order and variant.
CREATE FUNCTION stock_lines(ids text[], item_lists jsonb[])
RETURNS TABLE (order_id text, product_id text, color text, size text, quantity integer)
LANGUAGE sql STABLE AS $$
  SELECT u.id, p.id, stock_part(split_part(e->>'color', '|', 1)), stock_part(split_part(e->>'color', '|', 2)),
         sum((e->>'quantity')::integer)::integer
    FROM unnest(ids, item_lists) AS u(id, items)
   CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(u.items) = 'array' THEN u.items ELSE '[]'::jsonb END) AS e
    JOIN products p ON p.id = e->>'productId' AND p.track_stock
   WHERE (e->>'quantity')::integer > 0
   GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
-- Takes the orders' units: one conditional update per variant, in key order (two writers never
-- deadlock), never below zero. A shortfall raises SQLSTATE 'BRST1' with the variant and what is
-- left as JSON in DETAIL, which rolls back the whole statement (the storefront names the line).
CREATE FUNCTION stock_take(ids text[], item_lists jsonb[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  left_now integer;
BEGIN
  FOR r IN SELECT l.product_id, l.color, l.size, sum(l.quantity)::integer AS quantity
             FROM stock_lines(ids, item_lists) l GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LOOP
    UPDATE product_stock s SET quantity = s.quantity - r.quantity
     WHERE s.product_id = r.product_id AND s.color = r.color AND s.size = r.size AND s.quantity >= r.quantity;
    IF NOT FOUND THEN
      SELECT s.quantity INTO left_now FROM product_stock s
       WHERE s.product_id = r.product_id AND s.color = r.color AND s.size = r.size;
      RAISE EXCEPTION 'not enough stock' USING ERRCODE = 'BRST1',
        DETAIL = json_build_object('productId', r.product_id,
                                   'name', (SELECT p.name FROM products p WHERE p.id = r.product_id),
                                   'color', r.color, 'size', r.size,
                                   'wanted', r.quantity, 'left', coalesce(left_now, 0))::text;
    END IF;
  END LOOP;
  INSERT INTO order_stock (order_id, product_id, color, size, quantity)
  SELECT l.order_id, l.product_id, l.color, l.size, l.quantity FROM stock_lines(ids, item_lists) l
  ON CONFLICT (order_id, product_id, color, size) DO UPDATE SET quantity = order_stock.quantity + excluded.quantity;
END $$;
--> statement-breakpoint
-- Ends the orders' holds: with give_back the units they took return to product_stock (in key
-- order), without it (an order deleted after delivery) the record just goes.
CREATE FUNCTION stock_release(ids text[], give_back boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pids text[];
  colors text[];
  sizes text[];
  quantities integer[];
BEGIN
  WITH gone AS (DELETE FROM order_stock s WHERE s.order_id = ANY (ids)
                RETURNING s.product_id, s.color, s.size, s.quantity),
       summed AS (SELECT g.product_id, g.color, g.size, sum(g.quantity)::integer AS quantity
                    FROM gone g GROUP BY 1, 2, 3)
  SELECT array_agg(product_id ORDER BY product_id, color, size), array_agg(color ORDER BY product_id, color, size),
         array_agg(size ORDER BY product_id, color, size), array_agg(quantity ORDER BY product_id, color, size)
    INTO pids, colors, sizes, quantities FROM summed;
  IF NOT give_back OR pids IS NULL THEN RETURN; END IF;
  FOR i IN 1 .. array_length(pids, 1) LOOP
    UPDATE product_stock s SET quantity = s.quantity + quantities[i]
     WHERE s.product_id = pids[i] AND s.color = colors[i] AND s.size = sizes[i];
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_stock_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_take(array_agg(id), array_agg(items)) FROM new_rows WHERE status <> 'Cancelled' HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Cancelled gives back; out of Cancelled takes again (refused when the units are gone); an order
-- whose items are rewritten while it holds units gives the old ones back and takes the new ones.
CREATE FUNCTION orders_stock_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_release(array_agg(o.id), true)
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status <> 'Cancelled' AND (n.status = 'Cancelled' OR o.items IS DISTINCT FROM n.items)
   HAVING count(*) > 0;
  PERFORM stock_take(array_agg(n.id), array_agg(n.items))
     FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status <> 'Cancelled' AND (o.status = 'Cancelled' OR o.items IS DISTINCT FROM n.items)
   HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted order gives its units back unless the goods went out (Delivered, Exchanged).
CREATE FUNCTION orders_stock_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_release(array_agg(id), true) FROM old_rows
    WHERE status NOT IN ('Delivered', 'Exchanged') HAVING count(*) > 0;
  PERFORM stock_release(array_agg(id), false) FROM old_rows
    WHERE status IN ('Delivered', 'Exchanged') HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stock_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_stock_insert();
--> statement-breakpoint
CREATE TRIGGER orders_stock_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_stock_update();
--> statement-breakpoint
CREATE TRIGGER orders_stock_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_stock_delete();
--> statement-breakpoint
CREATE FUNCTION orders_stock_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_stock;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stock_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION orders_stock_truncate();
--> statement-breakpoint
-- A product that tracks stock is out of stock exactly when it has no unit left: whoever writes
-- the row (a form, a bulk action, an import), out_of_stock follows the count.
CREATE FUNCTION products_stock_flag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.track_stock THEN
    NEW.out_of_stock := NOT EXISTS (SELECT 1 FROM product_stock s WHERE s.product_id = NEW.id AND s.quantity > 0);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_flag BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_stock_flag();
--> statement-breakpoint
-- After units change: the product's out_of_stock follows (so the Product List, the storefront and
-- the dashboard's counter and popup stay exact), and a crossing down to the low-stock threshold
-- or to zero is written to stock_alerts and announced with NOTIFY stock_alerts (the bell's hook).
-- products is only written when the flag flips; orders lock products FOR KEY SHARE, which that
-- update does not wait for.
CREATE FUNCTION stock_changed(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    WITH d AS (SELECT key AS product_id, value::integer AS delta FROM jsonb_each_text(deltas)),
         now_ AS (SELECT d.product_id, d.delta, p.out_of_stock,
                         coalesce(p.low_stock_threshold, (SELECT low_stock_threshold FROM shop_settings WHERE id = 1), 5) AS threshold,
                         (SELECT coalesce(sum(s.quantity), 0)::integer FROM product_stock s WHERE s.product_id = p.id) AS total
                    FROM d JOIN products p ON p.id = d.product_id AND p.track_stock)
    SELECT * FROM now_ ORDER BY product_id
  LOOP
    IF r.out_of_stock IS DISTINCT FROM (r.total = 0) THEN
      UPDATE products SET out_of_stock = (r.total = 0) WHERE id = r.product_id;
    END IF;
    IF r.delta < 0 AND r.total = 0 THEN
      INSERT INTO stock_alerts (product_id, level, stock) VALUES (r.product_id, 'out', 0);
      PERFORM pg_notify('stock_alerts', r.product_id);
    ELSIF r.delta < 0 AND r.total > 0 AND r.total <= r.threshold AND r.total - r.delta > r.threshold THEN
      INSERT INTO stock_alerts (product_id, level, stock) VALUES (r.product_id, 'low', r.total);
      PERFORM pg_notify('stock_alerts', r.product_id);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_stock_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_changed(jsonb_object_agg(product_id, q))
     FROM (SELECT product_id, sum(quantity) AS q FROM new_rows GROUP BY 1) x HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_stock_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_changed(jsonb_object_agg(product_id, q))
     FROM (SELECT product_id, sum(q) AS q
             FROM (SELECT product_id, quantity AS q FROM new_rows UNION ALL SELECT product_id, -quantity FROM old_rows) u
            GROUP BY 1) x HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION product_stock_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_changed(jsonb_object_agg(product_id, -q))
     FROM (SELECT product_id, sum(quantity) AS q FROM old_rows GROUP BY 1) x HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_stock_insert AFTER INSERT ON product_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_insert();
--> statement-breakpoint
CREATE TRIGGER product_stock_update AFTER UPDATE ON product_stock REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_update();
--> statement-breakpoint
CREATE TRIGGER product_stock_delete AFTER DELETE ON product_stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_stock_delete();
