CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"thickness_mm" integer,
	"length_mm" integer,
	"width_mm" integer,
	"edge_profile" text,
	"finish" text,
	"cutouts" integer DEFAULT 0 NOT NULL,
	"cutout_price_pence" integer DEFAULT 0 NOT NULL,
	"pieces" integer NOT NULL,
	"pricing" text NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"m2" text,
	"weight_kg" text NOT NULL,
	"gross_pence" integer NOT NULL,
	CONSTRAINT "quote_lines_kind_known" CHECK ("quote_lines"."kind" IN ('catalogue', 'bespoke')),
	CONSTRAINT "quote_lines_pricing_known" CHECK ("quote_lines"."pricing" IN ('m2', 'piece'))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"customer_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"address" jsonb NOT NULL,
	"enquiry_id" integer,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"valid_until" timestamp with time zone,
	"deposit_percent" integer DEFAULT 0 NOT NULL,
	"manual_delivery_pence" integer,
	"delivery_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer DEFAULT 0 NOT NULL,
	"deposit_pence" integer DEFAULT 0 NOT NULL,
	"vat_rate" text DEFAULT '20' NOT NULL,
	"weight_kg" text DEFAULT '0' NOT NULL,
	"delivery" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"order_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quotes_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "quotes_state_known" CHECK ("quotes"."state" IN ('draft', 'sent', 'accepted', 'expired', 'withdrawn', 'superseded')),
	CONSTRAINT "quotes_deposit_percent" CHECK ("quotes"."deposit_percent" BETWEEN 0 AND 100),
	CONSTRAINT "quotes_deposit_within" CHECK ("quotes"."deposit_pence" BETWEEN 0 AND "quotes"."total_pence")
);
--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_events_quote" ON "quote_events" USING btree ("quote_id","at");--> statement-breakpoint
CREATE INDEX "quote_lines_quote" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_revision" ON "quotes" USING btree ("number","revision");--> statement-breakpoint
CREATE INDEX "quotes_state" ON "quotes" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "quotes_customer" ON "quotes" USING btree ("customer_id");