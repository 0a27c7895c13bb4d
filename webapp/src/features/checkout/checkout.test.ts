import type { CartItem, User } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/storage';
import {
  buildOrderRequest,
  CHECKOUT_DRAFT_KEY,
  defaultCheckoutForm,
  outOfStockNames,
  profileFillFrom,
  restoreCheckoutForm,
  validateCheckout,
} from './checkout-form';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';

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

describe('checkout form', () => {
  it('prefills the recipient from the profile', () => {
    const form = defaultCheckoutForm(user);
    expect([form.name, form.surname, form.phone, form.region]).toEqual([
      'Aziza',
      'Karimova',
      '+998 90 123 45 67',
      'tashkent',
    ]);
  });

  it('asks for a shop on pickup and an address on courier', () => {
    const form = defaultCheckoutForm(user);
    expect(validateCheckout(form)).toEqual({ currentStore: 'checkout.storeRequired' });
    expect(validateCheckout({ ...form, deliveryType: 'courier' })).toEqual({
      city: 'checkout.cityRequired',
      address: 'checkout.addressRequired',
    });
    expect(validateCheckout({ ...form, currentStore: 2, phone: '12' })).toEqual({
      phone: 'auth.phoneInvalid',
    });
  });

  it('builds a pickup order with a normalised phone and no address fields', () => {
    const form = { ...defaultCheckoutForm(user), currentStore: 2, phone: '90 123 45 67' };
    expect(buildOrderRequest(form, [mug])).toEqual({
      items: [{ product_id: 11, quantity: 2 }],
      delivery_type: 'pickup',
      store_id: 2,
      name: 'Aziza',
      surname: 'Karimova',
      phone: '+998901234567',
      payment_type: 'on_receipt',
    });
  });

  it('falls back to the profile when the stored draft is not a form', () => {
    const storage = createMemoryStorage({ [CHECKOUT_DRAFT_KEY]: '{not json' });
    expect(restoreCheckoutForm(storage, user).name).toBe('Aziza');
  });

  it('names out-of-stock lines by index or product id', () => {
    expect(outOfStockNames([{ field: 'items.0.quantity', message: 'Only 1 left' }], [mug])).toEqual(
      ['White mug'],
    );
    expect(
      outOfStockNames([{ field: 'items', message: 'Product 11 is out of stock' }], [mug]),
    ).toEqual(['White mug']);
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
