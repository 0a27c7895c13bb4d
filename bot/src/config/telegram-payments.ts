// Telegram's own payment sheet: the provider token BotFather gives when a payment provider
// (Payme, "CLICK Uzbekistan") is connected to the bot. Without it, or without a bot, shoppers pay
// in the shop's pages only.
import { optional } from '@shop/shared/server';
import { z } from 'zod';

export const TelegramPaymentsSettings = z.object({
  // BotFather's shape: the provider's id, TEST or LIVE, then the provider's own characters.
  TELEGRAM_PAYMENT_PROVIDER_TOKEN: optional(
    z
      .string()
      .trim()
      .regex(
        /^\d{1,20}:(TEST|LIVE):[A-Za-z0-9_-]{1,200}$/,
        "Must be the provider token from @BotFather's Payments: <digits>:TEST:<characters> or <digits>:LIVE:<characters>",
      ),
  ),
});

export interface TelegramPaymentsConfig {
  /** null: no provider token, Telegram's payment sheet is not offered. */
  telegramPayments: { providerToken: string; live: boolean } | null;
}

export function telegramPaymentsConfig(
  e: z.infer<typeof TelegramPaymentsSettings>,
): TelegramPaymentsConfig {
  const token = e.TELEGRAM_PAYMENT_PROVIDER_TOKEN;
  if (token === undefined) return { telegramPayments: null };
  return { telegramPayments: { providerToken: token, live: token.includes(':LIVE:') } };
}
