-- Issue 10: wishlists, the visibility settings (one row), each customer's order figures (kept by
-- triggers in a later migration), e-mail campaigns with their deliveries and outbox, and orders that
-- outlive their customer's account (docs/decisions/023-deleting-users.md).
CREATE TABLE "email_campaigns" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"notification_type" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"product_link" text,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text NOT NULL,
	"created_by" varchar(24),
	"created_by_name" text DEFAULT '' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "email_campaigns_audience_check" CHECK ("email_campaigns"."audience" in ('all', 'selected')),
	CONSTRAINT "email_campaigns_status_check" CHECK ("email_campaigns"."status" in ('queued', 'sending', 'done'))
);
--> statement-breakpoint
CREATE TABLE "email_deliveries" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_deliveries_status_check" CHECK ("email_deliveries"."status" in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"delivery_id" varchar(24) NOT NULL,
	"campaign_id" varchar(24) NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"hidden_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hidden_product_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"show_support_in_orders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row_check" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_order_stats" (
	"user_id" varchar(24) PRIMARY KEY NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" varchar(24) NOT NULL,
	"product_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_pkey" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_delivery_id_email_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."email_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_order_stats" ADD CONSTRAINT "user_order_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_campaigns_created_at_idx" ON "email_campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_campaign_email_key" ON "email_deliveries" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "email_deliveries_campaign_status_idx" ON "email_deliveries" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_delivery_id_key" ON "email_outbox" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "email_outbox_campaign_id_idx" ON "email_outbox" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "user_order_stats_active_idx" ON "user_order_stats" USING btree ("user_id") WHERE "user_order_stats"."orders" > 0;--> statement-breakpoint
CREATE INDEX "wishlist_items_product_id_idx" ON "wishlist_items" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;