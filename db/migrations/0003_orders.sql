CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"parcel_max_kg" integer NOT NULL,
	"parcel_pence" integer NOT NULL,
	"pallet_max_kg" integer NOT NULL,
	"pallet_pence" integer NOT NULL,
	"free_threshold_pence" integer NOT NULL,
	"full_size_sample_postage_pence" integer NOT NULL,
	"timed_slot_pence" integer NOT NULL,
	"standard_min_days" integer NOT NULL,
	"standard_max_days" integer NOT NULL,
	"post_min_days" integer NOT NULL,
	"post_max_days" integer NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("delivery_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"deliverable" boolean DEFAULT true NOT NULL,
	"parcel_surcharge_pence" integer DEFAULT 0 NOT NULL,
	"pallet_surcharge_pence" integer DEFAULT 0 NOT NULL,
	"extra_days" integer DEFAULT 0 NOT NULL,
	"message" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tax_point" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"kind" text NOT NULL,
	"is_bespoke" boolean DEFAULT false NOT NULL,
	"pieces" integer NOT NULL,
	"m2" numeric(14, 3),
	"weight_kg" numeric(12, 2) NOT NULL,
	"unit" text NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"unit_net_pence" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"net_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	"stock_taken" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_lines_split" CHECK ("order_lines"."net_pence" + "order_lines"."vat_pence" = "order_lines"."gross_pence")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"access_token_hash" text NOT NULL,
	"cart_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"goods_net_pence" integer NOT NULL,
	"goods_vat_pence" integer NOT NULL,
	"goods_gross_pence" integer NOT NULL,
	"delivery_net_pence" integer NOT NULL,
	"delivery_vat_pence" integer NOT NULL,
	"delivery_gross_pence" integer NOT NULL,
	"total_net_pence" integer NOT NULL,
	"total_vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"terms_version" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"needs_refund" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_access_token_hash_unique" UNIQUE("access_token_hash"),
	CONSTRAINT "orders_cart_id_unique" UNIQUE("cart_id"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_totals_add_up" CHECK ("orders"."total_net_pence" + "orders"."total_vat_pence" = "orders"."total_pence"
        AND "orders"."goods_gross_pence" + "orders"."delivery_gross_pence" = "orders"."total_pence")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "stock_quantity" integer;--> statement-breakpoint
-- Stock was a flag until now: what was out of stock has 0 pieces, the rest is not counted until
-- the shop counts it.
UPDATE "variations" SET "stock_quantity" = 0 WHERE NOT "in_stock";--> statement-breakpoint
ALTER TABLE "variations" drop column "in_stock";--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS ("stock_quantity" IS NULL OR "stock_quantity" > 0) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_customer_placed" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_status_expires" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_email" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_provider" ON "payments" USING btree ("order_id","provider");--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_stock_not_negative" CHECK ("variations"."stock_quantity" >= 0);--> statement-breakpoint
-- The shop's delivery prices, gross (VAT included): a parcel up to 18 kg, pallets of up to 950 kg
-- above it, free on the mainland from £500, a timed slot £25, full-size samples by post £4.95.
INSERT INTO "delivery_settings" ("id", "parcel_max_kg", "parcel_pence", "pallet_max_kg", "pallet_pence", "free_threshold_pence", "full_size_sample_postage_pence", "timed_slot_pence", "standard_min_days", "standard_max_days", "post_min_days", "post_max_days")
VALUES (1, 18, 995, 950, 4900, 50000, 495, 2500, 3, 5, 1, 3);--> statement-breakpoint
INSERT INTO "delivery_zones" ("code", "name", "prefixes", "deliverable", "parcel_surcharge_pence", "pallet_surcharge_pence", "extra_days", "message", "position") VALUES
('highlands', 'Scottish Highlands', '{IV,KW,PH}', true, 1500, 4500, 2, 'Deliveries to the Scottish Highlands carry a surcharge and take up to 2 working days longer.', 1),
('islands', 'Scottish Islands', '{HS,ZE,KW15,KW16,KW17}', true, 2500, 9500, 3, 'Deliveries to the Scottish Islands carry a surcharge and take up to 3 working days longer.', 2),
('northern-ireland', 'Northern Ireland', '{BT}', true, 2000, 6000, 2, 'Deliveries to Northern Ireland carry a surcharge and take up to 2 working days longer.', 3),
('isle-of-man', 'Isle of Man', '{IM}', true, 2500, 8000, 3, 'Deliveries to the Isle of Man carry a surcharge and take up to 3 working days longer.', 4),
('channel-islands', 'Channel Islands', '{GY,JE}', false, 0, 0, 0, 'Sorry, we cannot deliver to the Channel Islands. Please call us on 0117 496 0472 to arrange collection or your own courier.', 5);--> statement-breakpoint
INSERT INTO "counters" ("name", "value") VALUES ('invoice', 0);
