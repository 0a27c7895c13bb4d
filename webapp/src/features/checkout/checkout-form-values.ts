import {
  allowedPaymentTypes,
  DEFAULT_REGION,
  formatUzPhone,
  type DeliverySettings,
  type ProfileUpdate,
  type SavedAddress,
  type User,
} from '@shop/shared';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/storage/storage';
import { CHECKOUT_DRAFT_KEY } from './checkout-draft';
import { CheckoutFormSchema, type CheckoutForm } from './checkout-form';

// Where the checkout form's values come from and go: the profile, the draft kept in the tab,
// the last saved address, the choices the delivery settings still allow, and the name parts an
// order fills into an empty profile.

/**
 * The choices the settings still allow: a draft may hold a payment the chosen method no longer
 * takes (card on receipt after switching from pickup to a courier). The delivery method itself
 * is left as chosen, so a method that does not reach the region is refused with its reason
 * rather than silently swapped.
 */
export function effectiveCheckoutForm(
  form: CheckoutForm,
  settings: DeliverySettings | undefined,
): CheckoutForm {
  if (!settings) return form;
  const method = settings.methods.find((candidate) => candidate.type === form.deliveryType);
  if (!method) return form;
  const payments = allowedPaymentTypes(settings, method);
  const paymentType =
    payments.includes(form.paymentType) || payments[0] === undefined
      ? form.paymentType
      : payments[0];
  const receipts = method.receipt_payments;
  const receiptPayment =
    receipts.includes(form.receiptPayment) || receipts[0] === undefined
      ? form.receiptPayment
      : receipts[0];
  if (paymentType === form.paymentType && receiptPayment === form.receiptPayment) return form;
  return { ...form, paymentType, receiptPayment };
}

/** The name parts Telegram knows of the shopper (its profile), to offer when ours has none. */
export interface ProfileName {
  firstName: string;
  lastName: string;
}

/**
 * The recipient's name: the shop profile's when it has any part, else the Telegram profile's
 * (still editable); a mix of the two would name nobody.
 */
function recipientName(
  user: User | null,
  telegramName: ProfileName | null,
): { name: string; surname: string } {
  const name = user?.name?.trim() ?? '';
  const surname = user?.surname?.trim() ?? '';
  if (name !== '' || surname !== '' || telegramName === null) return { name, surname };
  return {
    name: telegramName.firstName.trim().slice(0, 60),
    surname: telegramName.lastName.trim().slice(0, 60),
  };
}

export function defaultCheckoutForm(
  user: User | null,
  telegramName: ProfileName | null = null,
): CheckoutForm {
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
    ...recipientName(user, telegramName),
    phone: user ? formatUzPhone(user.phone) : '',
    paymentType: 'on_receipt',
    receiptPayment: 'cash',
    currentCard: 0,
  };
}

/** A saved draft (same tab) wins over the profile, so an error or a reload loses nothing. */
export function restoreCheckoutForm(
  storage: KeyValueStorage,
  user: User | null,
  telegramName: ProfileName | null = null,
): CheckoutForm {
  return restoredDraft(storage) ?? defaultCheckoutForm(user, telegramName);
}

/** The form the shopper left in this tab, or null when there is none (or it no longer parses). */
export function restoredDraft(storage: KeyValueStorage): CheckoutForm | null {
  const draft = readJson(storage, CHECKOUT_DRAFT_KEY);
  if (draft === undefined) return null;
  const parsed = CheckoutFormSchema.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

export function saveCheckoutDraft(storage: KeyValueStorage, form: CheckoutForm): void {
  writeJson(storage, CHECKOUT_DRAFT_KEY, form);
}

/** Whether the shopper has typed any of the address yet. */
export function hasAddress(form: CheckoutForm): boolean {
  return [form.city, form.address, form.flat, form.entrance, form.floor, form.intercom].some(
    (value) => value.trim() !== '',
  );
}

/** The last address the backend kept for this shopper, as form values. */
export function addressFromSaved(saved: SavedAddress): Partial<CheckoutForm> {
  return {
    region: saved.region,
    city: saved.city ?? '',
    address: saved.address,
    flat: saved.flat ?? '',
    entrance: saved.entrance ?? '',
    floor: saved.floor ?? '',
    intercom: saved.intercom ?? '',
    address_comment: saved.address_comment ?? '',
    location: saved.location,
  };
}

/** The value when it holds more than spaces, else undefined. */
function filled(value: string | null): string | undefined {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
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
