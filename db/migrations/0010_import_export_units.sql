CREATE TABLE "category_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every product gets a SKU, made from its slug (upper case, as the seed makes them); one that
-- another product or a size already holds, or a slug too long for a SKU, takes the product's id.
UPDATE "products" p SET "sku" = upper(p."slug")
  WHERE p."sku" IS NULL AND length(p."slug") <= 64
    AND NOT EXISTS (SELECT 1 FROM "products" q WHERE q."sku" = upper(p."slug"))
    AND NOT EXISTS (SELECT 1 FROM "variations" v WHERE v."sku" = upper(p."slug"));--> statement-breakpoint
UPDATE "products" SET "sku" = upper(left("slug", 52)) || '-' || "id" WHERE "sku" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'm2' NOT NULL;--> statement-breakpoint
ALTER TABLE "category_slug_redirects" ADD CONSTRAINT "category_slug_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_source_url" ON "product_images" USING btree ("source_url") WHERE "product_images"."source_url" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_known" CHECK ("products"."unit" IN ('m2', 'piece', 'litre', 'each', 'linear_metre'));--> statement-breakpoint
-- The demo catalogue's goods that are not sold by the m²: tins of sealer and adhesive, sinks, and
-- mouldings and skirtings by the metre.
UPDATE "products" p SET "unit" = CASE c."slug"
    WHEN 'tiling-products' THEN 'each' WHEN 'stone-sinks' THEN 'each' ELSE 'linear_metre' END
  FROM "product_categories" pc JOIN "categories" c ON c."id" = pc."category_id"
  WHERE pc."product_id" = p."id"
    AND c."slug" IN ('tiling-products', 'stone-sinks', 'mouldings-skirtings');
