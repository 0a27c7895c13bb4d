-- Custom migration: covering indexes for the listing statement (catalog/listing-query.ts).
-- drizzle-kit cannot write INCLUDE. Product rows are wide (texts in three languages, search
-- documents), and a listing reads a handful of narrow columns of every product in scope: from
-- these indexes it reads them without visiting the table (an index-only scan, once VACUUM,
-- usually autovacuum, has marked the pages all-visible).
CREATE INDEX IF NOT EXISTS products_listing_idx ON products (category_id)
  INCLUDE (id, brand_id, price, popularity, created_at, active, attribute_keys);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS variants_listing_idx ON variants (product_id)
  INCLUDE (quantity, attribute_keys);
