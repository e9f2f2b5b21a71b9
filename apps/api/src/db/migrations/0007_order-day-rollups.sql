CREATE TABLE "order_day_rollups" (
	"day" timestamp with time zone NOT NULL,
	"shard" integer NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_rollups_pkey" PRIMARY KEY("day","shard")
);
