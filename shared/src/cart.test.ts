import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartTotal,
  clearCart,
  mergeCarts,
  parseStoredCart,
  removeFromCart,
  setQuantity,
} from './cart';
import { CartSchema, type CartItem } from './contracts/cart';

function item(productId: number, quantity = 1, price = 10_000): CartItem {
  return {
    product_id: productId,
    name: `Product ${productId}`,
    img_url: null,
    quantity,
    attributes: [{ code: 'color', name: 'Rang', value: 'Oq' }],
    price,
    slug: `product-${productId}`,
    mxit: '06911001001000000',
    mxit_unit: '1500',
  };
}

function quantities(cart: readonly CartItem[]): Map<number, number> {
  return new Map(cart.map((line) => [line.product_id, line.quantity]));
}

describe('addToCart', () => {
  it('appends a new product', () => {
    const cart = addToCart([item(1)], item(2, 3));
    expect(cart.map((line) => [line.product_id, line.quantity])).toEqual([
      [1, 1],
      [2, 3],
    ]);
  });

  it('adds to the quantity of a product already in the cart, keeping its place', () => {
    const cart = addToCart([item(1, 2), item(2)], item(1, 3));
    expect(cart.map((line) => [line.product_id, line.quantity])).toEqual([
      [1, 5],
      [2, 1],
    ]);
  });

  it('caps the quantity at 999', () => {
    expect(addToCart([item(1, 998)], item(1, 5))[0]?.quantity).toBe(999);
    expect(addToCart([], item(1, 5000))[0]?.quantity).toBe(999);
  });

  it('ignores an add of zero, a negative or NaN quantity', () => {
    const cart = [item(1)];
    expect(addToCart(cart, item(2, 0))).toEqual(cart);
    expect(addToCart(cart, item(1, -3))).toEqual(cart);
    expect(addToCart(cart, item(2, Number.NaN))).toEqual(cart);
  });

  it('leaves the input untouched', () => {
    const cart = Object.freeze([Object.freeze(item(1, 2))]);
    const next = addToCart(cart, item(1));
    expect(cart[0]?.quantity).toBe(2);
    expect(next).not.toBe(cart);
    expect(next[0]?.quantity).toBe(3);
  });
});

describe('setQuantity', () => {
  const cart = Object.freeze([item(1, 2), item(2, 4)]);

  it('sets the quantity of one line', () => {
    expect(quantities(setQuantity(cart, 2, 7))).toEqual(
      new Map([
        [1, 2],
        [2, 7],
      ]),
    );
  });

  it.each([0, -1, -Infinity, 0.5])('removes the line for %d', (quantity) => {
    expect(setQuantity(cart, 1, quantity).map((line) => line.product_id)).toEqual([2]);
  });

  it('caps at 999 and rounds fractions down', () => {
    expect(setQuantity(cart, 1, 5000)[0]?.quantity).toBe(999);
    expect(setQuantity(cart, 1, 3.7)[0]?.quantity).toBe(3);
  });

  it('changes nothing for an unknown product or NaN', () => {
    expect(setQuantity(cart, 9, 3)).toEqual(cart);
    expect(setQuantity(cart, 1, Number.NaN)).toEqual(cart);
  });
});

describe('removeFromCart and clearCart', () => {
  it('removes only the given product', () => {
    const cart = Object.freeze([item(1), item(2), item(3)]);
    expect(removeFromCart(cart, 2).map((line) => line.product_id)).toEqual([1, 3]);
    expect(removeFromCart(cart, 9)).toEqual(cart);
  });

  it('clears to an empty cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('cartTotal and cartCount', () => {
  it('sums price × quantity and counts units', () => {
    const cart = [item(1, 2, 125_000), item(2, 3, 9_990)];
    expect(cartTotal(cart)).toBe(279_970);
    expect(cartCount(cart)).toBe(5);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });

  it('stays exact at the largest cart the schema allows', () => {
    const cart = Array.from({ length: 100 }, (_, i) => item(i + 1, 999, 10_000_000_000));
    expect(cartTotal(cart)).toBe(999_000_000_000_000);
  });
});

describe('mergeCarts', () => {
  it('puts the backend cart first, adds equal products, appends new local ones', () => {
    const local = [item(3, 1), item(1, 2)];
    const remote = [item(1, 5), item(2, 1)];
    expect(mergeCarts(local, remote).map((line) => [line.product_id, line.quantity])).toEqual([
      [1, 7],
      [2, 1],
      [3, 1],
    ]);
  });

  it('keeps the backend copy of a line present on both sides', () => {
    const merged = mergeCarts([item(1, 1, 100)], [item(1, 1, 200)]);
    expect(merged).toEqual([{ ...item(1, 2, 200) }]);
  });

  it('folds duplicate lines within one side', () => {
    expect(quantities(mergeCarts([item(1, 2), item(1, 3)], [item(1, 1)]))).toEqual(
      new Map([[1, 6]]),
    );
  });
});

// One catalogue per run, so a product has the same price on both sides, as it does for real.
const catalogArb = fc.uniqueArray(
  fc.record({
    product_id: fc.integer({ min: 1, max: 1_000_000 }),
    price: fc.integer({ min: 0, max: 10_000_000_000 }),
  }),
  { minLength: 1, maxLength: 30, selector: (entry) => entry.product_id },
);

function cartArb(catalog: readonly { product_id: number; price: number }[]) {
  return fc
    .uniqueArray(fc.constantFrom(...catalog), {
      maxLength: catalog.length,
      selector: (entry) => entry.product_id,
    })
    .chain((entries) =>
      fc.tuple(
        ...entries.map((entry) =>
          fc
            .integer({ min: 1, max: 999 })
            .map((quantity) => item(entry.product_id, quantity, entry.price)),
        ),
      ),
    );
}

const twoCartsArb = catalogArb.chain((catalog) => fc.tuple(cartArb(catalog), cartArb(catalog)));

describe('mergeCarts properties', () => {
  it('never loses an item or a unit (capped at 999)', () => {
    fc.assert(
      fc.property(twoCartsArb, ([local, remote]) => {
        const merged = quantities(mergeCarts(local, remote));
        const localQ = quantities(local);
        const remoteQ = quantities(remote);
        const ids = new Set([...localQ.keys(), ...remoteQ.keys()]);
        expect(new Set(merged.keys())).toEqual(ids);
        for (const id of ids) {
          const expected = Math.min(999, (localQ.get(id) ?? 0) + (remoteQ.get(id) ?? 0));
          expect(merged.get(id)).toBe(expected);
        }
      }),
    );
  });

  it('gives the same total and quantities whichever side is which', () => {
    fc.assert(
      fc.property(twoCartsArb, ([a, b]) => {
        const ab = mergeCarts(a, b);
        const ba = mergeCarts(b, a);
        expect(cartTotal(ab)).toBe(cartTotal(ba));
        expect(cartCount(ab)).toBe(cartCount(ba));
        expect(quantities(ab)).toEqual(quantities(ba));
      }),
    );
  });

  it('is the identity when one side is empty', () => {
    fc.assert(
      fc.property(twoCartsArb, ([cart]) => {
        expect(mergeCarts(cart, [])).toEqual(cart);
        expect(mergeCarts([], cart)).toEqual(cart);
      }),
    );
  });

  it('yields lines that satisfy the cart item schema', () => {
    fc.assert(
      fc.property(twoCartsArb, ([local, remote]) => {
        const merged = mergeCarts(local, remote);
        expect(CartSchema.safeParse(merged.slice(0, 100)).success).toBe(true);
      }),
    );
  });
});

describe('cart operation properties', () => {
  it('add then setQuantity(0) removes the product', () => {
    fc.assert(
      fc.property(
        twoCartsArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 999 }),
        ([cart], productId, quantity) => {
          const next = setQuantity(addToCart(cart, item(productId, quantity)), productId, 0);
          expect(next.some((line) => line.product_id === productId)).toBe(false);
          expect(next).toEqual(cart.filter((line) => line.product_id !== productId));
        },
      ),
    );
  });

  it('adding raises the count by the added units, up to the cap', () => {
    fc.assert(
      fc.property(twoCartsArb, fc.integer({ min: 1, max: 999 }), ([cart], quantity) => {
        const target = cart[0] ?? item(1, 1);
        const before = cart.find((line) => line.product_id === target.product_id)?.quantity ?? 0;
        const next = addToCart(cart, { ...target, quantity });
        expect(cartCount(next) - cartCount(cart)).toBe(Math.min(999, before + quantity) - before);
      }),
    );
  });
});

describe('parseStoredCart', () => {
  it('restores a valid cart from a JSON string or a parsed value', () => {
    const cart = [item(1, 2), item(2)];
    expect(parseStoredCart(JSON.stringify(cart))).toEqual(cart);
    expect(parseStoredCart(cart)).toEqual(cart);
  });

  it('keeps valid lines and drops the broken ones', () => {
    const stored = [
      item(1),
      { ...item(2), quantity: 0 },
      { ...item(3), price: 1.5 },
      { ...item(4), mxit: '123' },
      null,
      'text',
      { product_id: 5 },
      item(6),
    ];
    expect(parseStoredCart(stored).map((line) => line.product_id)).toEqual([1, 6]);
  });

  it('strips unknown fields', () => {
    expect(parseStoredCart([{ ...item(1), extra: true }])).toEqual([item(1)]);
  });

  it('folds duplicate lines and keeps at most 100', () => {
    expect(parseStoredCart([item(1, 2), item(1, 3)])).toEqual([item(1, 5)]);
    const many = Array.from({ length: 150 }, (_, i) => item(i + 1));
    expect(parseStoredCart(many)).toHaveLength(100);
  });

  it.each([['{"broken'], [''], ['null'], ['{"cart":[]}'], [null], [undefined], [42], [{}]])(
    'returns an empty cart for %j',
    (value) => {
      expect(parseStoredCart(value)).toEqual([]);
    },
  );

  it('never throws, whatever is stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.string(), fc.anything()), (value) => {
        expect(CartSchema.safeParse(parseStoredCart(value)).success).toBe(true);
      }),
    );
  });
});
