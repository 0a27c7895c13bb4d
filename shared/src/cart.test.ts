import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartCount,
  cartTotal,
  clearCart,
  mergeCarts,
  parseStoredCart,
  reconcileCarts,
  removeFromCart,
  sameCart,
  setQuantity,
} from './cart';
import { CartSchema, MAX_CART_LINES, type CartItem } from './contracts/cart';

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

describe('reconcileCarts', () => {
  const unsaved = { localChangedAt: 2_000, syncedAt: 1_000 };

  it('keeps a local change the server never got when the server copy did not move', () => {
    // The shopper raised the mug to 3 while the save failed; the server still has 1.
    const base = [item(1, 1)];
    expect(reconcileCarts({ local: [item(1, 3)], base, remote: base, ...unsaved })).toEqual([
      item(1, 3),
    ]);
  });

  it('takes what changed on each side and the local line where both changed', () => {
    const base = [item(1, 1), item(2, 1), item(3, 1), item(4, 1)];
    // Here: 1 raised, 3 removed, 5 added. On another device: 1 set to 7, 2 raised, 6 added.
    const local = [item(1, 2), item(2, 1), item(4, 1), item(5, 1)];
    const remote = [item(1, 7), item(2, 4), item(3, 1), item(4, 1), item(6, 2)];
    expect(reconcileCarts({ local, base, remote, ...unsaved })).toEqual([
      item(1, 2),
      item(2, 4),
      item(4, 1),
      item(5, 1),
      item(6, 2),
    ]);
  });

  it('keeps a line removed on another device out, unless it was changed here', () => {
    const base = [item(1, 1), item(2, 1)];
    const local = [item(1, 1), item(2, 5)];
    expect(reconcileCarts({ local, base, remote: [], ...unsaved })).toEqual([item(2, 5)]);
  });

  it('without a server copy seen before keeps every line of both sides, local first', () => {
    const local = [item(1, 2), item(2, 1)];
    const remote = [item(2, 9), item(3, 1)];
    expect(
      reconcileCarts({ local, base: null, remote, localChangedAt: 5, syncedAt: null }),
    ).toEqual([item(1, 2), item(2, 1), item(3, 1)]);
  });

  it('takes the server copy when the local cart has nothing unsaved, or never changed', () => {
    const local = [item(1, 2)];
    const remote = [item(3, 1)];
    expect(
      reconcileCarts({ local, base: [], remote, localChangedAt: 1_000, syncedAt: 1_000 }),
    ).toEqual(remote);
    expect(
      reconcileCarts({ local, base: null, remote, localChangedAt: null, syncedAt: null }),
    ).toEqual(remote);
  });

  it('keeps at most MAX_CART_LINES, every local line first', () => {
    const local = Array.from({ length: 70 }, (_, i) => item(i + 1));
    const remote = Array.from({ length: 70 }, (_, i) => item(i + 1_001));
    const merged = reconcileCarts({ local, base: [], remote, ...unsaved });
    expect(merged).toHaveLength(MAX_CART_LINES);
    expect(merged.slice(0, 70)).toEqual(local);
  });

  it('folds duplicate lines of either side', () => {
    const merged = reconcileCarts({
      local: [item(1, 1), item(1, 2)],
      base: [],
      remote: [item(2, 1), item(2, 1)],
      ...unsaved,
    });
    expect(merged).toEqual([item(1, 3), item(2, 2)]);
  });
});

// Three versions of one cart over one catalogue, and whether the local one has unsaved changes.
const threeCartsArb = catalogArb.chain((catalog) =>
  fc.record({
    local: cartArb(catalog),
    base: fc.option(cartArb(catalog), { nil: null }),
    remote: cartArb(catalog),
    unsaved: fc.boolean(),
    stamp: fc.integer({ min: 0, max: 2 ** 40 }),
  }),
);

function inputOf(carts: {
  local: CartItem[];
  base: CartItem[] | null;
  remote: CartItem[];
  unsaved: boolean;
  stamp: number;
}) {
  return {
    local: carts.local,
    base: carts.base,
    remote: carts.remote,
    localChangedAt: carts.stamp + (carts.unsaved ? 1 : 0),
    syncedAt: carts.stamp,
  };
}

describe('reconcileCarts properties', () => {
  it('with no local change, the server copy wins exactly', () => {
    fc.assert(
      fc.property(threeCartsArb, (carts) => {
        const input = inputOf(carts);
        // Nothing unsaved, or unsaved stamps but the same lines as the last server copy seen.
        expect(reconcileCarts({ ...input, localChangedAt: carts.stamp })).toEqual(carts.remote);
        const base = carts.base ?? [];
        expect(reconcileCarts({ ...input, local: base, base })).toEqual(carts.remote);
      }),
    );
  });

  it('with no change on the server since it was last seen, the local cart wins exactly', () => {
    fc.assert(
      fc.property(threeCartsArb, (carts) => {
        const base = carts.base ?? [];
        const input = { ...inputOf({ ...carts, unsaved: true }), base, remote: base };
        expect(reconcileCarts(input)).toEqual(carts.local);
      }),
    );
  });

  it('keeps every local change and every server-only change', () => {
    fc.assert(
      fc.property(threeCartsArb, (carts) => {
        const input = inputOf({ ...carts, unsaved: true });
        const merged = new Map(reconcileCarts(input).map((line) => [line.product_id, line]));
        const find = (cart: readonly CartItem[] | null, id: number) =>
          cart?.find((line) => line.product_id === id);
        const ids = new Set([...carts.local, ...carts.remote].map((line) => line.product_id));
        for (const id of ids) {
          const local = find(carts.local, id);
          const base = find(carts.base, id);
          const remote = find(carts.remote, id);
          const localChanged = JSON.stringify(local) !== JSON.stringify(base);
          expect(merged.get(id)).toEqual(localChanged ? local : remote);
        }
      }),
    );
  });

  it('yields a valid cart: no duplicate product, quantities 1..999, at most MAX_CART_LINES', () => {
    const sides = catalogArb.chain((catalog) =>
      fc.tuple(cartArb(catalog), cartArb(catalog), cartArb(catalog)),
    );
    fc.assert(
      fc.property(sides, sides, fc.boolean(), ([a, b, c], [d, e, f], unsaved) => {
        // Sides doubled and joined so duplicates and more than 100 lines reach the merge.
        const local = [...a, ...a, ...d, ...Array.from({ length: 40 }, (_, i) => item(i + 1))];
        const remote = [...b, ...e, ...Array.from({ length: 80 }, (_, i) => item(i + 500))];
        const merged = reconcileCarts({
          local,
          base: [...c, ...f],
          remote: [...remote, ...remote],
          localChangedAt: unsaved ? 2 : 1,
          syncedAt: 1,
        });
        const ids = merged.map((line) => line.product_id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(merged.length).toBeLessThanOrEqual(MAX_CART_LINES);
        for (const line of merged) {
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(999);
        }
        expect(CartSchema.safeParse(merged).success).toBe(true);
      }),
    );
  });

  it('is idempotent: reconciling its own result against the same copies changes nothing', () => {
    fc.assert(
      fc.property(threeCartsArb, (carts) => {
        const input = inputOf(carts);
        const once = reconcileCarts(input);
        expect(reconcileCarts({ ...input, local: once })).toEqual(once);
      }),
    );
  });

  it('only ever returns lines of the local cart or the server copy', () => {
    fc.assert(
      fc.property(threeCartsArb, (carts) => {
        const sources = [...carts.local, ...carts.remote].map((line) => JSON.stringify(line));
        for (const line of reconcileCarts(inputOf(carts))) {
          expect(sources).toContain(JSON.stringify(line));
        }
      }),
    );
  });
});

describe('sameCart', () => {
  it('compares lines, their order and their details', () => {
    expect(sameCart([item(1), item(2)], [item(1), item(2)])).toBe(true);
    expect(sameCart([item(1), item(2)], [item(2), item(1)])).toBe(false);
    expect(sameCart([item(1, 1)], [item(1, 2)])).toBe(false);
  });
});
