CREATE TABLE "admin_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"file_path" text,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hero_slides" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"subtitle" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image" jsonb NOT NULL,
	"link" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_tiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"href" text NOT NULL,
	"image" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "regular_price_pence" integer;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_jobs_status" ON "admin_jobs" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_sku_unique" UNIQUE("sku");--> statement-breakpoint
-- The home page's slides and tiles as they were written into the storefront until now.
INSERT INTO "hero_slides" ("position", "subtitle", "title", "description", "image", "link") VALUES
(1, 'Timeless elegance', 'Marble Tiles', 'Polished and honed marble for floors and walls, from quarries we know by name.', '{"material":"marble","colour":"white","seed":1101}', '/collections/stone-collection/marble-tiles'),
(2, 'Soft, natural warmth', 'Limestone Tiles', 'Calm, even limestone that brings light into kitchens, hallways and bathrooms.', '{"material":"limestone","colour":"cream-yellow","seed":2202}', '/collections/stone-collection/limestone-tiles'),
(3, 'A classic pattern', 'Chequerboard Tiles', 'Black and white stone laid on the diagonal, as striking now as a century ago.', '{"material":"marble","colour":"black","seed":3303}', '/collections/design-pattern-collection/chequerboard-tiles'),
(4, 'Sun-bleached character', 'Travertine Tiles', 'Tumbled and filled travertine with the texture of old Mediterranean floors.', '{"material":"travertine","colour":"beige-brown","seed":4404}', '/collections/stone-collection/travertine-tiles');--> statement-breakpoint
INSERT INTO "promo_tiles" ("position", "title", "href", "image") VALUES
(1, 'New Arrivals', '/new-arrivals', '/media/stone/quartzite-grey-611-640.webp'),
(2, 'Stone Mosaic Tiles', '/collections/stone-collection/stone-mosaic-tiles', '/media/stone/marble-multi-colour-622-640.webp'),
(3, 'Stone Slabs', '/collections/slabs', '/media/stone/granite-black-633-640.webp'),
(4, 'Bathroom Tiles', '/room-type-usage/bathroom', '/media/stone/marble-white-644-640.webp'),
(5, 'Herringbone Tiles', '/collections/design-pattern-collection/herringbone-tiles', '/media/stone/limestone-beige-brown-655-640.webp');
