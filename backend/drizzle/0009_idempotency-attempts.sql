ALTER TABLE "idempotency_keys" ADD COLUMN "attempt_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt_started_at" timestamp with time zone;