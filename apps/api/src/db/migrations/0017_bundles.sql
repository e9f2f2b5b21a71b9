CREATE TABLE "bundle_products" (
	"bundle_id" varchar(24) NOT NULL,
	"position" smallint NOT NULL,
	"product_id" varchar(24),
	"product_name" text NOT NULL,
	"product_price_cents" integer NOT NULL,
	CONSTRAINT "bundle_products_bundle_id_position_pk" PRIMARY KEY("bundle_id","position")
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"purchase_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bundles_price_check" CHECK ("bundles"."price_cents" > 0),
	CONSTRAINT "bundles_dates_check" CHECK ("bundles"."end_date" >= "bundles"."start_date"),
	CONSTRAINT "bundles_purchase_count_check" CHECK ("bundles"."purchase_count" >= 0),
	CONSTRAINT "bundles_images_check" CHECK (jsonb_typeof("bundles"."images") = 'array' and jsonb_array_length("bundles"."images") <= 5)
);
--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_bundle_id_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_products" ADD CONSTRAINT "bundle_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bundle_products_bundle_product_key" ON "bundle_products" USING btree ("bundle_id","product_id");--> statement-breakpoint
CREATE INDEX "bundle_products_product_id_idx" ON "bundle_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "bundles_created_at_idx" ON "bundles" USING btree ("created_at","id");