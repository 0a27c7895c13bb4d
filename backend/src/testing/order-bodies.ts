// The bodies of POST /api/orders that tests place again and again: one place for the recipient,
// the shop and the address, so a change to the order contract is made once.
import { FIXTURES } from '../seed/fixtures';

export interface OrderLine {
  product_id: number;
  quantity: number;
}

/** Pickup at the first shop, paid on receipt; `extra` adds or replaces fields. */
export function pickupOrder(items: readonly OrderLine[], extra: object = {}) {
  return {
    items,
    delivery_type: 'pickup',
    store_id: FIXTURES.storeIds[0],
    name: 'Aziz',
    surname: 'Rahimov',
    phone: '+998901112233',
    payment_type: 'on_receipt',
    ...extra,
  };
}

/** The courier's part of an order to an address in Tashkent, to spread over another body. */
export const TASHKENT_COURIER = {
  delivery_type: 'courier',
  region: 'tashkent',
  city: 'Toshkent',
  address: 'Chilonzor 9-kvartal, 12-uy',
} as const;

/** Courier delivery in Tashkent, paid on receipt; `extra` adds or replaces fields. */
export function courierOrder(items: readonly OrderLine[], extra: object = {}) {
  return {
    items,
    ...TASHKENT_COURIER,
    flat: '34',
    name: 'Aziz',
    surname: 'Rahimov',
    phone: '+998901112233',
    payment_type: 'on_receipt',
    ...extra,
  };
}
