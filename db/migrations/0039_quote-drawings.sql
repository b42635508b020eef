CREATE TABLE "quote_drawings" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "drawing_id" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_drawing_id_quote_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."quote_drawings"("id") ON DELETE no action ON UPDATE no action;