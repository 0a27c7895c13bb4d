CREATE TABLE "attribute_values" (
	"attribute_code" text NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribute_values_attribute_code_code_pk" PRIMARY KEY("attribute_code","code")
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "artwork" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "info_pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "old_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attribute_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_loose" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "attribute_keys" text[] GENERATED ALWAYS AS (shop_attribute_keys(attributes)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_code_attributes_code_fk" FOREIGN KEY ("attribute_code") REFERENCES "public"."attributes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_new_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("price" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_attribute_keys_idx" ON "products" USING gin ("attribute_keys");--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_in_stock_idx" ON "variants" USING btree ("product_id") WHERE "variants"."quantity" > 0;