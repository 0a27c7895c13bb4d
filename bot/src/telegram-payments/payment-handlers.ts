// The bot's side of Telegram's payment sheet:
// - pre_checkout_query: the backend decides whether the order may take the money, and Telegram
//   hears it well within its 10 s (the backend gets PRE_CHECKOUT_TIMEOUT_MS, then it is a no),
//   with the reason in the shopper's language.
// - successful_payment: the money is taken. It is kept in the store before anything else, then
//   the recorder tells the backend (and keeps telling it until it has recorded it).
import {
  DEFAULT_LANGUAGE,
  languageFromTag,
  type Language,
  type TelegramPreCheckoutRequest,
} from '@shop/shared';
import { Composer, type Context } from 'grammy';
import type { BotChats, BotLogger } from '../telegram/bot-deps';
import type { NotifierStore, TelegramPaymentReport } from '../notifier/store';
import type { OperatorPayments, PreCheckoutOutcome } from './operator-payments';
import { REFUSAL_TEXTS, type PaymentRefusal } from './payment-texts';

/** Telegram drops a pre-checkout not answered in 10 s: the backend gets this much of it. */
export const PRE_CHECKOUT_TIMEOUT_MS = 6000;
/** How long a payment the store could not take is held in memory between tries, and how often. */
const KEEP_RETRY_MS = 2000;
const KEEP_ATTEMPTS = 15;

/** An invoice's payload: the order number, as the shop makes them. */
const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

export interface PaymentHandlerDeps {
  operator: Pick<OperatorPayments, 'preCheckout'>;
  store: Pick<NotifierStore, 'keepTelegramPayment'>;
  /** Told when a payment was kept: records it with the backend now rather than at its next round. */
  recorder: { wake(): void };
  /** The chats' chosen languages; without it, the order's or Telegram's. */
  chats: BotChats | undefined;
  logger: BotLogger;
  preCheckoutTimeoutMs?: number;
}

/** The chat's own language (a private chat's id is its user's), else the order's, else Telegram's. */
async function shopperLanguage(
  deps: PaymentHandlerDeps,
  userId: number,
  orderLanguage: Language | null,
  languageCode: string | undefined,
): Promise<Language> {
  try {
    const chat = await deps.chats?.chat(userId);
    if (chat) return chat.language;
  } catch (error) {
    deps.logger.warn({ err: error }, 'Could not read the chat language for a payment');
  }
  return orderLanguage ?? languageFromTag(languageCode) ?? DEFAULT_LANGUAGE;
}

async function askBackend(
  deps: PaymentHandlerDeps,
  request: TelegramPreCheckoutRequest,
): Promise<{ refusal: PaymentRefusal | null; lang: Language | null }> {
  const outcome: PreCheckoutOutcome = await deps.operator.preCheckout(
    request,
    deps.preCheckoutTimeoutMs ?? PRE_CHECKOUT_TIMEOUT_MS,
  );
  if (outcome.kind === 'failed') {
    deps.logger.warn(
      { order: request.number, reason: outcome.reason },
      'Telegram pre-checkout: the backend did not answer; refused',
    );
    return { refusal: 'unavailable', lang: null };
  }
  const { answer } = outcome;
  return answer.ok
    ? { refusal: null, lang: answer.lang }
    : { refusal: answer.reason, lang: answer.lang };
}

function preCheckout(deps: PaymentHandlerDeps) {
  return async (ctx: Context): Promise<void> => {
    const query = ctx.preCheckoutQuery;
    if (!query) return;
    const number = query.invoice_payload;
    const { refusal, lang } = ORDER_NUMBER.test(number)
      ? await askBackend(deps, {
          number,
          currency: query.currency,
          total_amount: query.total_amount,
        })
      : { refusal: 'not_found' as const, lang: null };
    if (refusal === null) {
      await ctx.answerPreCheckoutQuery(true);
      return;
    }
    const language = await shopperLanguage(deps, query.from.id, lang, query.from.language_code);
    await ctx.answerPreCheckoutQuery(false, { error_message: REFUSAL_TEXTS[language][refusal] });
  };
}

/**
 * Keeps `payment`, trying again for a while when the store is away: the money is taken, it must
 * not be lost. Should the store stay away, the log line carries everything staff need to record
 * it by hand (a shutdown must not wait for ever).
 */
async function keepPayment(deps: PaymentHandlerDeps, payment: TelegramPaymentReport) {
  for (let attempt = 1; attempt <= KEEP_ATTEMPTS; attempt++) {
    try {
      await deps.store.keepTelegramPayment(payment, new Date());
      deps.recorder.wake();
      return;
    } catch (error) {
      deps.logger.error(
        { err: error, payment, attempt },
        attempt < KEEP_ATTEMPTS
          ? 'Could not keep a Telegram payment; trying again'
          : 'Could not keep a Telegram payment: record it by hand',
      );
      if (attempt < KEEP_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, KEEP_RETRY_MS));
      }
    }
  }
}

function successfulPayment(deps: PaymentHandlerDeps) {
  return async (ctx: Context): Promise<void> => {
    const paid = ctx.message?.successful_payment;
    const chatId = ctx.chat?.id;
    if (!paid || chatId === undefined) return;
    if (paid.currency !== 'UZS' || !ORDER_NUMBER.test(paid.invoice_payload)) {
      // Not an invoice of this shop's (the bot makes UZS invoices for order numbers only).
      deps.logger.error(
        {
          currency: paid.currency,
          payload: paid.invoice_payload.slice(0, 128),
          telegram_payment_charge_id: paid.telegram_payment_charge_id,
          provider_payment_charge_id: paid.provider_payment_charge_id,
          amount: paid.total_amount,
        },
        'A Telegram payment the shop did not invoice: check it in the provider office',
      );
      return;
    }
    await keepPayment(deps, {
      chargeId: paid.telegram_payment_charge_id,
      providerChargeId: paid.provider_payment_charge_id,
      orderNumber: paid.invoice_payload,
      currency: paid.currency,
      totalAmount: paid.total_amount,
      chatId,
    });
  };
}

/** The two payment updates; pre-checkout queries come from no chat, so this sits before the chat filter. */
export function paymentFeature(deps: PaymentHandlerDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on('pre_checkout_query', preCheckout(deps));
  feature.on('message:successful_payment', successfulPayment(deps));
  return feature;
}
