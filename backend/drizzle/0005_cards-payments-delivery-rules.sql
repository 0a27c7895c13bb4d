CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"receipt_id" text,
	"state" text NOT NULL,
	"error_code" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_attempts_state_check" CHECK ("payment_attempts"."state" in ('paying', 'paid', 'declined', 'failed', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider_token" text NOT NULL,
	"masked_number" text NOT NULL,
	"brand" text NOT NULL,
	"expiry" text NOT NULL,
	"state" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"code_phone" text,
	"code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "payment_cards_state_check" CHECK ("payment_cards"."state" in ('pending', 'active', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "regions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "payment_types" text[] DEFAULT '{on_receipt}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "receipt_payments" text[] DEFAULT '{cash}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_payment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_address" jsonb;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_in_flight_key" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."state" in ('paying', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_paid_key" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."state" = 'paid';--> statement-breakpoint
CREATE INDEX "payment_attempts_unknown_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "payment_attempts"."state" = 'unknown';--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_default_key" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."is_default" and "payment_cards"."state" = 'active';--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_until") WHERE "orders"."payment_status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('not_required', 'unpaid', 'paid'));