ALTER TABLE "orders" ADD COLUMN "session_token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_mailed_at" timestamp with time zone;