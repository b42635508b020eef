CREATE TABLE "draft_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text,
	"email" text NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"delivery_option" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"link_expires_at" timestamp with time zone,
	"order_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_orders_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "draft_orders_status_known" CHECK ("draft_orders"."status" IN ('draft', 'sent', 'placed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"text" text NOT NULL,
	"to_customer" boolean NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_order_id_unique";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_current_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."superseded_at" IS NULL;