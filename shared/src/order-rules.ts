// The rules of an order as pure functions: what delivery costs, what the order totals, which
// delivery methods serve a region, how each method may be paid, and what an address needs. The
// backend prices and refuses orders with these, and the checkout page shows the same numbers and
// the same refusals before anything is sent, so the two can never disagree.
import { sumMoney } from './money';
import { REGION_SLUGS, type RegionSlug } from './regions';

export const DELIVERY_TYPES = ['pickup', 'courier', 'express'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * How an order is paid: on receipt, or online before it is handed over: a card typed into the
 * shop ('card'), the Click or Payme app ('click', 'payme'), or Telegram's payment sheet.
 */
export const PAYMENT_TYPES = ['on_receipt', 'card', 'click', 'payme', 'telegram'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The ways paid online before delivery: an order placed with one waits for its payment. */
export const PREPAID_PAYMENT_TYPES = ['card', 'click', 'payme', 'telegram'] as const;
export type PrepaidPaymentType = (typeof PREPAID_PAYMENT_TYPES)[number];

export function isPrepaid(type: PaymentType): type is PrepaidPaymentType {
  return type !== 'on_receipt';
}

/**
 * Who took an order's money: a saved card charged through Payme's Subscribe API or Click's
 * Merchant API, the Click or Payme app, or Telegram's payment sheet.
 */
export const PAYMENT_PROVIDERS = [
  'payme_card',
  'click_card',
  'click',
  'payme',
  'telegram',
] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** How a payment on receipt is made: the courier takes cash only, a shop's till cash or card. */
export const RECEIPT_PAYMENTS = ['cash', 'card'] as const;
export type ReceiptPayment = (typeof RECEIPT_PAYMENTS)[number];

/** The region whose addresses need no city: the capital is a city of its own. */
export const CAPITAL_REGION: RegionSlug = 'tashkent';

/** What the rules need to know of one delivery method (a subset of its delivery settings). */
export interface DeliveryMethodRules {
  type: DeliveryType;
  price: number;
  /** Subtotal from which the method is free; null when it never is. */
  free_from: number | null;
  enabled: boolean;
  /** Regions whose addresses the method reaches; pickup lists every region (no address). */
  regions: readonly RegionSlug[];
  /** Payment types the method may be paid with. */
  payment_types: readonly PaymentType[];
  /** How an on-receipt payment may be made with this method. */
  receipt_payments: readonly ReceiptPayment[];
}

export interface PaymentTypeRules {
  type: PaymentType;
  enabled: boolean;
}

export interface OrderSettingsRules {
  methods: readonly DeliveryMethodRules[];
  payment_types: readonly PaymentTypeRules[];
}

export interface PricedLine {
  price: number;
  quantity: number;
}

export interface OrderTotals {
  subtotal: number;
  delivery_price: number;
  total: number;
}

/** Line price × quantity, exact or a RangeError (never a rounded total). */
export function lineTotal(line: PricedLine): number {
  return sumMoney(line.price * line.quantity);
}

export function orderSubtotal(lines: readonly PricedLine[]): number {
  return sumMoney(...lines.map(lineTotal));
}

/** The method's fee, or 0 once the subtotal reaches its free-from threshold. */
export function deliveryPrice(
  method: Pick<DeliveryMethodRules, 'price' | 'free_from'>,
  subtotal: number,
): number {
  if (method.free_from !== null && subtotal >= method.free_from) return 0;
  return method.price;
}

/** Subtotal, delivery and total of an order: the numbers on screen, in the answer and charged. */
export function orderTotals(
  lines: readonly PricedLine[],
  method: Pick<DeliveryMethodRules, 'price' | 'free_from'>,
): OrderTotals {
  const subtotal = orderSubtotal(lines);
  const delivery = deliveryPrice(method, subtotal);
  return { subtotal, delivery_price: delivery, total: sumMoney(subtotal, delivery) };
}

/** Payme and most card processors count in tiyin, 1/100 of a sum. */
export function toTiyin(amount: number): number {
  return sumMoney(amount) * 100;
}

/** Whole sums of an amount in tiyin (the shop's prices are whole sums, so nothing is lost). */
export function fromTiyin(tiyin: number): number {
  return Math.round(tiyin / 100);
}

/**
 * Why an order is refused, per field. The codes are stable (the webapp translates them); the
 * backend sends them as `rule` beside an English message in its field details.
 */
export const ORDER_RULES = [
  'store_required',
  'region_required',
  'city_required',
  'address_required',
  'delivery_unavailable',
  'region_not_served',
  'payment_unavailable',
  'payment_not_allowed',
  'receipt_payment_not_allowed',
  // Limits that keep one account from holding the stock (the backend's configured numbers).
  'quantity_limit',
  'open_orders_limit',
  'daily_orders_limit',
  'open_item_units_limit',
  'open_units_limit',
] as const;
export type OrderRule = (typeof ORDER_RULES)[number];

export const ORDER_RULE_MESSAGES: Readonly<Record<OrderRule, string>> = {
  store_required: 'Choose a shop to pick up from',
  region_required: 'Choose the region',
  city_required: 'Enter the city or district',
  address_required: 'Enter the delivery address',
  delivery_unavailable: 'This delivery method is not available',
  region_not_served: 'This delivery method does not reach this region',
  payment_unavailable: 'This payment method is not available',
  payment_not_allowed: 'This payment method is not available with this delivery method',
  receipt_payment_not_allowed: 'The courier takes cash only',
  quantity_limit: 'Too many of one item for one order',
  open_orders_limit: 'Too many orders that are neither paid nor completed',
  daily_orders_limit: 'Too many orders in the last 24 hours',
  open_item_units_limit: 'Open orders would hold too many of one item',
  open_units_limit: 'Open orders would hold too many items',
};

export interface OrderRuleViolation {
  /** The order body's field the shopper has to change. */
  field: string;
  rule: OrderRule;
}

/** The address part of an order as the order body carries it. */
export interface OrderAddressInput {
  delivery_type: DeliveryType;
  store_id?: number | null;
  region?: RegionSlug | null;
  city?: string | null;
  address?: string | null;
}

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim() === '';
}

/**
 * What an address needs, before any setting is known: a shop for pickup; for a courier or a taxi
 * a region, a city (except in the capital, which is one) and a street address.
 */
export function addressViolations(input: OrderAddressInput): OrderRuleViolation[] {
  if (input.delivery_type === 'pickup') {
    return input.store_id === undefined || input.store_id === null
      ? [{ field: 'store_id', rule: 'store_required' }]
      : [];
  }
  const violations: OrderRuleViolation[] = [];
  if (input.region === undefined || input.region === null) {
    violations.push({ field: 'region', rule: 'region_required' });
  } else if (input.region !== CAPITAL_REGION && blank(input.city)) {
    violations.push({ field: 'city', rule: 'city_required' });
  }
  if (blank(input.address)) violations.push({ field: 'address', rule: 'address_required' });
  return violations;
}

/** Is this method on, and does it reach the region (pickup reaches everyone)? */
export function deliveryAvailability(
  method: DeliveryMethodRules | undefined,
  region: RegionSlug | null | undefined,
): 'available' | 'unavailable' | 'region_not_served' {
  if (!method?.enabled) return 'unavailable';
  if (method.type === 'pickup' || region === undefined || region === null) return 'available';
  return method.regions.includes(region) ? 'available' : 'region_not_served';
}

/** Payment types the method allows that are switched on, in the settings' order. */
export function allowedPaymentTypes(
  settings: OrderSettingsRules,
  method: DeliveryMethodRules | undefined,
): PaymentType[] {
  if (!method) return [];
  return settings.payment_types
    .filter((payment) => payment.enabled && method.payment_types.includes(payment.type))
    .map((payment) => payment.type);
}

/** The order's choices as the order body carries them. */
export interface OrderChoiceInput extends OrderAddressInput {
  payment_type: PaymentType;
  /** On-receipt payments only; cash when left out. */
  receipt_payment?: ReceiptPayment | null;
}

/**
 * Every reason the settings refuse this order's choices, address rules included: a method that is
 * off or does not reach the region (express is Tashkent city only), a payment type that is off or
 * not allowed with the method, card on receipt with a courier.
 */
export function orderChoiceViolations(
  settings: OrderSettingsRules,
  input: OrderChoiceInput,
): OrderRuleViolation[] {
  const violations = addressViolations(input);
  const method = settings.methods.find((candidate) => candidate.type === input.delivery_type);
  const availability = deliveryAvailability(method, input.region);
  if (availability === 'unavailable') {
    violations.push({ field: 'delivery_type', rule: 'delivery_unavailable' });
  } else if (availability === 'region_not_served') {
    violations.push({ field: 'region', rule: 'region_not_served' });
  }
  const payment = settings.payment_types.find((candidate) => candidate.type === input.payment_type);
  if (!payment?.enabled) {
    violations.push({ field: 'payment_type', rule: 'payment_unavailable' });
  } else if (method && !method.payment_types.includes(input.payment_type)) {
    violations.push({ field: 'payment_type', rule: 'payment_not_allowed' });
  } else if (
    method &&
    input.payment_type === 'on_receipt' &&
    !method.receipt_payments.includes(input.receipt_payment ?? 'cash')
  ) {
    violations.push({ field: 'receipt_payment', rule: 'receipt_payment_not_allowed' });
  }
  return violations;
}

/** Regions a method reaches, for settings that list every region. */
export const ALL_REGIONS: readonly RegionSlug[] = REGION_SLUGS;
