ALTER TABLE "account_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "account_payments" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_idempotency_key_unique" UNIQUE("idempotency_key");