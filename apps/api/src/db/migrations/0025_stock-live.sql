-- Units taken or given back by orders reach an open Product List live (decision 055). Every order
-- write records what it holds in order_stock (stock_take inserts, stock_release deletes, through
-- the orders' triggers), so a statement trigger there announces the products whose units moved:
-- one NOTIFY stock_changed per statement (on commit only, so a refused order announces nothing),
-- its payload the ids, comma-separated, or '*' past 100 of them (a payload holds under 8000
-- bytes). Each instance LISTENs and tells its own admins' sockets.
CREATE FUNCTION stock_announce(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  distinct_ids text[] := ARRAY(SELECT DISTINCT id FROM unnest(ids) AS u(id) ORDER BY 1);
BEGIN
  IF cardinality(distinct_ids) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('stock_changed',
    CASE WHEN cardinality(distinct_ids) > 100 THEN '*' ELSE array_to_string(distinct_ids, ',') END);
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stock_taken() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_announce(ARRAY(SELECT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stock_released() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_announce(ARRAY(SELECT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_stock_insert AFTER INSERT ON order_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stock_taken();
--> statement-breakpoint
CREATE TRIGGER order_stock_update AFTER UPDATE ON order_stock REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stock_taken();
--> statement-breakpoint
CREATE TRIGGER order_stock_delete AFTER DELETE ON order_stock REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_stock_released();
