CREATE TABLE "order_rollups" (
	"month" timestamp with time zone NOT NULL,
	"shard" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_rollups_pkey" PRIMARY KEY("month","shard")
);
--> statement-breakpoint
CREATE TABLE "order_status_changes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"order_id" varchar(24) NOT NULL,
	"status" text NOT NULL,
	"tracking_number" text,
	"discount_code" text,
	"admin_id" varchar(24),
	"admin_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_cents" bigint,
	"items_total_cents" bigint DEFAULT 0 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Order Placed' NOT NULL,
	"delivered" boolean GENERATED ALWAYS AS (status = 'Delivered') STORED NOT NULL,
	"payment" boolean DEFAULT false NOT NULL,
	"payment_method" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zipcode" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"name_search" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name)) STORED NOT NULL,
	"email_search" text GENERATED ALWAYS AS (lower(email)) STORED NOT NULL,
	"tracking_number" text,
	"discount_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Payment Pending','Order Placed','In Production','Packing','Ready to Ship','Shipped','Out for delivery','Delivered','Exchanged','Refunded','Cancelled','Pre-Ordered')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_cents" is null or "orders"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stat_counters" (
	"name" text NOT NULL,
	"shard" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_counters_pkey" PRIMARY KEY("name","shard")
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_id_idx" ON "order_status_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_delivered_created_at_idx" ON "orders" USING btree ("delivered","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_id_trgm_idx" ON "orders" USING gin ("id" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_name_search_trgm_idx" ON "orders" USING gin ("name_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_email_search_trgm_idx" ON "orders" USING gin ("email_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ("phone" gin_trgm_ops) WITH (fastupdate=false);