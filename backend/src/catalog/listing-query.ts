// A listing request is answered by two statements. The summary (the total and every facet count)
// scans every product in scope and does not depend on the sort or the page, so the service caches
// it per filter; the page (the ids in order) reads one page from the sort's index and is always
// fresh (the service loads the products themselves). Facet counts are disjunctive: each dimension applies every filter but its
// own, so a second brand or colour shows how many products it would add.
//
// Filters live on two levels. Category, brand, price and "on sale" are product columns (price and
// old price are the cheapest variant's, kept on the product by triggers). Attributes and stock
// belong to variants: a product matches when ONE of its variants has every chosen attribute
// (values of one attribute OR, attributes AND) and, with "in stock only", that same variant is in
// stock. Without variant filters the summary reads product rows only; with them it reads the
// candidates' variants once.
import type { Language, Sort } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw-rows';

export interface ListingQuery {
  /** Visible categories in scope (the chosen one and its descendants); never empty. */
  categoryIds: readonly number[];
  brandSlugs: readonly string[];
  priceMin?: number;
  priceMax?: number;
  /** Attribute code → chosen value codes, each list non-empty. */
  attributes: readonly (readonly [string, readonly string[]])[];
  inStock: boolean;
  /** On sale only: the product's price (its cheapest variant's) has an old price above it. */
  discounted: boolean;
  sort: Sort;
  limit: number;
  offset: number;
  lang: Language;
}

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

const PageRowSchema = z.object({ ids: z.array(z.number().int()) });

/** ORDER BY of each sort, ending in the id so pages never repeat or skip a product. NULLS LAST
 * spelled out so the products_*_idx indexes (drizzle-kit writes them so) serve it. */
function orderBy(sort: Sort, alias: SQL): SQL {
  switch (sort) {
    case 'new':
      return sql`${alias}.created_at desc nulls last, ${alias}.id`;
    case 'price_asc':
      return sql`${alias}.price, ${alias}.id`;
    case 'price_desc':
      return sql`${alias}.price desc nulls last, ${alias}.id`;
    case 'popular':
      return sql`${alias}.popularity desc nulls last, ${alias}.id`;
  }
}

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function intList(values: readonly number[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** The product-level filters, as SQL over alias `p`. */
function productConditions(q: ListingQuery) {
  const p = sql.raw('p');
  const scope = sql`${p}.active and ${p}.price is not null and ${p}.category_id in (${intList(q.categoryIds)})${
    q.discounted ? sql` and ${p}.old_price > ${p}.price` : sql``
  }`;
  const brandOk =
    q.brandSlugs.length > 0
      ? sql`${p}.brand_id in (select id from brands where slug in (${sql.join(
          q.brandSlugs.map((slug) => sql`${slug}`),
          sql`, `,
        )}))`
      : sql`true`;
  const bounds: SQL[] = [];
  // The contract allows bounds past 2^31 sum; typed as bigint so PostgreSQL does not try to fit
  // them into the integer price column's type and fail.
  if (q.priceMin !== undefined) bounds.push(sql`${p}.price >= ${q.priceMin}::bigint`);
  if (q.priceMax !== undefined) bounds.push(sql`${p}.price <= ${q.priceMax}::bigint`);
  const priceOk = bounds.length > 0 ? sql.join(bounds, sql` and `) : sql`true`;
  return { scope, brandOk, priceOk };
}

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
    q.brandSlugs.length > 0
      ? sql` or b.slug in (${sql.join(
          q.brandSlugs.map((slug) => sql`${slug}`),
          sql`, `,
        )})`
      : sql``;
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

/**
 * One page of a listing, read in the sort's order. Attribute and stock filters are tested per
 * product as the page is read (the product's key union first, a cheap necessary condition; then
 * one of its variants), so a page costs about as many product rows as it skips, not the scope.
 */
function pageStatement(q: ListingQuery): SQL {
  const { scope, brandOk, priceOk } = productConditions(q);
  const keySets = q.attributes.map(([code, values]) =>
    textArray(values.map((value) => `${code}:${value}`)),
  );
  const variantConditions = [
    ...keySets.map((keys) => sql`v.attribute_keys && ${keys}`),
    ...(q.inStock ? [sql`v.quantity > 0`] : []),
  ];
  // The product's key union holds every variant's keys: a cheap necessary condition first.
  const productHasKeys = keySets.map((keys) => sql`p.attribute_keys && ${keys}`);
  const variantOk =
    variantConditions.length > 0
      ? sql.join(
          [
            ...productHasKeys,
            sql`exists (
              select 1 from variants v
              where v.product_id = p.id and ${sql.join(variantConditions, sql` and `)}
            )`,
          ],
          sql` and `,
        )
      : sql`true`;
  return sql`
    select array(
      select p.id from products p
      where ${scope} and ${brandOk} and ${priceOk} and ${variantOk}
      order by ${orderBy(q.sort, sql.raw('p'))}
      limit ${q.limit} offset ${q.offset}
    ) as ids`;
}

async function firstRow<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`The listing ${what} query answered no row`);
  return row;
}

/** The total and facet counts of the query's filter (its sort, limit and offset are ignored). */
export async function runListingSummary(db: Db, q: ListingQuery): Promise<ListingSummary> {
  const statement =
    q.attributes.length === 0 && !q.inStock ? productLevelSummary(q) : variantLevelSummary(q);
  return (await firstRow(queryRows(db, statement, SummaryRowSchema), 'summary')).result;
}

/** The ids of the query's page, in order. */
export async function runListingPage(db: Db, q: ListingQuery): Promise<number[]> {
  return (await firstRow(queryRows(db, pageStatement(q), PageRowSchema), 'page')).ids;
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
