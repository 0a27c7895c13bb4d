// Paying an order with Telegram's own payment sheet, inside Telegram only (the server's
// `POST /tg/payments/invoice`, offered when its runtime config says `telegramPayments`). The sheet
// opens over the Mini App; the bot hears the outcome from Telegram and the backend records it.
import {
  TELEGRAM_PAYMENT_PATHS,
  TelegramInvoiceAnswerSchema,
  type TelegramInvoiceRequest,
} from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerCallDef } from '../../../lib/api/client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { orderKeys, refreshOrderLists } from '../../../lib/orders/order-keys';
import { useApi } from '../../../lib/services/services-context';
import { telegramSdk } from '../../../lib/telegram/telegram-loader';

const INVOICE = {
  method: 'POST',
  path: TELEGRAM_PAYMENT_PATHS.invoice,
  auth: 'bearer',
  response: TelegramInvoiceAnswerSchema,
} as const satisfies ServerCallDef;

/**
 * How the sheet closed, as the Telegram client tells it (its `invoiceClosed` event), or
 * 'unsupported' where this client cannot open one (nothing was asked of the server then).
 */
export type TelegramInvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending' | 'unsupported';

const CLOSED_STATUSES = ['paid', 'cancelled', 'failed', 'pending'] as const;

/** The client's word for how the sheet closed; one this code does not know reads as failed. */
function closedStatus(status: string): TelegramInvoiceStatus {
  return CLOSED_STATUSES.find((known) => known === status) ?? 'failed';
}

/**
 * Opens Telegram's payment sheet for the shopper's order `number`; resolves when it closes.
 *
 * The status is a hint for what to show next, never proof of payment: some clients send no event
 * on cancel, or "paid" and then "cancelled". The page must read the order again (this hook marks
 * it stale) and trust its `payment_status`, which only Telegram's successful_payment, recorded
 * by the backend, makes `paid`; "pending" and "paid" may take a moment to show there.
 */
export function useTelegramInvoice() {
  const api = useApi();
  const queryClient = useQueryClient();
  const language = useLanguage();
  return useMutation({
    mutationKey: ['telegramInvoice'],
    mutationFn: async ({ number }: { number: string }): Promise<TelegramInvoiceStatus> => {
      // Outside Telegram (or on a client without sheets) nothing may open one: not even asked.
      const sheet = telegramSdk();
      if (!sheet?.telegramInvoiceAvailable()) return 'unsupported';
      const body: TelegramInvoiceRequest = { number };
      const { url } = await api.server(INVOICE, { body });
      return closedStatus(await sheet.openTelegramInvoice(url));
    },
    // Whatever the sheet said, the order may have moved on: read it again where it is shown.
    onSettled: (_status, _error, { number }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.detail(language, number) }),
        refreshOrderLists(queryClient),
      ]),
  });
}
