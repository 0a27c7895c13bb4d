ALTER TABLE "otp_challenges" ADD COLUMN "failed_checks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "locked_until" timestamp with time zone;