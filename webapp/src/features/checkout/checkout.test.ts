import type { CartItem, DeliverySettings, User } from '@shop/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_DRAFT_KEY } from './checkout-draft';
import { createMemoryStorage } from '../../lib/storage/storage';
import {
  checkCheckout,
  firstError,
  orderBodyCandidate,
  routeFieldErrors,
  type CheckoutForm,
} from './checkout-form';
import {
  addressFromSaved,
  defaultCheckoutForm,
  effectiveCheckoutForm,
  hasAddress,
  profileFillFrom,
  restoreCheckoutForm,
} from './checkout-form-values';
import { ApiError } from '../../lib/api/api-error';
import { accountLimitText, fieldErrorText } from './field-errors';
import { idempotencyKeyFor } from './idempotency';
import { forgetIdempotencyKey } from './idempotency-storage';
const user: User = {
  id: 7,
  name: 'Aziza',
  surname: 'Karimova',
  phone: '+998901234567',
  photo: null,
  email: null,
  company: null,
  user_type: 'individual',
};

const mug: CartItem = {
  product_id: 11,
  name: 'White mug',
  img_url: null,
  quantity: 2,
  attributes: [],
  price: 45_000,
  slug: 'white-mug',
  mxit: '12345678901234567',
  mxit_unit: '796',
};

// The shop's settings as the demo seed has them: express (a taxi) reaches Tashkent city only, a
// courier takes cash only, a shop's till takes cash or card.
const settings: DeliverySettings = {
  methods: [
    {
      type: 'pickup',
      name: 'Pickup',
      description: '',
      price: 0,
      free_from: null,
      enabled: true,
      regions: ['tashkent', 'khorezm'],
      payment_types: ['on_receipt', 'card'],
      receipt_payments: ['cash', 'card'],
    },
    {
      type: 'courier',
      name: 'Courier',
      description: '',
      price: 30_000,
      free_from: 1_000_000,
      enabled: true,
      regions: ['tashkent', 'khorezm'],
      payment_types: ['on_receipt', 'card'],
      receipt_payments: ['cash'],
    },
    {
      type: 'express',
      name: 'Express',
      description: '',
      price: 45_000,
      free_from: null,
      enabled: true,
      regions: ['tashkent'],
      payment_types: ['on_receipt', 'card'],
      receipt_payments: ['cash'],
    },
  ],
  payment_types: [
    { type: 'on_receipt', name: 'On receipt', enabled: true },
    { type: 'card', name: 'Card', enabled: true },
  ],
  payment_hold_minutes: 30,
};

const courierForm = (patch: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...defaultCheckoutForm(user),
  deliveryType: 'courier',
  address: 'Amir Temur 1',
  ...patch,
});

/** The errors of a refused check, by field, as [rule or message]. */
function verdicts(form: CheckoutForm) {
  const check = checkCheckout(form, [mug], settings);
  if (check.ok) return {};
  return Object.fromEntries(
    Object.entries(check.errors).map(([field, error]) => [field, error.rule ?? error.message]),
  );
}

describe('checkout form model', () => {
  it('prefills the recipient from the profile', () => {
    const form = defaultCheckoutForm(user);
    expect([form.name, form.surname, form.phone, form.region]).toEqual([
      'Aziza',
      'Karimova',
      '+998 90 123 45 67',
      'tashkent',
    ]);
  });

  it("offers the Telegram profile's name only while the shop profile has none", () => {
    const telegram = { firstName: 'Dilnoza ', lastName: 'Karimova' };
    const nameOf = (form: CheckoutForm) => [form.name, form.surname];
    expect(nameOf(defaultCheckoutForm(user, telegram))).toEqual(['Aziza', 'Karimova']);
    const unnamed = { ...user, name: null, surname: null };
    expect(nameOf(defaultCheckoutForm(unnamed, telegram))).toEqual(['Dilnoza', 'Karimova']);
    // One part set on the account page: the shop's own parts, never a mix with Telegram's.
    expect(nameOf(defaultCheckoutForm({ ...unnamed, name: 'Aziza' }, telegram))).toEqual([
      'Aziza',
      '',
    ]);
    expect(nameOf(defaultCheckoutForm(unnamed))).toEqual(['', '']);
    // A draft the shopper left (say, the name cleared) wins over both.
    const storage = createMemoryStorage();
    storage.setItem(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify({ ...defaultCheckoutForm(unnamed), name: '' }),
    );
    expect(nameOf(restoreCheckoutForm(storage, unnamed, telegram))).toEqual(['', '']);
  });

  it('builds a pickup body with a normalised phone and nothing of an address', () => {
    const form = { ...defaultCheckoutForm(user), currentStore: 2, phone: '90 123 45 67' };
    const check = checkCheckout(
      { ...form, city: 'Left over', location: { lat: 1, lng: 2 } },
      [mug],
      settings,
    );
    expect(check).toEqual({
      ok: true,
      body: {
        items: [{ product_id: 11, quantity: 2 }],
        delivery_type: 'pickup',
        store_id: 2,
        name: 'Aziza',
        surname: 'Karimova',
        phone: '+998901234567',
        payment_type: 'on_receipt',
        receipt_payment: 'cash',
      },
    });
  });

  it('sends the address and the location for a courier, and no city in the capital', () => {
    const location = { lat: 41.3111, lng: 69.2797 };
    expect(
      orderBodyCandidate(courierForm({ city: 'Chilonzor', flat: ' 12 ', location }), [mug]),
    ).toMatchObject({
      delivery_type: 'courier',
      region: 'tashkent',
      address: 'Amir Temur 1',
      flat: '12',
      location,
    });
    expect(orderBodyCandidate(courierForm({ city: 'Chilonzor' }), [mug])).not.toHaveProperty(
      'city',
    );
    expect(
      orderBodyCandidate(courierForm({ region: 'khorezm', city: ' Urganch ' }), [mug]),
    ).toMatchObject({
      region: 'khorezm',
      city: 'Urganch',
    });
  });

  it('leaves the receipt payment out of a card order', () => {
    const body = orderBodyCandidate(courierForm({ paymentType: 'card', currentCard: 3 }), [mug]);
    expect(body).toMatchObject({ payment_type: 'card' });
    expect(body).not.toHaveProperty('receipt_payment');
  });

  it('is judged by the shared schema and rules: a shop, a city outside the capital, an address', () => {
    expect(verdicts(defaultCheckoutForm(user))).toEqual({ currentStore: 'store_required' });
    expect(verdicts(courierForm({ region: 'khorezm', address: ' ' }))).toEqual({
      city: 'city_required',
      address: 'address_required',
    });
    expect(verdicts(courierForm({ name: ' ', phone: '12' }))).toEqual({
      name: 'Required',
      phone: 'Enter an Uzbek mobile number: +998 and 9 digits',
    });
  });

  it('refuses express (a taxi) outside Tashkent city, on the region', () => {
    expect(
      verdicts(courierForm({ deliveryType: 'express', region: 'khorezm', city: 'Xiva' })),
    ).toEqual({
      region: 'region_not_served',
    });
    expect(verdicts(courierForm({ deliveryType: 'express' }))).toEqual({});
  });

  it('refuses card on receipt with a courier, and a card payment without a card', () => {
    expect(verdicts(courierForm({ receiptPayment: 'card' }))).toEqual({
      receiptPayment: 'receipt_payment_not_allowed',
    });
    expect(verdicts(courierForm({ paymentType: 'card' }))).toEqual({
      currentCard: 'Choose a card or add a new one',
    });
    expect(verdicts(courierForm({ paymentType: 'card', currentCard: 4 }))).toEqual({});
  });

  it('keeps the choices within what the chosen method takes', () => {
    const pickupCard = { ...defaultCheckoutForm(user), receiptPayment: 'card' as const };
    expect(effectiveCheckoutForm(pickupCard, settings)).toBe(pickupCard);
    expect(
      effectiveCheckoutForm({ ...pickupCard, deliveryType: 'courier' }, settings),
    ).toMatchObject({
      deliveryType: 'courier',
      receiptPayment: 'cash',
    });
    const noCard = {
      ...settings,
      payment_types: [{ type: 'on_receipt' as const, name: '', enabled: true }],
    };
    expect(effectiveCheckoutForm(courierForm({ paymentType: 'card' }), noCard).paymentType).toBe(
      'on_receipt',
    );
  });

  it('falls back to the profile when the stored draft is not a form', () => {
    const storage = createMemoryStorage({ [CHECKOUT_DRAFT_KEY]: '{not json' });
    expect(restoreCheckoutForm(storage, user).name).toBe('Aziza');
  });

  it('takes a saved address only as values of its own fields', () => {
    const saved = addressFromSaved({
      region: 'samarkand',
      city: 'Samarqand',
      address: 'Registon 5',
      flat: null,
      entrance: '2',
      floor: null,
      intercom: null,
      address_comment: null,
      location: { lat: 39.65, lng: 66.97 },
    });
    expect(saved).toMatchObject({
      region: 'samarkand',
      city: 'Samarqand',
      flat: '',
      entrance: '2',
    });
    expect(hasAddress({ ...defaultCheckoutForm(user), ...saved })).toBe(true);
    expect(hasAddress(defaultCheckoutForm(user))).toBe(false);
  });
});

describe('one mapping of field errors, from the schema, the rules or the server', () => {
  it('routes order-body fields back to form fields, the first verdict per field', () => {
    expect(
      routeFieldErrors([
        { field: 'store_id', message: 'x', rule: 'store_required' },
        { field: 'items.0.quantity', message: 'Only 1 left', available: 1 },
        { field: 'location.lat', message: 'Too big' },
        { field: 'delivery_type', message: 'Off', rule: 'delivery_unavailable' },
        { field: 'receipt_payment', message: 'Cash only', rule: 'receipt_payment_not_allowed' },
        { field: 'store_id', message: 'second' },
        { field: 'unknown_field', message: 'dropped' },
      ]),
    ).toEqual({
      currentStore: { field: 'store_id', message: 'x', rule: 'store_required' },
      items: { field: 'items.0.quantity', message: 'Only 1 left', available: 1 },
      location: { field: 'location.lat', message: 'Too big' },
      deliveryType: { field: 'delivery_type', message: 'Off', rule: 'delivery_unavailable' },
      receiptPayment: {
        field: 'receipt_payment',
        message: 'Cash only',
        rule: 'receipt_payment_not_allowed',
      },
    });
  });

  it('finds the topmost problem in page order, whatever order the verdicts came in', () => {
    expect(
      firstError({
        name: { field: 'name', message: 'Required' },
        region: { field: 'region', message: 'x', rule: 'region_not_served' },
      }),
    ).toEqual(['region', { field: 'region', message: 'x', rule: 'region_not_served' }]);
    expect(firstError({})).toBeNull();
  });

  it("translates a known rule, else says what the field needs; never the server's English", () => {
    const t = ((key: string) => `<${key}>`) as unknown as TFunction;
    expect(
      fieldErrorText(t, 'region', { field: 'region', message: 'No', rule: 'region_not_served' }),
    ).toBe('<orderRules.region_not_served>');
    expect(fieldErrorText(t, 'phone', { field: 'phone', message: 'Bad phone' })).toBe(
      '<checkout.invalid.phone>',
    );
    expect(fieldErrorText(t, 'city', { field: 'city', message: 'x', rule: 'made_up' })).toBe(
      '<checkout.invalid.city>',
    );
  });
});

describe("an order refused for the account's limits", () => {
  const t = ((key: string, values?: object) =>
    values ? `<${key} ${JSON.stringify(values)}>` : `<${key}>`) as unknown as TFunction;
  const refused = (rule: string, retryAfter?: number) =>
    new ApiError({
      code: 'order_refused',
      message: 'in English',
      status: 422,
      details: [{ field: '(root)', message: 'in English', rule }],
      retryAfter,
    });

  it('says the rule in words, with the wait in hours or minutes when the server gave one', () => {
    expect(accountLimitText(t, refused('open_orders_limit'))).toBe(
      '<accountLimits.open_orders_limit>',
    );
    expect(accountLimitText(t, refused('daily_orders_limit', 23 * 3600 + 1))).toBe(
      '<accountLimits.daily_orders_limit> <checkout.orderAgainIn.hours {"hours":24}>',
    );
    expect(accountLimitText(t, refused('daily_orders_limit', 90))).toBe(
      '<accountLimits.daily_orders_limit> <checkout.orderAgainIn.minutes {"minutes":2}>',
    );
  });

  it('says the open units limits in words, the one refused on a line in its own words too', () => {
    expect(accountLimitText(t, refused('open_units_limit'))).toBe(
      '<accountLimits.open_units_limit>',
    );
    expect(accountLimitText(t, refused('open_item_units_limit'))).toBe(
      '<accountLimits.open_item_units_limit>',
    );
    const onLine = { field: 'items.1.quantity', message: 'x', rule: 'open_item_units_limit' };
    expect(fieldErrorText(t, 'items', onLine)).toBe('<accountLimits.open_item_units_limit>');
  });

  it('leaves field rules and other errors to the usual texts', () => {
    expect(accountLimitText(t, refused('region_not_served'))).toBeNull();
    expect(accountLimitText(t, refused('quantity_limit'))).toBeNull();
    expect(
      accountLimitText(t, new ApiError({ code: 'out_of_stock', message: '', status: 409 })),
    ).toBeNull();
  });
});

describe('profile fill after an order', () => {
  const recipient = { name: 'Dilnoza', surname: 'Karimova' };
  const newShopper: User = { ...user, name: null, surname: null };

  it('gives a new shopper the name and surname they typed', () => {
    expect(profileFillFrom(newShopper, recipient)).toEqual(recipient);
  });

  it('never overwrites a name the shopper set, even when the recipient differs', () => {
    expect(profileFillFrom(user, recipient)).toBeNull();
    expect(profileFillFrom({ ...user, surname: '  ' }, recipient)).toEqual({
      name: 'Aziza',
      surname: 'Karimova',
    });
    expect(profileFillFrom({ ...user, name: null }, { name: 'Dilnoza', surname: 'X' })).toEqual({
      name: 'Dilnoza',
      surname: 'Karimova',
    });
  });

  it('sends nothing when signed out or when there is nothing to fill with', () => {
    expect(profileFillFrom(null, recipient)).toBeNull();
    expect(profileFillFrom(newShopper, { name: ' ', surname: 'Karimova' })).toBeNull();
  });
});

describe('idempotency key', () => {
  it('is reused for the same body and renewed for a changed one', () => {
    const storage = createMemoryStorage();
    const first = idempotencyKeyFor(storage, { a: 1 });
    expect(idempotencyKeyFor(storage, { a: 1 })).toBe(first);
    const changed = idempotencyKeyFor(storage, { a: 2 });
    expect(changed).not.toBe(first);
    forgetIdempotencyKey(storage);
    expect(idempotencyKeyFor(storage, { a: 2 })).not.toBe(changed);
  });
});
