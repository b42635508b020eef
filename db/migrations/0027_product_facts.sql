CREATE TABLE "product_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_documents_kind_known" CHECK ("product_documents"."kind" IN ('dop', 'ce_ukca', 'datasheet'))
);
--> statement-breakpoint
CREATE TABLE "product_facts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"frost_resistance" text DEFAULT '' NOT NULL,
	"slip_rating" text DEFAULT '' NOT NULL,
	"sealing_advice" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_facts" ADD CONSTRAINT "product_facts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_documents_product" ON "product_documents" USING btree ("product_id","position");