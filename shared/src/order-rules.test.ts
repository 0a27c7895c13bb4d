import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema, fieldErrors } from './contracts/index';
import {
  addressViolations,
  allowedPaymentTypes,
  deliveryAvailability,
  deliveryPrice,
  orderChoiceViolations,
  orderTotals,
  toTiyin,
  type DeliveryMethodRules,
  type OrderSettingsRules,
} from './order-rules';
import { REGION_SLUGS } from './regions';

// The demo shop's settings, written out: the rules are checked against fixed fixtures.
const pickup: DeliveryMethodRules = {
  type: 'pickup',
  price: 0,
  free_from: null,
  enabled: true,
  regions: REGION_SLUGS,
  payment_types: ['on_receipt', 'card'],
  receipt_payments: ['cash', 'card'],
};
const courier: DeliveryMethodRules = {
  type: 'courier',
  price: 30_000,
  free_from: 1_000_000,
  enabled: true,
  regions: REGION_SLUGS,
  payment_types: ['on_receipt', 'card'],
  receipt_payments: ['cash'],
};
const express: DeliveryMethodRules = {
  type: 'express',
  price: 45_000,
  free_from: null,
  enabled: true,
  regions: ['tashkent'],
  payment_types: ['on_receipt', 'card'],
  receipt_payments: ['cash'],
};
const settings: OrderSettingsRules = {
  methods: [pickup, courier, express],
  payment_types: [
    { type: 'on_receipt', enabled: true },
    { type: 'card', enabled: true },
  ],
};

describe('order totals', () => {
  it.each([
    // lines, method, expected totals
    [
      [{ price: 45_000, quantity: 2 }],
      courier,
      { subtotal: 90_000, delivery_price: 30_000, total: 120_000 },
    ],
    [
      [{ price: 500_000, quantity: 2 }],
      courier,
      { subtotal: 1_000_000, delivery_price: 0, total: 1_000_000 },
    ],
    [
      [{ price: 999_999, quantity: 1 }],
      courier,
      { subtotal: 999_999, delivery_price: 30_000, total: 1_029_999 },
    ],
    [
      [{ price: 2_390_000, quantity: 1 }],
      express,
      { subtotal: 2_390_000, delivery_price: 45_000, total: 2_435_000 },
    ],
    [
      [
        { price: 89_000, quantity: 3 },
        { price: 12_500, quantity: 4 },
      ],
      pickup,
      { subtotal: 317_000, delivery_price: 0, total: 317_000 },
    ],
    [
      [{ price: 99_999_999, quantity: 999 }],
      courier,
      { subtotal: 99_899_999_001, delivery_price: 0, total: 99_899_999_001 },
    ],
  ] as const)('%j by %s', (lines, method, expected) => {
    expect(orderTotals(lines, method)).toEqual(expected);
  });

  it('a free-from threshold is reached at exactly its amount, not a sum earlier', () => {
    expect(deliveryPrice(courier, 999_999)).toBe(30_000);
    expect(deliveryPrice(courier, 1_000_000)).toBe(0);
    expect(deliveryPrice(express, 50_000_000)).toBe(45_000);
  });

  it('refuses a total that would stop being exact', () => {
    expect(() => orderTotals([{ price: 2 ** 52, quantity: 4 }], courier)).toThrow(RangeError);
  });

  it('counts tiyin for the card processor', () => {
    expect(toTiyin(1_029_999)).toBe(102_999_900);
  });
});

describe('address rules', () => {
  it('pickup needs a shop and nothing else', () => {
    expect(addressViolations({ delivery_type: 'pickup' })).toEqual([
      { field: 'store_id', rule: 'store_required' },
    ]);
    expect(addressViolations({ delivery_type: 'pickup', store_id: 2 })).toEqual([]);
  });

  it('a courier needs a region, a city outside the capital and a street address', () => {
    expect(addressViolations({ delivery_type: 'courier', address: ' ' })).toEqual([
      { field: 'region', rule: 'region_required' },
      { field: 'address', rule: 'address_required' },
    ]);
    expect(
      addressViolations({ delivery_type: 'courier', region: 'khorezm', city: '', address: 'x' }),
    ).toEqual([{ field: 'city', rule: 'city_required' }]);
    expect(
      addressViolations({ delivery_type: 'express', region: 'tashkent', address: 'Amir Temur 1' }),
    ).toEqual([]);
  });
});

describe('which method serves a region and how it is paid', () => {
  it('express is a taxi in Tashkent city only', () => {
    expect(deliveryAvailability(express, 'tashkent')).toBe('available');
    expect(deliveryAvailability(express, 'khorezm')).toBe('region_not_served');
    expect(deliveryAvailability(express, 'tashkent-region')).toBe('region_not_served');
    expect(deliveryAvailability(courier, 'khorezm')).toBe('available');
    expect(deliveryAvailability({ ...courier, enabled: false }, 'tashkent')).toBe('unavailable');
    expect(deliveryAvailability(undefined, 'tashkent')).toBe('unavailable');
  });

  it('lists the payment types a method allows that are switched on', () => {
    expect(allowedPaymentTypes(settings, courier)).toEqual(['on_receipt', 'card']);
    const cardOff = {
      ...settings,
      payment_types: [{ type: 'on_receipt' as const, enabled: true }],
    };
    expect(allowedPaymentTypes(cardOff, pickup)).toEqual(['on_receipt']);
  });

  it.each([
    // choice, expected violations
    [
      { delivery_type: 'pickup', store_id: 1, payment_type: 'on_receipt', receipt_payment: 'card' },
      [],
    ],
    [{ delivery_type: 'pickup', store_id: 1, payment_type: 'card' }, []],
    [
      {
        delivery_type: 'courier',
        region: 'khorezm',
        city: 'Xiva',
        address: 'Pahlavon Mahmud 5',
        payment_type: 'on_receipt',
      },
      [],
    ],
    [
      {
        delivery_type: 'courier',
        region: 'tashkent',
        address: 'Navoi 1',
        payment_type: 'on_receipt',
        receipt_payment: 'card',
      },
      [{ field: 'receipt_payment', rule: 'receipt_payment_not_allowed' }],
    ],
    [
      {
        delivery_type: 'express',
        region: 'khorezm',
        city: 'Xiva',
        address: 'Pahlavon Mahmud 5',
        payment_type: 'on_receipt',
      },
      [{ field: 'region', rule: 'region_not_served' }],
    ],
    [
      { delivery_type: 'express', region: 'tashkent', address: 'Navoi 1', payment_type: 'card' },
      [],
    ],
  ] as const)('%j', (choice, expected) => {
    expect(orderChoiceViolations(settings, choice)).toEqual(expected);
  });

  it('a payment type switched off, or not allowed with the method, is refused', () => {
    const cardOff: OrderSettingsRules = {
      ...settings,
      payment_types: [
        { type: 'on_receipt', enabled: true },
        { type: 'card', enabled: false },
      ],
    };
    expect(
      orderChoiceViolations(cardOff, {
        delivery_type: 'pickup',
        store_id: 1,
        payment_type: 'card',
      }),
    ).toEqual([{ field: 'payment_type', rule: 'payment_unavailable' }]);
    const courierCardOnly: OrderSettingsRules = {
      ...settings,
      methods: [{ ...courier, payment_types: ['card'] }],
    };
    expect(
      orderChoiceViolations(courierCardOnly, {
        delivery_type: 'courier',
        region: 'tashkent',
        address: 'Navoi 1',
        payment_type: 'on_receipt',
      }),
    ).toEqual([{ field: 'payment_type', rule: 'payment_not_allowed' }]);
  });
});

describe('the order schema applies the address rules', () => {
  const base = {
    items: [{ product_id: 1, quantity: 1 }],
    name: 'Aziz',
    surname: 'Karimov',
    phone: '+998901234567',
    payment_type: 'on_receipt',
  } as const;

  it('names each missing part with its rule', () => {
    const result = CreateOrderRequestSchema.safeParse({
      ...base,
      delivery_type: 'courier',
      region: 'samarkand',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual([
      { field: 'city', message: 'Enter the city or district', rule: 'city_required' },
      { field: 'address', message: 'Enter the delivery address', rule: 'address_required' },
    ]);
  });

  it('takes a courier order in the capital without a city', () => {
    const result = CreateOrderRequestSchema.safeParse({
      ...base,
      delivery_type: 'courier',
      region: 'tashkent',
      address: 'Amir Temur 1',
      location: { lat: 41.31, lng: 69.28 },
    });
    expect(result.success).toBe(true);
  });
});
