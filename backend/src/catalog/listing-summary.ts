// The summary of a listing: its total and every facet count, in one statement that scans every
// product in scope. It does not depend on the sort or the page, so the service caches it per
// filter (summaryKey). Without attribute or stock filters it reads product rows only; with them
// it reads the candidates' variants once.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows, sqlList } from '../db/raw-rows';
import { firstRow, productConditions, textArray, type ListingQuery } from './listing-query';

const count = z.number().int().nonnegative();

const SummaryRowSchema = z.object({
  result: z.object({
    total: count,
    categories: z.array(z.object({ id: z.number().int(), count })).nullable(),
    brands: z.array(z.object({ slug: z.string(), name: z.string(), count })).nullable(),
    attributes: z
      .array(
        z.object({
          code: z.string(),
          name: z.string(),
          value: z.string(),
          value_name: z.string(),
          count,
        }),
      )
      .nullable(),
    price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
    in_stock_count: count,
  }),
});
/** The total and facet counts of a filter: the same for every sort and page. */
export type ListingSummary = z.output<typeof SummaryRowSchema>['result'];

/** Attribute facet values of `counts` (a relation of key, n), named from the dictionary; chosen
 * values are kept even at zero so the shopper can see and clear them. */
function attributeFacet(q: ListingQuery, counts: SQL): SQL {
  const chosen = q.attributes.flatMap(([code, values]) => values.map((v) => `${code}:${v}`));
  const keepChosen =
    chosen.length > 0
      ? sql` or (av.attribute_code || ':' || av.code) = any(${textArray(chosen)})`
      : sql``;
  return sql`(
    select json_agg(json_build_object(
      'code', a.code, 'name', a.name ->> ${q.lang}::text,
      'value', av.code, 'value_name', av.name ->> ${q.lang}::text,
      'count', coalesce(c.n, 0)
    ) order by a.position, a.code, av.position, av.code)
    from attribute_values av
    join attributes a on a.code = av.attribute_code
    left join (${counts}) c on c.key = av.attribute_code || ':' || av.code
    where c.n > 0${keepChosen}
  )`;
}

function brandFacet(q: ListingQuery, counts: SQL): SQL {
  const keepChosen =
    q.brandSlugs.length > 0 ? sql` or b.slug in (${sqlList(q.brandSlugs)})` : sql``;
  return sql`(
    select json_agg(json_build_object('slug', b.slug, 'name', b.name, 'count', coalesce(c.n, 0))
      order by b.name, b.slug)
    from brands b
    left join (${counts}) c on c.brand_id = b.id
    where c.n > 0${keepChosen}
  )`;
}

/** Counts of each attribute key over the candidates that pass brand and price, from the
 * product-level union of keys. `select unnest(...)` (a ProjectSet) is cheaper than a lateral
 * unnest per row on large scopes. */
function productKeyCounts(keyFilter: SQL = sql`true`): SQL {
  return sql`select key, count(*)::int as n
    from (select unnest(cand.attribute_keys) as key from cand where b_ok and p_ok) u
    where ${keyFilter} group by key`;
}

/** Summary without attribute or stock filters: everything comes from product rows. */
function productLevelSummary(q: ListingQuery): SQL {
  const { scope, brandOk, priceOk } = productConditions(q);
  return sql`
    with cand as (
      select p.id, p.category_id, p.brand_id, p.price, p.attribute_keys,
        (${brandOk}) as b_ok, (${priceOk}) as p_ok
      from products p
      where ${scope}
    )
    select json_build_object(
      'total', (select count(*)::int from cand where b_ok and p_ok),
      'categories', (
        select json_agg(json_build_object('id', category_id, 'count', n))
        from (select category_id, count(*)::int as n from cand where b_ok and p_ok group by 1) x
      ),
      'brands', ${brandFacet(q, sql`select brand_id, count(*)::int as n from cand where p_ok group by 1`)},
      'attributes', ${attributeFacet(q, productKeyCounts())},
      'price', (select json_build_object('min', min(price), 'max', max(price)) from cand where b_ok),
      'in_stock_count', (
        select count(*)::int from cand
        where b_ok and p_ok
          and exists (select 1 from variants v where v.product_id = cand.id and v.quantity > 0)
      )
    ) as result`;
}

/**
 * Attribute or stock filters. Each candidate's variants are flagged once (has a chosen value of
 * attribute i: a<i>; in stock: s). Only products that can count somewhere are read: a facet of a
 * chosen attribute applies the others, so a product must have (in its key union, which the
 * variants' keys are part of) the values of all chosen attributes but at most one. With a single
 * chosen attribute and no stock filter, that attribute's own facet needs no variants at all and
 * is counted from the product keys, so the variants read are those of matching products only.
 */
function variantLevelSummary(q: ListingQuery): SQL {
  const { scope, brandOk, priceOk } = productConditions(q);
  const chosen = q.attributes.map(([code, values], index) => ({
    code,
    column: sql.raw(`a${index}`),
    keys: textArray(values.map((value) => `${code}:${value}`)),
  }));
  const [only] = chosen;
  const ownFacetFromProducts = chosen.length === 1 && !q.inStock && only !== undefined;
  const needed = ownFacetFromProducts ? chosen.length : Math.max(0, chosen.length - 1);
  const productMatches =
    chosen.length > 0
      ? sql.join(
          chosen.map((c) => sql`(p.attribute_keys && ${c.keys})::int`),
          sql` + `,
        )
      : sql`0`;
  const all =
    chosen.length > 0
      ? sql.join(
          chosen.map((c) => c.column),
          sql` and `,
        )
      : sql`true`;
  const stockOk = q.inStock ? sql`s` : sql`true`;
  // A variant counts toward attribute A's facet when it has every OTHER chosen attribute.
  const others =
    chosen.length > 0
      ? sql.join(
          chosen.map((c) => sql`(${c.column} or u.key like ${`${c.code}:%`})`),
          sql` and `,
        )
      : sql`true`;
  const variantKeyCounts = sql`select key, count(*)::int as n from (
      select distinct u.product_id, u.key from (
        select vf.*, unnest(vf.keys) as key
        from vf join j on j.id = vf.product_id
        where j.b_ok and j.p_ok and ${q.inStock ? sql`vf.s` : sql`true`}
      ) u
      where ${others}${ownFacetFromProducts ? sql` and u.key not like ${`${only.code}:%`}` : sql``}
    ) d group by key`;
  const keyCounts = ownFacetFromProducts
    ? sql`${variantKeyCounts} union all ${productKeyCounts(sql`key like ${`${only.code}:%`}`)}`
    : variantKeyCounts;
  return sql`
    with cand as (
      select p.id, p.category_id, p.brand_id, p.price, p.attribute_keys,
        (${brandOk}) as b_ok, (${priceOk}) as p_ok, ${productMatches} as matched
      from products p
      where ${scope}
    ),
    vf as (
      -- = any(array(...)) rather than in (select ...): it makes the planner walk the product_id
      -- index for the candidates instead of hashing every variant in the table.
      select v.product_id, v.attribute_keys as keys, v.quantity > 0 as s${sql.join(
        chosen.map((c) => sql`, (v.attribute_keys && ${c.keys}) as ${c.column}`),
        sql``,
      )}
      from variants v
      where v.product_id = any(array(select id from cand where matched >= ${needed}))
    ),
    pf as (
      select product_id, bool_or(${all} and ${stockOk}) as m, bool_or(${all} and s) as ms
      from vf group by product_id
    ),
    j as (select cand.*, pf.m, pf.ms from cand join pf on pf.product_id = cand.id)
    select json_build_object(
      'total', (select count(*)::int from j where m and b_ok and p_ok),
      'categories', (
        select json_agg(json_build_object('id', category_id, 'count', n))
        from (select category_id, count(*)::int as n from j where m and b_ok and p_ok group by 1) x
      ),
      'brands', ${brandFacet(q, sql`select brand_id, count(*)::int as n from j where m and p_ok group by 1`)},
      'attributes', ${attributeFacet(q, keyCounts)},
      'price', (select json_build_object('min', min(price), 'max', max(price)) from j where m and b_ok),
      'in_stock_count', (select count(*)::int from j where ms and b_ok and p_ok)
    ) as result`;
}

/** The total and facet counts of the query's filter (its sort, limit and offset are ignored). */
export async function runListingSummary(db: Db, q: ListingQuery): Promise<ListingSummary> {
  const statement =
    q.attributes.length === 0 && !q.inStock ? productLevelSummary(q) : variantLevelSummary(q);
  return (await firstRow(queryRows(db, statement, SummaryRowSchema), 'summary')).result;
}

/** What identifies a summary: every filter, none of sort and paging. */
export function summaryKey(q: ListingQuery): string {
  return JSON.stringify([
    q.lang,
    q.categoryIds,
    // Order-free parts sorted, so the same filter sent in another order shares the entry.
    [...q.brandSlugs].sort(),
    q.priceMin ?? null,
    q.priceMax ?? null,
    q.attributes.map(([code, values]) => [code, [...values].sort()]),
    q.inStock,
    q.discounted,
  ]);
}
