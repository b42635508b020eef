ALTER TABLE "delivery_settings" ADD COLUMN "collection_offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "collection_address" text;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD COLUMN "collection_lead_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- Collection stays off, so checkout offers delivery only as before; the yard's address is the
-- shop's own, ready for when the owner turns collection on.
UPDATE "delivery_settings" SET "collection_address" = 'Unit 4, Riverside Trading Estate, Feeder Road, Bristol BS2 0UX' WHERE "id" = 1;
