import type { CartItem } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { outOfStockLines } from './out-of-stock';

function item(productId: number, name: string, quantity = 1): CartItem {
  return {
    product_id: productId,
    name,
    img_url: null,
    quantity,
    attributes: [],
    price: 10_000,
    slug: 'chef-knife',
    mxit: '12345678901234567',
    mxit_unit: '796',
  };
}

const knife = item(5, 'Chef’s knife 20 cm', 13);
const mug = item(11, 'Porcelain mug', 2);
const board = item(12, 'Bamboo cutting board');

function outOfStock(details: { field: string; message: string; available?: number }[]) {
  return new ApiError({ code: 'out_of_stock', message: 'Not in stock', status: 409, details });
}

describe('outOfStockLines', () => {
  it('names each line the answer points at by index, with how many are left', () => {
    const error = outOfStock([
      { field: 'items.0.quantity', message: 'Only 5 left of product 5', available: 5 },
      { field: 'items.2.quantity', message: 'Only 0 left of product 12', available: 0 },
    ]);
    expect(outOfStockLines(error, [knife, mug, board])).toEqual([
      { product_id: 5, name: 'Chef’s knife 20 cm', available: 5 },
      { product_id: 12, name: 'Bamboo cutting board', available: 0 },
    ]);
  });

  it('reads a line named by product id, and says null when the count is missing', () => {
    const error = outOfStock([{ field: 'items', message: 'Product 11 is out of stock' }]);
    expect(outOfStockLines(error, [knife, mug])).toEqual([
      { product_id: 11, name: 'Porcelain mug', available: null },
    ]);
  });

  it('does not take a count in the message for a product id', () => {
    // "5" is how many are left of product 12, not the knife (product 5).
    const error = outOfStock([{ field: 'items', message: 'Only 5 left of product 12' }]);
    expect(outOfStockLines(error, [knife, board])).toEqual([
      { product_id: 12, name: 'Bamboo cutting board', available: null },
    ]);
  });

  it('gives nothing for another error, or details that name no line', () => {
    const other = new ApiError({ code: 'validation_error', message: 'x', status: 400 });
    expect(outOfStockLines(other, [knife])).toEqual([]);
    expect(outOfStockLines(new Error('boom'), [knife])).toEqual([]);
    expect(
      outOfStockLines(outOfStock([{ field: 'items.9.quantity', message: '?' }]), [knife]),
    ).toEqual([]);
  });
});
