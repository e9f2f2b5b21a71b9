CREATE TABLE "categories" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"sub_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sub_sub_categories" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_sets" (
	"name" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_search" text GENERATED ALWAYS AS (lower(name)) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"discount" numeric(5, 2) DEFAULT 0 NOT NULL,
	"main_category" text DEFAULT '' NOT NULL,
	"sub_category" text DEFAULT '' NOT NULL,
	"sub_sub_category" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color_variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clothing_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"canvas_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_accessory" boolean DEFAULT false NOT NULL,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bestseller" boolean DEFAULT false NOT NULL,
	"out_of_stock" boolean DEFAULT false NOT NULL,
	"pre_order" boolean DEFAULT false NOT NULL,
	"not_available_yet" boolean DEFAULT false NOT NULL,
	"coming_soon" boolean DEFAULT false NOT NULL,
	"is_new_product" boolean DEFAULT false NOT NULL,
	"limited_edition" boolean DEFAULT false NOT NULL,
	"vaulted" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_discount_check" CHECK ("products"."discount" between 0 and 100)
);
--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_main_category_idx" ON "products" USING btree ("main_category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_sub_category_idx" ON "products" USING btree ("sub_category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_sub_sub_category_idx" ON "products" USING btree ("sub_sub_category","created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_search_trgm_idx" ON "products" USING gin ("name_search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_bestseller_idx" ON "products" USING btree ("created_at","id") WHERE "products"."bestseller";--> statement-breakpoint
CREATE INDEX "products_out_of_stock_idx" ON "products" USING btree ("created_at","id") WHERE "products"."out_of_stock";--> statement-breakpoint
CREATE INDEX "products_pre_order_idx" ON "products" USING btree ("created_at","id") WHERE "products"."pre_order";--> statement-breakpoint
CREATE INDEX "products_not_available_yet_idx" ON "products" USING btree ("created_at","id") WHERE "products"."not_available_yet";--> statement-breakpoint
CREATE INDEX "products_coming_soon_idx" ON "products" USING btree ("created_at","id") WHERE "products"."coming_soon";--> statement-breakpoint
CREATE INDEX "products_is_new_product_idx" ON "products" USING btree ("created_at","id") WHERE "products"."is_new_product";--> statement-breakpoint
CREATE INDEX "products_limited_edition_idx" ON "products" USING btree ("created_at","id") WHERE "products"."limited_edition";--> statement-breakpoint
CREATE INDEX "products_vaulted_idx" ON "products" USING btree ("created_at","id") WHERE "products"."vaulted";--> statement-breakpoint
CREATE INDEX "products_is_demo_idx" ON "products" USING btree ("id") WHERE "products"."is_demo";