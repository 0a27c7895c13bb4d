// Taking an order's stock: one conditional UPDATE per item, inside the order's transaction, so
// two orders for the last unit cannot both get it and any miss rolls the whole order back.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { variants } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import type { OrderedItem } from './order-input';

/**
 * Takes each item's quantity off its variant, or throws `out_of_stock` naming every short line
 * and how many are left (the caller's transaction then returns what was taken). Answers whether
 * a variant sold out, which is when the catalogue's in-stock counts change too.
 */
export async function takeStock(
  tx: Db,
  items: readonly OrderedItem[],
): Promise<{ soldOut: boolean }> {
  // Updating in id order means two orders over the same items lock rows in the same order and
  // cannot deadlock each other.
  const sorted = [...items].sort((a, b) => a.product_id - b.product_id);
  const short: number[] = [];
  let soldOut = false;
  for (const item of sorted) {
    const taken = await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - ${item.quantity}` })
      .where(and(eq(variants.id, item.product_id), gte(variants.quantity, item.quantity)))
      .returning({ id: variants.id, quantity: variants.quantity });
    if (taken.length === 0) short.push(item.product_id);
    if (taken.some((row) => row.quantity === 0)) soldOut = true;
  }
  if (short.length > 0) throw await outOfStock(tx, items, short);
  return { soldOut };
}

/** The refusal of the short lines, each with how many are left. */
async function outOfStock(
  tx: Db,
  items: readonly OrderedItem[],
  short: readonly number[],
): Promise<ShopError> {
  const left = await tx
    .select({ id: variants.id, quantity: variants.quantity })
    .from(variants)
    .where(inArray(variants.id, short));
  return new ShopError('out_of_stock', 'Some items are not in stock in the quantity asked for.', {
    details: items.flatMap((item, index) => {
      if (!short.includes(item.product_id)) return [];
      const available = left.find((l) => l.id === item.product_id)?.quantity ?? 0;
      return [
        {
          field: `items.${index}.quantity`,
          message: `Only ${available} left of product ${item.product_id}`,
          available,
        },
      ];
    }),
  });
}
