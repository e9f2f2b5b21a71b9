-- Units taken or given back by orders reach an open Product List live (decision 055): stock_take
-- and stock_release, which every order write runs through its statement triggers, announce the
-- products whose units moved with one NOTIFY stock_changed per call (on commit only, so a refused
-- order announces nothing). The payload is the products' ids, comma-separated, or '*' past 100 of
-- them (a NOTIFY payload holds under 8000 bytes); each instance LISTENs and tells its own admins.
CREATE FUNCTION stock_announce(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids text[] := ARRAY(SELECT DISTINCT unnest(ids) ORDER BY 1);
BEGIN
  IF cardinality(distinct_ids) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('stock_changed',
    CASE WHEN cardinality(distinct_ids) > 100 THEN '*' ELSE array_to_string(distinct_ids, ',') END);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_take(ids text[], item_lists jsonb[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  left_now integer;
  taken text[] := '{}';
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
    taken := taken || r.product_id;
  END LOOP;
  INSERT INTO order_stock (order_id, product_id, color, size, quantity)
  SELECT l.order_id, l.product_id, l.color, l.size, l.quantity FROM stock_lines(ids, item_lists) l
  ON CONFLICT (order_id, product_id, color, size) DO UPDATE SET quantity = order_stock.quantity + excluded.quantity;
  PERFORM stock_announce(taken);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_release(ids text[], give_back boolean) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM stock_announce(pids);
END $$;
