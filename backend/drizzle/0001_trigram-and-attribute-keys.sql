-- Custom migration: what the next, generated one builds on and drizzle-kit cannot express.
-- pg_trgm backs typo-tolerant search (trigram GIN indexes, word_similarity); it is a trusted
-- extension since PostgreSQL 13, so the database owner may create it. PGlite loads it from
-- its contrib bundle (db/client.ts passes it to the constructor).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The 'code:value_code' keys of a variant's attributes jsonb (e.g. {color:white,size:l}), sorted,
-- for the generated column variants.attribute_keys: filters and facets match arrays of short
-- keys instead of walking jsonb per row. IMMUTABLE because a generated column demands it, and
-- it is: the result depends on the argument only.
CREATE OR REPLACE FUNCTION shop_attribute_keys(attributes jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(k.key ORDER BY k.key), '{}'::text[])
    FROM (
      SELECT DISTINCT (a ->> 'code') || ':' || (a ->> 'valueCode') AS key
      FROM jsonb_array_elements(attributes) AS a
      WHERE a ->> 'code' IS NOT NULL AND a ->> 'valueCode' IS NOT NULL
    ) AS k
  $$;
