CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"product_id" integer,
	"product_name" text,
	"size" text,
	"thickness" text,
	"quantity" text,
	"finish" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "enquiries_created" ON "enquiries" USING btree ("created_at");