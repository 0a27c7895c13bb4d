// The server's own call that opens Telegram's payment sheet for an order (not relayed to a
// backend), with the shopper's bearer token:
// - `POST /tg/payments/invoice` `{ number }`: inside Telegram, an invoice link for the shopper's
//   own unpaid prepaid order, which the Mini App opens with openInvoice. 404 for an order that is
//   not theirs (or not there), 409 order_not_payable for one that cannot take money now, 404
//   when the server offers no Telegram payments (no bot, or no provider token).
import * as z from 'zod/mini';

export const TELEGRAM_PAYMENT_PATHS = {
  invoice: '/tg/payments/invoice',
} as const;

export const TelegramInvoiceRequestSchema = z.strictObject({
  number: z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Not an order number')),
});
export type TelegramInvoiceRequest = z.infer<typeof TelegramInvoiceRequestSchema>;

export const TelegramInvoiceAnswerSchema = z.object({
  /** `https://t.me/$…`: pass to openInvoice. */
  url: z.string().check(z.url()),
});
export type TelegramInvoiceAnswer = z.infer<typeof TelegramInvoiceAnswerSchema>;
