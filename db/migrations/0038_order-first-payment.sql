ALTER TABLE "orders" ADD COLUMN "first_payment_pence" integer;--> statement-breakpoint
UPDATE "orders" o SET "first_payment_pence" = q."deposit_pence"
  FROM "quotes" q WHERE q."order_id" = o."id" AND q."deposit_percent" > 0;
