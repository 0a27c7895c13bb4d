import {
  CAPITAL_REGION,
  CreateOrderRequestSchema,
  DEFAULT_REGION,
  DeliveryTypeSchema,
  fieldErrors,
  LocationSchema,
  ORDER_RULE_MESSAGES,
  orderChoiceViolations,
  PaymentTypeSchema,
  ReceiptPaymentSchema,
  RegionSlugSchema,
  type CartItem,
  type CreateOrderRequest,
  type DeliverySettings,
  type FieldError,
} from '@shop/shared';
import * as z from 'zod/mini';

// The checkout form (delivery, address or shop, recipient, payment and how an on-receipt payment
// is made) as pure data and functions (where its values come from: checkout-form-values.ts). Which order rules hold is never decided here: the shared order schema and
// the shared order rules judge the body this form builds, and their verdicts are routed back to
// the form's fields by the same map that built the body.

const Text = (max: number) => z.catch(z.string().check(z.maxLength(max)), '');

export const CheckoutFormSchema = z.object({
  region: z.catch(RegionSlugSchema, DEFAULT_REGION),
  city: Text(100),
  deliveryType: z.catch(DeliveryTypeSchema, 'pickup'),
  currentStore: z.catch(z.nullable(z.int().check(z.positive())), null),
  location: z.catch(z.nullable(LocationSchema), null),
  address: Text(300),
  flat: Text(20),
  entrance: Text(20),
  floor: Text(20),
  intercom: Text(20),
  address_comment: Text(500),
  name: Text(60),
  surname: Text(60),
  phone: Text(32),
  paymentType: z.catch(PaymentTypeSchema, 'on_receipt'),
  receiptPayment: z.catch(ReceiptPaymentSchema, 'cash'),
  /** The saved card to pay with (its id); 0 while none is chosen. */
  currentCard: z.catch(z.int().check(z.nonnegative()), 0),
});
export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;
export type CheckoutField = keyof CheckoutForm;

/** Where a verdict lands on the page: a form field, or the items list. */
export type CheckoutTarget = CheckoutField | 'items';
export type CheckoutErrors = Partial<Record<CheckoutTarget, FieldError>>;

/** The targets in the order the page shows them, so "the first problem" means the topmost. */
export const CHECKOUT_TARGETS_IN_PAGE_ORDER: readonly CheckoutTarget[] = [
  'items',
  'region',
  'deliveryType',
  'currentStore',
  'city',
  'address',
  'flat',
  'entrance',
  'floor',
  'intercom',
  'address_comment',
  'location',
  'name',
  'surname',
  'phone',
  'paymentType',
  'receiptPayment',
  'currentCard',
];

/** The topmost field with an error, and its error. */
export function firstError(errors: CheckoutErrors): [CheckoutTarget, FieldError] | null {
  for (const target of CHECKOUT_TARGETS_IN_PAGE_ORDER) {
    const error = errors[target];
    if (error) return [target, error];
  }
  return null;
}

type BodyField = keyof CreateOrderRequest;

function trimmed(value: string): string | undefined {
  const text = value.trim();
  return text === '' ? undefined : text;
}

const delivered = (form: CheckoutForm) => form.deliveryType !== 'pickup';

/**
 * The one map between the form and the order body: each form field, the body field it becomes
 * and its value there (undefined: left out of the body). The body is built from it, and the
 * field errors of the shared schema, the shared rules and the server are routed back through it.
 */
export const ORDER_BODY_FIELDS = {
  deliveryType: { body: 'delivery_type', value: (form) => form.deliveryType },
  currentStore: {
    body: 'store_id',
    value: (form) =>
      form.deliveryType === 'pickup' ? (form.currentStore ?? undefined) : undefined,
  },
  region: { body: 'region', value: (form) => (delivered(form) ? form.region : undefined) },
  // The capital is a city of its own: its addresses carry no city.
  city: {
    body: 'city',
    value: (form) =>
      delivered(form) && form.region !== CAPITAL_REGION ? trimmed(form.city) : undefined,
  },
  address: {
    body: 'address',
    value: (form) => (delivered(form) ? trimmed(form.address) : undefined),
  },
  flat: { body: 'flat', value: (form) => (delivered(form) ? trimmed(form.flat) : undefined) },
  entrance: {
    body: 'entrance',
    value: (form) => (delivered(form) ? trimmed(form.entrance) : undefined),
  },
  floor: { body: 'floor', value: (form) => (delivered(form) ? trimmed(form.floor) : undefined) },
  intercom: {
    body: 'intercom',
    value: (form) => (delivered(form) ? trimmed(form.intercom) : undefined),
  },
  address_comment: {
    body: 'address_comment',
    value: (form) => (delivered(form) ? trimmed(form.address_comment) : undefined),
  },
  location: {
    body: 'location',
    value: (form) => (delivered(form) ? (form.location ?? undefined) : undefined),
  },
  name: { body: 'name', value: (form) => form.name.trim() },
  surname: { body: 'surname', value: (form) => form.surname.trim() },
  // Sent as typed; the schema normalises '+998 90 123 45 67' and refuses what is not a phone.
  phone: { body: 'phone', value: (form) => form.phone },
  paymentType: { body: 'payment_type', value: (form) => form.paymentType },
  receiptPayment: {
    body: 'receipt_payment',
    value: (form) => (form.paymentType === 'on_receipt' ? form.receiptPayment : undefined),
  },
} as const satisfies Partial<
  Record<CheckoutField, { body: BodyField; value: (form: CheckoutForm) => unknown }>
>;

type MappedField = keyof typeof ORDER_BODY_FIELDS;

const FORM_FIELD_OF_BODY = new Map<string, MappedField>(
  Object.entries(ORDER_BODY_FIELDS).map(([field, entry]) => [entry.body, field as MappedField]),
);

/** The body as the form stands, before the schema has judged it. */
export function orderBodyCandidate(
  form: CheckoutForm,
  items: readonly CartItem[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    items: items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
  };
  for (const entry of Object.values(ORDER_BODY_FIELDS)) {
    const value = entry.value(form);
    if (value !== undefined) body[entry.body] = value;
  }
  return body;
}

/**
 * Field errors named by order-body paths ('city', 'items.0.quantity', 'location.lat') put
 * beside the form field each belongs to; the first verdict per field wins. Paths that match no
 * field are left out (the caller shows the error's general message).
 */
export function routeFieldErrors(details: readonly FieldError[]): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const detail of details) {
    const head = detail.field.split('.')[0] ?? '';
    const target: CheckoutTarget | undefined =
      head === 'items' ? 'items' : FORM_FIELD_OF_BODY.get(head);
    if (target && !errors[target]) errors[target] = detail;
  }
  return errors;
}

/** A check of the webapp's own: paying by card needs a card to pay with. */
export const CARD_REQUIRED: FieldError = {
  field: 'currentCard',
  message: 'Choose a card or add a new one',
};

export type CheckoutCheck =
  { ok: true; body: CreateOrderRequest } | { ok: false; errors: CheckoutErrors };

/**
 * Judges the form as the server will: the shared order schema, then the shared order rules with
 * the shop's delivery settings (a method that does not reach the region, a payment the method
 * does not take). Returns the body to send, or the verdicts per field.
 */
export function checkCheckout(
  form: CheckoutForm,
  items: readonly CartItem[],
  settings: DeliverySettings,
): CheckoutCheck {
  const parsed = CreateOrderRequestSchema.safeParse(orderBodyCandidate(form, items));
  const details: FieldError[] = parsed.success ? [] : fieldErrors(parsed.error);
  for (const violation of orderChoiceViolations(settings, {
    delivery_type: form.deliveryType,
    store_id: ORDER_BODY_FIELDS.currentStore.value(form) ?? null,
    region: ORDER_BODY_FIELDS.region.value(form) ?? null,
    city: ORDER_BODY_FIELDS.city.value(form) ?? null,
    address: ORDER_BODY_FIELDS.address.value(form) ?? null,
    payment_type: form.paymentType,
    receipt_payment: ORDER_BODY_FIELDS.receiptPayment.value(form) ?? null,
  })) {
    details.push({
      field: violation.field,
      message: ORDER_RULE_MESSAGES[violation.rule],
      rule: violation.rule,
    });
  }
  const errors = routeFieldErrors(details);
  if (form.paymentType === 'card' && form.currentCard === 0) errors.currentCard = CARD_REQUIRED;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors };
}
