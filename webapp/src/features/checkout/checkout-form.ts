import {
  DEFAULT_REGION,
  DeliveryTypeSchema,
  formatUzPhone,
  normalizeUzPhone,
  PaymentTypeSchema,
  RegionSlugSchema,
  type CartItem,
  type CreateOrderRequest,
  type DeliverySettings,
  type DeliveryType,
  type PaymentType,
  type ProfileUpdate,
  type User,
} from '@shop/shared';
import { z } from 'zod';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/storage/storage';

// The checkout form of spec §3 as pure data and functions: defaults, validation, the order body
// and the delivery price, testable without a page.

const Text = (max: number) => z.string().max(max).catch('');

export const CheckoutFormSchema = z.object({
  region: RegionSlugSchema.catch(DEFAULT_REGION),
  city: Text(100),
  deliveryType: DeliveryTypeSchema.catch('pickup'),
  currentStore: z.number().int().positive().nullable().catch(null),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable().catch(null),
  address: Text(300),
  flat: Text(20),
  entrance: Text(20),
  floor: Text(20),
  intercom: Text(20),
  address_comment: Text(500),
  name: Text(60),
  surname: Text(60),
  phone: Text(32),
  paymentType: PaymentTypeSchema.catch('on_receipt'),
  currentCard: z.number().int().nonnegative().catch(0),
});
export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;

export type CheckoutField = keyof CheckoutForm;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const CHECKOUT_DRAFT_KEY = 'checkoutForm';

export function defaultCheckoutForm(user: User | null): CheckoutForm {
  return {
    region: DEFAULT_REGION,
    city: '',
    deliveryType: 'pickup',
    currentStore: null,
    location: null,
    address: '',
    flat: '',
    entrance: '',
    floor: '',
    intercom: '',
    address_comment: '',
    name: user?.name ?? '',
    surname: user?.surname ?? '',
    phone: user ? formatUzPhone(user.phone) : '',
    paymentType: 'on_receipt',
    currentCard: 0,
  };
}

/** A saved draft (same tab) wins over the profile, so an error or a reload loses nothing. */
export function restoreCheckoutForm(storage: KeyValueStorage, user: User | null): CheckoutForm {
  const draft = readJson(storage, CHECKOUT_DRAFT_KEY);
  if (draft === undefined) return defaultCheckoutForm(user);
  const parsed = CheckoutFormSchema.safeParse(draft);
  return parsed.success ? parsed.data : defaultCheckoutForm(user);
}

export function saveCheckoutDraft(storage: KeyValueStorage, form: CheckoutForm): void {
  writeJson(storage, CHECKOUT_DRAFT_KEY, form);
}

export function clearCheckoutDraft(storage: KeyValueStorage): void {
  storage.removeItem(CHECKOUT_DRAFT_KEY);
}

/** Translation keys per invalid field; empty when the order can be sent. */
export function validateCheckout(form: CheckoutForm): Partial<Record<CheckoutField, MessageKey>> {
  const errors: Partial<Record<CheckoutField, MessageKey>> = {};
  if (form.deliveryType === 'pickup' && form.currentStore === null) {
    errors.currentStore = 'checkout.storeRequired';
  }
  if (form.deliveryType !== 'pickup') {
    if (form.city.trim() === '') errors.city = 'checkout.cityRequired';
    if (form.address.trim() === '') errors.address = 'checkout.addressRequired';
  }
  if (form.name.trim() === '') errors.name = 'checkout.nameRequired';
  if (form.surname.trim() === '') errors.surname = 'checkout.surnameRequired';
  if (normalizeUzPhone(form.phone) === null) errors.phone = 'auth.phoneInvalid';
  return errors;
}

export type MessageKey =
  | 'checkout.storeRequired'
  | 'checkout.cityRequired'
  | 'checkout.addressRequired'
  | 'checkout.nameRequired'
  | 'checkout.surnameRequired'
  | 'auth.phoneInvalid';

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The POST /api/orders body; call after validateCheckout found nothing. */
export function buildOrderRequest(
  form: CheckoutForm,
  items: readonly CartItem[],
): CreateOrderRequest {
  const base = {
    items: items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
    delivery_type: form.deliveryType,
    name: form.name.trim(),
    surname: form.surname.trim(),
    phone: normalizeUzPhone(form.phone) ?? form.phone,
    payment_type: form.paymentType,
  };
  if (form.deliveryType === 'pickup') {
    return { ...base, ...(form.currentStore !== null ? { store_id: form.currentStore } : {}) };
  }
  return {
    ...base,
    region: form.region,
    city: optional(form.city),
    address: optional(form.address),
    flat: optional(form.flat),
    entrance: optional(form.entrance),
    floor: optional(form.floor),
    intercom: optional(form.intercom),
    address_comment: optional(form.address_comment),
    ...(form.location ? { location: form.location } : {}),
  };
}

/** The value when it holds more than spaces, else undefined. */
function filled(value: string | null): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/**
 * What an order saves to the profile so the next checkout comes prefilled: only the name parts
 * the profile lacks, taken from the recipient; never overwrites what the shopper set on the
 * account page. Null when there is nothing to fill.
 */
export function profileFillFrom(
  user: User | null,
  recipient: { name: string; surname: string },
): ProfileUpdate | null {
  if (!user) return null;
  const name = filled(user.name);
  const surname = filled(user.surname);
  if (name !== undefined && surname !== undefined) return null;
  const next = {
    name: name ?? filled(recipient.name),
    surname: surname ?? filled(recipient.surname),
  };
  // The profile call takes both parts at once, each required; the part already set goes back
  // unchanged, and the email is left out so the server keeps it.
  if (next.name === undefined || next.surname === undefined) return null;
  return { name: next.name, surname: next.surname };
}

export function isPaymentEnabled(
  settings: DeliverySettings | undefined,
  type: PaymentType,
): boolean {
  const entry = settings?.payment_types.find((payment) => payment.type === type);
  return entry ? entry.enabled : true;
}

export function isDeliveryEnabled(
  settings: DeliverySettings | undefined,
  type: DeliveryType,
): boolean {
  const method = settings?.methods.find((candidate) => candidate.type === type);
  return method?.enabled === true;
}

/**
 * Names of the lines an out_of_stock answer points at. The server names lines by index
 * ('items.2.quantity') or by product id in the message; both are mapped back to names.
 */
export function outOfStockNames(
  details: readonly { field: string; message: string }[],
  items: readonly CartItem[],
): string[] {
  const names = new Set<string>();
  for (const detail of details) {
    const index = /^items\.(\d+)/.exec(detail.field)?.[1];
    const byIndex = index === undefined ? undefined : items[Number(index)];
    if (byIndex) {
      names.add(byIndex.name);
      continue;
    }
    const byId = items.find(
      (item) =>
        detail.field === String(item.product_id) ||
        new RegExp(`\\b${item.product_id}\\b`).test(detail.message),
    );
    if (byId) names.add(byId.name);
  }
  return [...names];
}
