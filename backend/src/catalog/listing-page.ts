// The page of a listing: the ids of one page, read in the sort's order from its index, always
// fresh (the service then loads the products themselves).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows } from '../db/raw-rows';
import {
  firstRow,
  orderBy,
  productConditions,
  textArray,
  type ListingQuery,
} from './listing-query';

const PageRowSchema = z.object({ ids: z.array(z.number().int()) });

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

/** The ids of the query's page, in order. */
export async function runListingPage(db: Db, q: ListingQuery): Promise<number[]> {
  return (await firstRow(queryRows(db, pageStatement(q), PageRowSchema), 'page')).ids;
}
