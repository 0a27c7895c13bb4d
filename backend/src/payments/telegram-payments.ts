// Telegram's payment sheet (a provider chosen in BotFather: Payme or Click) as the shop sees it,
// through the bot: before the sheet takes the money, whether the order may take it (and a hold
// long enough to finish paying); after, the payment recorded once per Telegram charge.
import {
  LANGUAGES,
  toTiyin,
  type Language,
  type TelegramPreCheckoutAnswer,
  type TelegramPreCheckoutRequest,
  type TelegramRefusal,
  type TelegramSuccessfulPaymentAnswer,
  type TelegramSuccessfulPaymentRequest,
} from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { providerPayments, refunds } from '../db/schema';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrderForEvent, type OrderRow } from '../orders/order-view';
import {
  holdWhilePaying,
  lockOrderByNumber,
  payability,
  receivePayment,
  type Payability,
} from './paid-orders';
import { owePaymentBack } from './refunds/refund-rows';

/** The sheet is open: the order's hold lasts at least this much longer, so paying can finish. */
export const TELEGRAM_PAYING_GRACE_MS = 10 * 60_000;

const PROVIDER = 'telegram';

export interface TelegramPaymentDeps {
  db: Db;
  now: () => Date;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

/** The payment's charge was never seen by any order: there is no order with that number. */
export class UnknownOrderError extends Error {
  constructor(readonly number: string) {
    super(`No order ${number}`);
    this.name = 'UnknownOrderError';
  }
}

function languageOf(order: OrderRow): Language {
  return LANGUAGES.find((language) => language === order.lang) ?? 'uz';
}

const REFUSAL_OF: Readonly<Record<Exclude<Payability, 'payable'>, TelegramRefusal>> = {
  on_receipt: 'not_prepaid',
  cancelled: 'cancelled',
  paid: 'paid',
  expired: 'expired',
  charge_in_flight: 'in_progress',
};

/** Whether Telegram may take `request`'s money for its order now; on yes, the hold is stretched. */
export async function preCheckTelegramPayment(
  deps: TelegramPaymentDeps,
  request: TelegramPreCheckoutRequest,
): Promise<TelegramPreCheckoutAnswer> {
  return deps.db.transaction(async (tx): Promise<TelegramPreCheckoutAnswer> => {
    const order = await lockOrderByNumber(tx, request.number);
    if (!order) return { ok: false, reason: 'not_found', lang: null };
    const lang = languageOf(order);
    const now = deps.now();
    const state = await payability(tx, order, now);
    if (state !== 'payable') return { ok: false, reason: REFUSAL_OF[state], lang };
    if (request.currency !== 'UZS' || request.total_amount !== toTiyin(order.total)) {
      return { ok: false, reason: 'amount', lang };
    }
    await holdWhilePaying(tx, order, now, TELEGRAM_PAYING_GRACE_MS);
    return { ok: true, lang };
  });
}

/** What an already recorded charge came to: the order paid with it, or its money owed back. */
async function outcomeOf(tx: Db, providerPaymentId: number): Promise<'paid' | 'refund_due'> {
  const [owed] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.providerPaymentId, providerPaymentId));
  return owed ? 'refund_due' : 'paid';
}

/**
 * Money taken for another sum than the order's (its invoice made before a change): never marks the
 * order paid, it is owed back whole.
 */
async function oweWrongAmountBack(
  tx: Db,
  order: OrderRow,
  payment: { id: number; transactionId: string; amount: number; eventKey: string },
  at: Date,
): Promise<'refund_due'> {
  await owePaymentBack(
    tx,
    {
      orderId: order.id,
      provider: PROVIDER,
      transactionId: payment.transactionId,
      amount: payment.amount,
      source: { providerPaymentId: payment.id },
    },
    at,
  );
  await recordOrderEvent(
    tx,
    await loadOrderForEvent(tx, order.id),
    { type: 'payment_received', attempt: payment.eventKey },
    at,
  );
  return 'refund_due';
}

/**
 * Records Telegram's successful_payment once per telegram_payment_charge_id: the same charge told
 * again changes nothing and answers the same. Throws UnknownOrderError for a number that names
 * no order (nothing can be recorded: every payment row belongs to an order).
 */
export async function recordTelegramPayment(
  deps: TelegramPaymentDeps,
  request: TelegramSuccessfulPaymentRequest,
): Promise<TelegramSuccessfulPaymentAnswer> {
  const answer = await deps.db.transaction(async (tx) => {
    const order = await lockOrderByNumber(tx, request.number);
    if (!order) throw new UnknownOrderError(request.number);
    const [known] = await tx
      .select({ id: providerPayments.id })
      .from(providerPayments)
      .where(
        and(
          eq(providerPayments.provider, PROVIDER),
          eq(providerPayments.providerId, request.telegram_payment_charge_id),
        ),
      );
    if (known) return { outcome: await outcomeOf(tx, known.id), told: false };
    const at = deps.now();
    const [row] = await tx
      .insert(providerPayments)
      .values({
        orderId: order.id,
        provider: PROVIDER,
        providerId: request.telegram_payment_charge_id,
        providerRef: request.provider_payment_charge_id,
        amount: request.total_amount,
        state: 'performed',
        createdAt: at,
        performedAt: at,
      })
      .returning({ id: providerPayments.id });
    if (!row) throw new Error('The payment insert returned nothing');
    // The provider's own id: the one its office shows staff who look the payment up or refund it.
    const payment = {
      id: row.id,
      transactionId: request.provider_payment_charge_id,
      amount: request.total_amount,
      eventKey: `telegram-${row.id}`,
    };
    const outcome =
      request.total_amount === toTiyin(order.total)
        ? await receivePayment(
            tx,
            order,
            { provider: PROVIDER, providerPaymentId: row.id, ...payment },
            at,
          )
        : await oweWrongAmountBack(tx, order, payment, at);
    return { outcome, told: true };
  });
  if (answer.told) deps.onOrderEvents?.();
  return { outcome: answer.outcome };
}
