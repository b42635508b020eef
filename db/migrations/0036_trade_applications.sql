CREATE TABLE "trade_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"company" text NOT NULL,
	"company_number" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"trade" text NOT NULL,
	"address_line_1" text NOT NULL,
	"address_line_2" text DEFAULT '' NOT NULL,
	"town" text NOT NULL,
	"postcode" text NOT NULL,
	"evidence_id" integer NOT NULL,
	"group_id" integer,
	"refusal_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_applications_status" CHECK ("trade_applications"."status" IN ('pending', 'approved', 'refused')),
	CONSTRAINT "trade_applications_refusal" CHECK ("trade_applications"."status" <> 'refused' OR length("trade_applications"."refusal_reason") > 0)
);
--> statement-breakpoint
CREATE TABLE "trade_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_evidence_id_trade_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."trade_evidence"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_applications" ADD CONSTRAINT "trade_applications_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_evidence" ADD CONSTRAINT "trade_evidence_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_one_pending" ON "trade_applications" USING btree ("customer_id") WHERE "trade_applications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "trade_applications_evidence" ON "trade_applications" USING btree ("evidence_id");--> statement-breakpoint
CREATE INDEX "trade_applications_queue" ON "trade_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_evidence_customer" ON "trade_evidence" USING btree ("customer_id");