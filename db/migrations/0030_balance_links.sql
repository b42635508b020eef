CREATE TABLE "balance_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"payment_method" text,
	"provider_ref" text,
	"link_expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "balance_links_provider_ref_unique" UNIQUE("provider_ref"),
	CONSTRAINT "balance_links_status_known" CHECK ("balance_links"."status" IN ('sent', 'awaiting_transfer', 'paid', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "balance_links" ADD CONSTRAINT "balance_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_links_order" ON "balance_links" USING btree ("order_id");