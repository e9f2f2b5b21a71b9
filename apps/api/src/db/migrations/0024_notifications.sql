-- A 24-hex ObjectId-style id made by the database (the first 8 digits its creation time in
-- seconds, as the app's newObjectId): notifications are also made by triggers.
CREATE FUNCTION notification_id() RETURNS varchar(24) LANGUAGE sql VOLATILE AS $$
  SELECT lpad(to_hex(floor(extract(epoch FROM clock_timestamp()))::bigint), 8, '0')
      || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)
$$;
--> statement-breakpoint
CREATE TABLE "notification_read_counts" (
	"admin_id" varchar(24) NOT NULL,
	"kind" text NOT NULL,
	"read" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_read_counts_admin_id_kind_pk" PRIMARY KEY("admin_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notification_readers" (
	"admin_id" varchar(24) PRIMARY KEY NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"kinds" text[]
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"admin_id" varchar(24) NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "notification_reads_admin_id_seq_pk" PRIMARY KEY("admin_id","seq")
);
--> statement-breakpoint
CREATE TABLE "notification_totals" (
	"kind" text NOT NULL,
	"shard" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_totals_kind_shard_pk" PRIMARY KEY("kind","shard")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" varchar(24) DEFAULT notification_id() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "notifications_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "notification_read_counts" ADD CONSTRAINT "notification_read_counts_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_readers" ADD CONSTRAINT "notification_readers_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_kind_seq_idx" ON "notifications" USING btree ("kind","seq" DESC NULLS LAST);--> statement-breakpoint
-- The bell (docs/decisions/056-notifications.md). Every notification insert, whoever makes it (the
-- app's notify(), the orders trigger below), takes a shared advisory lock before its rows get their
-- seq; 'Mark all as read' takes it exclusively, so the watermark it sets (the highest seq) has no
-- smaller seq still to commit behind it, and the per-kind totals it copies match the watermark.
CREATE FUNCTION notifications_lock_shared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('notifications'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_lock_shared BEFORE INSERT ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_lock_shared();
--> statement-breakpoint
-- The totals per kind (in shards, like the order rollups), and one NOTIFY per kind and statement:
-- every instance hears it and tells its own admins' sockets that receive the kind.
CREATE FUNCTION notifications_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  INSERT INTO notification_totals AS t (kind, shard, total)
  SELECT kind, rollup_shard(id), count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (kind, shard) DO UPDATE SET total = t.total + excluded.total;
  FOR r IN SELECT kind, count(*) AS n FROM new_rows GROUP BY kind LOOP
    PERFORM pg_notify('notifications', json_build_object('kind', r.kind, 'count', r.n)::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_after_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_after_insert();
--> statement-breakpoint
-- A new order rings the bell whoever writes it: the storefront, the back-office, another system
-- writing straight into the database. An order written with a date more than an hour old (an
-- import of past orders, the demo's history) is not news and rings nothing.
CREATE FUNCTION orders_notify_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (kind, title, subject)
  SELECT 'order',
         'New order from ' || coalesce(nullif(btrim(o.first_name || ' ' || o.last_name), ''), 'a guest') || ': $' ||
           to_char(o.total_cents / 100.0, 'FM999999999990.00'),
         jsonb_build_object('orderId', o.id)
    FROM new_rows o
   WHERE o.created_at > now() - interval '1 hour'
   ORDER BY o.created_at, o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_notify_insert();
--> statement-breakpoint
-- Stock reaching its low-stock threshold or zero (migration 0023's stock_alerts, decision 055) rings
-- the bell in the same transaction as the order or change that took the units, whoever wrote it.
CREATE FUNCTION stock_alerts_notify_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (kind, title, subject)
  SELECT CASE a.level WHEN 'out' THEN 'stockOut' ELSE 'stockLow' END,
         CASE a.level WHEN 'out' THEN 'Out of stock: ' || p.name ELSE 'Low stock: ' || p.name || ' (' || a.stock || ' left)' END,
         jsonb_build_object('productId', a.product_id)
    FROM new_rows a JOIN products p ON p.id = a.product_id
   ORDER BY a.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_alerts_notify_insert AFTER INSERT ON stock_alerts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stock_alerts_notify_insert();
