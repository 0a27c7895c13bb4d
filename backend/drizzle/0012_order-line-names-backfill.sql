-- Custom migration: order lines written before each kept its names in every language get them
-- now, re-read from the catalogue by variant id; the order's own language keeps the text the line
-- was bought under. A language whose name or an attribute label is missing is left out (that
-- language then reads the line as bought), and so is a line whose variant is gone.
UPDATE order_items AS oi
SET names = named.names
FROM (
  SELECT i.id,
    jsonb_object_agg(
      l.lang,
      CASE WHEN l.lang = o.lang
        THEN jsonb_build_object('name', i.name, 'attributes', i.attributes)
        ELSE jsonb_build_object(
          'name', p.name ->> l.lang,
          'attributes', coalesce((
            SELECT jsonb_agg(
              jsonb_build_object(
                'code', e.a ->> 'code',
                'name', e.a -> 'name' ->> l.lang,
                'value', e.a -> 'value' ->> l.lang
              ) ORDER BY e.n)
            FROM jsonb_array_elements(v.attributes) WITH ORDINALITY AS e(a, n)
          ), '[]'::jsonb)
        )
      END
    ) FILTER (WHERE l.lang = o.lang OR (
      p.name ->> l.lang IS NOT NULL
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(v.attributes) AS x(a)
        WHERE x.a -> 'name' ->> l.lang IS NULL OR x.a -> 'value' ->> l.lang IS NULL
      )
    )) AS names
  FROM order_items AS i
  JOIN orders AS o ON o.id = i.order_id
  JOIN variants AS v ON v.id = i.variant_id
  JOIN products AS p ON p.id = v.product_id
  CROSS JOIN (VALUES ('uz'), ('ru'), ('en')) AS l(lang)
  WHERE i.names IS NULL
  GROUP BY i.id
) AS named
WHERE oi.id = named.id AND named.names IS NOT NULL;
