-- Custom migration: derived data kept in step by triggers, whoever writes the rows (the seed,
-- the benchmark, a future admin): products.price, products.old_price and products.attribute_keys
-- from the variants, and the search_words vocabulary from the products' search names.
--
-- Recomputes the summary of the given products: the cheapest variant (first by position among
-- equal prices, as the product answer picks it) and the union of the variants' attribute keys.
-- A row is written only when something changed, so a no-op never takes a row lock.
CREATE OR REPLACE FUNCTION shop_refresh_product_summary(product_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE products AS p
    SET price = s.price, old_price = s.old_price, attribute_keys = s.attribute_keys
    FROM (
      SELECT ids.id, cheapest.price, cheapest.old_price,
        coalesce(merged.attribute_keys, '{}'::text[]) AS attribute_keys
      FROM (SELECT DISTINCT unnest(product_ids) AS id) AS ids
      LEFT JOIN LATERAL (
        SELECT v.price, v.old_price FROM variants AS v
        WHERE v.product_id = ids.id
        ORDER BY v.price, v.position, v.id
        LIMIT 1
      ) AS cheapest ON true
      LEFT JOIN LATERAL (
        SELECT array_agg(DISTINCT k.key ORDER BY k.key) AS attribute_keys
        FROM variants AS v, unnest(v.attribute_keys) AS k(key)
        WHERE v.product_id = ids.id
      ) AS merged ON true
    ) AS s
    WHERE p.id = s.id
      AND (p.price, p.old_price, p.attribute_keys)
        IS DISTINCT FROM (s.price, s.old_price, s.attribute_keys);
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_variants_inserted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM shop_refresh_product_summary(ARRAY(SELECT DISTINCT product_id FROM new_rows));
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_variants_deleted() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM shop_refresh_product_summary(ARRAY(SELECT DISTINCT product_id FROM old_rows));
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_variant_updated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM shop_refresh_product_summary(ARRAY[OLD.product_id, NEW.product_id]);
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
-- Inserts and deletes per statement (a bulk insert refreshes each product once); updates per row,
-- and only of the columns the summary reads: an order's stock update (quantity) fires nothing,
-- so placing orders takes no lock on product rows.
CREATE TRIGGER variants_summary_after_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_variants_inserted();
--> statement-breakpoint
CREATE TRIGGER variants_summary_after_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_variants_deleted();
--> statement-breakpoint
CREATE TRIGGER variants_summary_after_update
  AFTER UPDATE OF product_id, price, old_price, position, attributes ON variants
  FOR EACH ROW EXECUTE FUNCTION shop_variant_updated();
--> statement-breakpoint
-- Products that existed before this migration.
SELECT shop_refresh_product_summary(ARRAY(SELECT id FROM products));
--> statement-breakpoint
-- Words of 4 letters or more with a letter in them: shorter words and bare numbers are never
-- corrected (see catalog/search-query.ts). Words are only added: one no product uses any more
-- costs a lookup that finds nothing, which is cheaper than counting uses.
CREATE OR REPLACE FUNCTION shop_collect_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      INSERT INTO search_words (word)
      SELECT DISTINCT w.word
      FROM new_rows, unnest(string_to_array(btrim(new_rows.search_name), ' ')) AS w(word)
      WHERE length(w.word) >= 4 AND w.word ~ '[a-z]'
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
-- Two triggers: a trigger with transition tables takes one event.
CREATE TRIGGER products_search_words_after_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_after_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_collect_search_words();
