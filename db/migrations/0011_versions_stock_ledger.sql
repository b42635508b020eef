CREATE TABLE "resource_versions" (
	"resource" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"variation_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"order_id" integer,
	"ref" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_terms" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_ledger_variation" ON "stock_ledger" USING btree ("variation_id","id");--> statement-breakpoint
CREATE INDEX "stock_ledger_order" ON "stock_ledger" USING btree ("order_id") WHERE "stock_ledger"."order_id" IS NOT NULL;