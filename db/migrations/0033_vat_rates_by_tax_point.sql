CREATE TABLE "vat_rates" (
	"effective_from" date PRIMARY KEY NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "vat_rates_percent_range" CHECK ("vat_rates"."percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "vat_rate" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "vat_percent" numeric(5, 2) DEFAULT '20' NOT NULL;--> statement-breakpoint
INSERT INTO "vat_rates" ("effective_from", "percent") VALUES ('2011-01-04', 20) ON CONFLICT DO NOTHING;
