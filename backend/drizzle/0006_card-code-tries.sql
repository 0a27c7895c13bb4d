DROP INDEX "orders_unpaid_idx";--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "code_resend_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "code_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_until") WHERE "orders"."payment_status" = 'unpaid' and "orders"."status" <> 'cancelled';