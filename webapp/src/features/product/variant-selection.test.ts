import type { Variant } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { attributeGroups, chooseValue, initialVariant, selectionOf } from './variant-selection';

function variant(id: number, color: string, size: string, inStock = true): Variant {
  return {
    product_id: id,
    attributes: [
      { code: 'color', name: 'Color', value: color },
      { code: 'size', name: 'Size', value: size },
    ],
    price: 1000 * id,
    old_price: null,
    in_stock: inStock,
    quantity: inStock ? 5 : 0,
  };
}

const variants = [
  variant(1, 'White', 'S', false),
  variant(2, 'White', 'M'),
  variant(3, 'Black', 'S'),
  variant(4, 'Black', 'M', false),
];

describe('variant selection', () => {
  it('opens on the first variant that can be bought', () => {
    expect(initialVariant(variants)?.product_id).toBe(2);
  });

  it('groups values in order and marks what cannot be bought with the other choices', () => {
    const groups = attributeGroups(variants, selectionOf(variants[1] as Variant));
    expect(groups.map((g) => g.code)).toEqual(['color', 'size']);
    const size = groups[1];
    expect(size?.options).toEqual([
      { value: 'S', available: false, selected: false },
      { value: 'M', available: true, selected: true },
    ]);
    const color = groups[0];
    expect(color?.options.find((o) => o.value === 'Black')?.available).toBe(false);
  });

  it('moves to the closest buyable variant when the exact combination does not exist', () => {
    const single = [variant(1, 'White', 'S'), variant(2, 'Black', 'M')];
    expect(chooseValue(single, { color: 'White', size: 'S' }, 'size', 'M')?.product_id).toBe(2);
  });

  it('picks the exact combination when it exists', () => {
    expect(chooseValue(variants, { color: 'White', size: 'M' }, 'color', 'Black')?.product_id).toBe(
      4,
    );
  });
});
