CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"pieces" integer NOT NULL,
	"gross_pence" integer NOT NULL,
	CONSTRAINT "return_lines_pieces_positive" CHECK ("return_lines"."pieces" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer NOT NULL,
	"restocking_fee_percent" integer NOT NULL,
	"collection_paid_by" text NOT NULL,
	"collection_price_pence" integer NOT NULL,
	"damage_claim_hours" integer NOT NULL,
	CONSTRAINT "return_rules_one_row" CHECK ("return_rules"."id" = 1),
	CONSTRAINT "return_rules_payer_known" CHECK ("return_rules"."collection_paid_by" IN ('customer', 'shop')),
	CONSTRAINT "return_rules_in_range" CHECK ("return_rules"."window_days" >= 0 AND "return_rules"."restocking_fee_percent" BETWEEN 0 AND 100
        AND "return_rules"."collection_price_pence" >= 0 AND "return_rules"."damage_claim_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"damage" boolean DEFAULT false NOT NULL,
	"damage_on_delivery_note" boolean DEFAULT false NOT NULL,
	"goods_pence" integer NOT NULL,
	"restocking_fee_pence" integer NOT NULL,
	"collection_pence" integer NOT NULL,
	"refund_pence" integer NOT NULL,
	"refund_net_pence" integer NOT NULL,
	"refund_vat_pence" integer NOT NULL,
	"refusal" text,
	"collection_date" date,
	"credit_note_number" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_status_known" CHECK ("returns"."status" IN ('requested', 'approved', 'refused', 'collection_booked', 'received', 'refunded')),
	CONSTRAINT "returns_figures_add_up" CHECK ("returns"."refund_net_pence" + "returns"."refund_vat_pence" = "returns"."refund_pence" AND "returns"."refund_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "variations" ADD COLUMN "pieces_per_pack" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pieces_per_pack" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_lines_once" ON "return_lines" USING btree ("return_id","order_line_id");--> statement-breakpoint
CREATE INDEX "return_photos_order" ON "return_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_order" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status" ON "returns" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "variations" ADD CONSTRAINT "variations_pack_positive" CHECK ("variations"."pieces_per_pack" >= 1);--> statement-breakpoint
-- Common terms of UK stone merchants: 30 days from delivery, 20 % restocking, the customer pays
-- the pallet collection (£60.00 including VAT), damage reported within 48 hours.
INSERT INTO "return_rules" ("id", "window_days", "restocking_fee_percent", "collection_paid_by",
  "collection_price_pence", "damage_claim_hours")
VALUES (1, 30, 20, 'customer', 6000, 48);
--> statement-breakpoint
-- A line keeps the pack its size was sold in, written by whichever statement inserts it
-- (place_order among them), as order_line_selling_unit keeps the unit. Lines placed before
-- packs were kept read as sold by the piece (the default 1).
CREATE FUNCTION order_line_pack() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.pieces_per_pack := coalesce(
    (SELECT v.pieces_per_pack FROM variations v WHERE v.id = NEW.variation_id), NEW.pieces_per_pack);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_line_pack BEFORE INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_line_pack();
