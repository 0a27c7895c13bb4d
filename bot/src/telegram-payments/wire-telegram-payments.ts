// Telegram's payment sheet as main.ts and server.ts put it together: on only with a bot, a
// provider token (TELEGRAM_PAYMENT_PROVIDER_TOKEN) and a backend that decides about payments
// (the embedded backend's operator calls, or OPERATOR_API_URL's).
import type { EmbeddedBackend } from '@shop/backend';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, OperatorApi } from '../config';
import type { NotifierStore } from '../notifier/store';
import type { Telegram } from '../telegram/prepare-telegram';
import type { TelegramInvoiceDeps } from './invoice-route';
import { createOperatorPayments, type OperatorPayments } from './operator-payments';
import type { PaymentHandlerDeps } from './payment-handlers';
import { createPaymentRecorder, type PaymentRecorder } from './payment-recorder';

export interface TelegramPayments {
  operator: OperatorPayments;
  /** Records kept payments with the backend: start after the bot, stop before the store. */
  recorder: PaymentRecorder;
  store: NotifierStore;
  logger: FastifyBaseLogger;
}

/** The backend that decides about payments: the embedded one, else OPERATOR_API_URL's; or none. */
export function paymentsOperatorApi(
  config: Config,
  backend: EmbeddedBackend | null,
): OperatorApi | null {
  if (backend) return { url: backend.url, secret: backend.operatorSecret };
  return config.staff?.operatorApi ?? null;
}

/** The invoice call's parts (ServerDeps.telegramPayments); undefined while payments are off. */
export function invoiceDepsFor(
  config: Config,
  backend: EmbeddedBackend | null,
  telegram: () => Telegram | null,
): TelegramInvoiceDeps | undefined {
  if (!config.telegram.enabled || !config.telegramPayments) return undefined;
  if (!paymentsOperatorApi(config, backend)) return undefined;
  return {
    providerToken: config.telegramPayments.providerToken,
    invoiceLinks: () => telegram()?.bot?.api ?? null,
  };
}

/** The payment handlers' backend and recorder; null while payments are off (said once in the log). */
export function telegramPaymentsFor(
  config: Config,
  parts: { store: NotifierStore; backend: EmbeddedBackend | null },
  log: FastifyBaseLogger,
): TelegramPayments | null {
  if (!config.telegram.enabled || !config.telegramPayments) return null;
  const api = paymentsOperatorApi(config, parts.backend);
  const logger = log.child({ module: 'telegram-payments' });
  if (!api) {
    logger.warn(
      'TELEGRAM_PAYMENT_PROVIDER_TOKEN is set, but no backend decides about payments: set OPERATOR_API_URL and OPERATOR_SECRET',
    );
    return null;
  }
  const operator = createOperatorPayments(api);
  const recorder = createPaymentRecorder({ store: parts.store, operator, logger });
  return { operator, recorder, store: parts.store, logger };
}

/** What the bot's payment handlers are given (BotDeps.payments). */
export function paymentHandlerDeps(payments: TelegramPayments): PaymentHandlerDeps {
  return {
    operator: payments.operator,
    store: payments.store,
    recorder: payments.recorder,
    chats: payments.store,
    logger: payments.logger,
  };
}
