import {
  ORDER_LINE_QUANTITY_LIMIT,
  type CartItem,
  type ProductDetail,
  type Variant,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { blocksCheckout, lineStock, maxQuantityFor } from './cart-stock';

function variant(productId: number, quantity: number, inStock = quantity > 0): Variant {
  return {
    product_id: productId,
    attributes: [],
    price: 179_000,
    old_price: null,
    in_stock: inStock,
    quantity,
  };
}

function product(variants: Variant[]): ProductDetail {
  return {
    product_id: 1,
    slug: 'chef-knife',
    name: 'Chef’s knife 20 cm',
    description: '',
    price: 179_000,
    old_price: null,
    images: [],
    in_stock: true,
    quantity: 5,
    category: { slug: 'kitchen-tools', name: 'Kitchen tools' },
    brand: { slug: 'olov-kitchen', name: 'Olov' },
    mxik: '12345678901234567',
    package_code: '796',
    specifications: [],
    variants,
    breadcrumbs: [],
    relateds: [],
  };
}

function line(productId: number, quantity: number): CartItem {
  return {
    product_id: productId,
    name: 'Chef’s knife 20 cm',
    img_url: null,
    quantity,
    attributes: [],
    price: 179_000,
    slug: 'chef-knife',
    mxit: '12345678901234567',
    mxit_unit: '796',
  };
}

describe('lineStock', () => {
  const knife = product([variant(10, 5), variant(11, 0), variant(12, 40, false)]);

  it('reads the line’s own variant', () => {
    expect(lineStock(line(10, 5), knife)).toEqual({ kind: 'ok', available: 5 });
    expect(lineStock(line(10, 13), knife)).toEqual({ kind: 'short', available: 5 });
    expect(lineStock(line(11, 1), knife)).toEqual({ kind: 'soldOut' });
  });

  it('counts a variant marked out of stock as none left, whatever its quantity says', () => {
    expect(lineStock(line(12, 1), knife)).toEqual({ kind: 'soldOut' });
  });

  it('tells a variant or product no longer sold from one not read yet', () => {
    expect(lineStock(line(99, 1), knife)).toEqual({ kind: 'gone' });
    expect(lineStock(line(10, 1), null)).toEqual({ kind: 'gone' });
    expect(lineStock(line(10, 1), undefined)).toEqual({ kind: 'unknown' });
  });
});

describe('maxQuantityFor and blocksCheckout', () => {
  it('stops "+" at the stock, at the most of one item an order takes, or at nothing', () => {
    const limit = ORDER_LINE_QUANTITY_LIMIT;
    expect(maxQuantityFor({ kind: 'ok', available: 5 }, limit)).toBe(5);
    expect(maxQuantityFor({ kind: 'short', available: 3 }, limit)).toBe(3);
    expect(ORDER_LINE_QUANTITY_LIMIT).toBe(20);
    expect(maxQuantityFor({ kind: 'ok', available: 5_000 }, limit)).toBe(20);
    expect(maxQuantityFor({ kind: 'unknown' }, limit)).toBe(20);
    expect(maxQuantityFor({ kind: 'soldOut' }, limit)).toBe(0);
    // The server's own setting, when it has one.
    expect(maxQuantityFor({ kind: 'ok', available: 5 }, 3)).toBe(3);
    expect(maxQuantityFor({ kind: 'unknown' }, 3)).toBe(3);
  });

  it('holds checkout only for lines the order would refuse', () => {
    expect(blocksCheckout({ kind: 'ok', available: 5 })).toBe(false);
    expect(blocksCheckout({ kind: 'unknown' })).toBe(false);
    expect(blocksCheckout({ kind: 'short', available: 3 })).toBe(true);
    expect(blocksCheckout({ kind: 'soldOut' })).toBe(true);
    expect(blocksCheckout({ kind: 'gone' })).toBe(true);
  });
});
