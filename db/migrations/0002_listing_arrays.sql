ALTER TABLE "products" ADD COLUMN "category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "term_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_ids" ON "products" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "products_term_ids" ON "products" USING gin ("term_ids");--> statement-breakpoint
UPDATE "products" p SET
  "category_ids" = ARRAY(SELECT "category_id" FROM "product_categories" WHERE "product_id" = p."id" ORDER BY 1),
  "term_ids" = ARRAY(SELECT "term_id" FROM "product_terms" WHERE "product_id" = p."id" ORDER BY 1);
