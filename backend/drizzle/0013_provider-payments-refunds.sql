CREATE TABLE "provider_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"provider_ref" text,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"provider_time" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"performed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" integer,
	CONSTRAINT "provider_payments_provider_check" CHECK ("provider_payments"."provider" in ('click', 'payme', 'telegram')),
	CONSTRAINT "provider_payments_state_check" CHECK ("provider_payments"."state" in ('created', 'performed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt_id" integer,
	"provider_payment_id" integer,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"automatic" boolean NOT NULL,
	"state" text NOT NULL,
	"lease_until" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"made_at" timestamp with time zone,
	CONSTRAINT "refunds_state_check" CHECK ("refunds"."state" in ('due', 'made')),
	CONSTRAINT "refunds_one_source_check" CHECK (("refunds"."attempt_id" is null) <> ("refunds"."provider_payment_id" is null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_provider" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_transaction_id" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "processor" text DEFAULT 'payme_card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "provider_payments" ADD CONSTRAINT "provider_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_payment_id_provider_payments_id_fk" FOREIGN KEY ("provider_payment_id") REFERENCES "public"."provider_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_payments_provider_id_key" ON "provider_payments" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "provider_payments_order_idx" ON "provider_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "provider_payments_created_idx" ON "provider_payments" USING btree ("provider","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_attempt_key" ON "refunds" USING btree ("attempt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_payment_key" ON "refunds" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."state" = 'due' and "refunds"."automatic";--> statement-breakpoint
UPDATE "orders" SET "paid_provider" = 'payme_card', "paid_transaction_id" = "payment_attempts"."receipt_id" FROM "payment_attempts" WHERE "payment_attempts"."order_id" = "orders"."id" AND "payment_attempts"."state" = 'paid' AND "orders"."paid_provider" IS NULL;
