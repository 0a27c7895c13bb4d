// How an order may reach the shopper and be paid: the delivery methods (where each goes, which
// payments it takes) and the payment types, with how long an unpaid prepaid order is held.
import {
  PAYMENT_TYPES,
  RECEIPT_PAYMENTS,
  REGION_SLUGS,
  type DeliverySettings,
  type Language,
} from '@shop/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryMethods, paymentTypes } from '../db/schema';
import { pick } from '../catalog/localize';

function knownValues<T extends string>(values: readonly string[], known: readonly T[]): T[] {
  return values.filter((value): value is T => (known as readonly string[]).includes(value));
}

export async function deliverySettings(
  db: Db,
  lang: Language,
  paymentHoldMinutes: number,
): Promise<DeliverySettings> {
  const [methods, payments] = await Promise.all([
    db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.position)),
    db.select().from(paymentTypes).orderBy(asc(paymentTypes.position)),
  ]);
  return {
    methods: methods.flatMap((m) =>
      m.type === 'pickup' || m.type === 'courier' || m.type === 'express'
        ? [
            {
              type: m.type,
              name: pick(m.name, lang),
              description: pick(m.description, lang),
              price: m.price,
              free_from: m.freeFrom,
              enabled: m.enabled,
              regions: knownValues(m.regions, REGION_SLUGS),
              payment_types: knownValues(m.paymentTypes, PAYMENT_TYPES),
              receipt_payments: knownValues(m.receiptPayments, RECEIPT_PAYMENTS),
            },
          ]
        : [],
    ),
    payment_types: payments.flatMap((p) => {
      const type = PAYMENT_TYPES.find((known) => known === p.type);
      return type ? [{ type, name: pick(p.name, lang), enabled: p.enabled }] : [];
    }),
    payment_hold_minutes: paymentHoldMinutes,
  };
}
