import type { CartItem } from '@shop/shared';
import { isApiError } from '../api/api-error';

/** One line an order was refused for: too few left. */
export interface OutOfStockLine {
  product_id: number;
  name: string;
  /** How many are left; null when the server did not say. */
  available: number | null;
}

/**
 * The lines a 409 out_of_stock answer to "Place order" names, with how many are left, in the
 * order of the items. The server names a line by its index in the order's items
 * ('items.2.quantity'); an answer that names it by product id in the field or the message is
 * read too. Anything else (another error, a detail that names no line) gives no line.
 */
export function outOfStockLines(error: unknown, items: readonly CartItem[]): OutOfStockLine[] {
  if (!isApiError(error) || error.code !== 'out_of_stock') return [];
  const found = new Map<number, OutOfStockLine>();
  for (const detail of error.details) {
    const index = /^items\.(\d+)(?:\.|$)/.exec(detail.field)?.[1];
    const item =
      (index === undefined ? undefined : items[Number(index)]) ??
      items.find(
        (line) =>
          detail.field === String(line.product_id) ||
          new RegExp(`\\bproduct ${line.product_id}\\b`, 'i').test(detail.message),
      );
    if (!item || found.has(item.product_id)) continue;
    found.set(item.product_id, {
      product_id: item.product_id,
      name: item.name,
      available: detail.available ?? null,
    });
  }
  return items.flatMap((item) => {
    const line = found.get(item.product_id);
    return line ? [line] : [];
  });
}
