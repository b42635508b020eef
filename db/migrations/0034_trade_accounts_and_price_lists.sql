CREATE TABLE "account_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	CONSTRAINT "account_allocations_positive" CHECK ("account_allocations"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "account_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_payments_positive" CHECK ("account_payments"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"show_ex_vat" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "price_list_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"variation_id" integer,
	"percent_off" numeric(5, 2),
	"price_pence" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_rules_shape" CHECK (("price_list_rules"."kind" = 'category_percent' AND "price_list_rules"."category_id" IS NOT NULL
            AND "price_list_rules"."percent_off" > 0 AND "price_list_rules"."percent_off" < 100 AND "price_list_rules"."variation_id" IS NULL)
        OR ("price_list_rules"."kind" = 'size_price' AND "price_list_rules"."variation_id" IS NOT NULL
            AND "price_list_rules"."price_pence" > 0 AND "price_list_rules"."category_id" IS NULL)),
	CONSTRAINT "price_list_rules_dates" CHECK ("price_list_rules"."starts_at" IS NULL OR "price_list_rules"."ends_at" IS NULL OR "price_list_rules"."starts_at" < "price_list_rules"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "trade_accounts" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"company_number" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"trade" text DEFAULT '' NOT NULL,
	"credit_limit_pence" integer,
	"terms_kind" text DEFAULT 'days' NOT NULL,
	"terms_days" integer DEFAULT 30 NOT NULL,
	"stopped_at" timestamp with time zone,
	"stop_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_accounts_limit" CHECK ("trade_accounts"."credit_limit_pence" IS NULL OR "trade_accounts"."credit_limit_pence" >= 0),
	CONSTRAINT "trade_accounts_terms" CHECK ("trade_accounts"."terms_kind" IN ('days', 'end_of_month')),
	CONSTRAINT "trade_accounts_days" CHECK ("trade_accounts"."terms_days" BETWEEN 0 AND 120)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trade_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_payment_id_account_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."account_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_allocations" ADD CONSTRAINT "account_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_customer_id_trade_accounts_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."trade_accounts"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_rules" ADD CONSTRAINT "price_list_rules_variation_id_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_accounts" ADD CONSTRAINT "trade_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_allocations_invoice" ON "account_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "account_payments_customer" ON "account_payments" USING btree ("customer_id","received_on");--> statement-breakpoint
CREATE INDEX "price_list_rules_group" ON "price_list_rules" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "customer_groups" ("name") VALUES ('Trade');