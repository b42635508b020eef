ALTER TABLE "variations" ADD COLUMN "scheduled_sale_price_pence" integer;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "sale_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "sale_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_sale_dates" CHECK ("sale_to" IS NULL OR "sale_from" IS NULL OR "sale_to" > "sale_from");
--> statement-breakpoint
-- A product's regular price now means only what a size really sold for before its sale: the
-- clearance flag no longer makes one up (issue 28).
UPDATE "products" SET "regular_price_pence" = NULL WHERE "regular_price_pence" <= "price_pence";
