// The choices an order makes besides its items (delivery method and region, payment, pickup
// shop) and the most of one item it may carry, checked against the shop's settings before
// anything else is read for it, so every refusal among them comes in one answer.
import {
  orderChoiceViolations,
  ORDER_RULE_MESSAGES,
  type DeliverySettings,
  type Language,
} from '@shop/shared';
import type { ContentService } from '../content/content-service';
import { ShopError } from '@shop/shared/server';
import { isPgInt } from '../http/database-input';
import type { CreateOrderInput } from './order-input';
import { lineQuantityViolations } from './order-limits';

export interface CheckedChoices {
  /** The chosen delivery method, whose price and free threshold the totals use. */
  method: DeliverySettings['methods'][number];
  /** The pickup shop, or null for courier and express orders. */
  storeId: number | null;
  /** How long a card order may stay unpaid. */
  paymentHoldMinutes: number;
}

/** The order's choices as the shop allows them, or throws `order_refused` naming every field. */
export async function checkOrderChoices(
  content: ContentService,
  input: CreateOrderInput,
  lang: Language,
  lineQuantityLimit: number,
): Promise<CheckedChoices> {
  const settings = await content.deliverySettings(lang);
  const violations = [
    ...orderChoiceViolations(settings, input).map((violation) => ({
      field: violation.field,
      message: ORDER_RULE_MESSAGES[violation.rule],
      rule: violation.rule,
    })),
    ...lineQuantityViolations(input.items, lineQuantityLimit),
  ];
  const [firstViolation] = violations;
  if (firstViolation) {
    throw new ShopError('order_refused', firstViolation.message, { details: violations });
  }
  const method = settings.methods.find((m) => m.type === input.delivery_type);
  if (!method) throw new Error('Checked by orderChoiceViolations');
  return {
    method,
    storeId: await pickupStoreId(content, input),
    paymentHoldMinutes: settings.payment_hold_minutes,
  };
}

/** The shop a pickup order names, which must exist; null for the other delivery types. */
async function pickupStoreId(
  content: ContentService,
  input: CreateOrderInput,
): Promise<number | null> {
  if (input.delivery_type !== 'pickup') return null;
  const store =
    input.store_id === undefined || !isPgInt(input.store_id)
      ? undefined
      : await content.findStore(input.store_id);
  if (!store) {
    throw new ShopError('order_refused', 'Choose one of our shops to pick up from.', {
      details: [{ field: 'store_id', message: 'Unknown shop', rule: 'store_required' }],
    });
  }
  return store.id;
}
