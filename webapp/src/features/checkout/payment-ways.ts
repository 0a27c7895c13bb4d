// Which online ways to pay this page can offer (checkout and the payment page). The
// server says which providers it is set up for (window.__SHOP_CONFIG__, read here rather than
// in the shop's config so pages that never take payments do not carry it); Telegram's sheet
// exists only inside Telegram.
import { isPrepaid, type DeliverySettings, type Order, type PaymentType } from '@shop/shared';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { useIsTelegram } from '../../lib/telegram';

const HttpUrl = z.string().check(z.regex(/^https?:\/\/[^\s"'<>]+$/), z.maxLength(300));
const ProviderId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));

const WaysSchema = z.object({
  clickPay: z.catch(
    z.optional(z.object({ payUrl: HttpUrl, serviceId: ProviderId, merchantId: ProviderId })),
    undefined,
  ),
  paymeCheckout: z.catch(
    z.optional(z.object({ checkoutUrl: HttpUrl, merchantId: ProviderId })),
    undefined,
  ),
  telegramPayments: z.catch(z.optional(z.boolean()), undefined),
});

export type PaymentWaysConfig = z.infer<typeof WaysSchema>;

/** The server's payment settings; a malformed one counts as that way not being set up. */
export function paymentWaysConfig(
  source: unknown = typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__,
): PaymentWaysConfig {
  const parsed = WaysSchema.safeParse(source ?? {});
  return parsed.success ? parsed.data : {};
}

/** Whether `type` can be offered here: set up on the server, and Telegram's only in Telegram. */
export function wayAvailable(
  type: PaymentType,
  config: PaymentWaysConfig,
  isTelegram: boolean,
): boolean {
  switch (type) {
    case 'click':
      return config.clickPay !== undefined;
    case 'payme':
      return config.paymeCheckout !== undefined;
    case 'telegram':
      return isTelegram && config.telegramPayments === true;
    default:
      return true;
  }
}

/**
 * The delivery settings with the ways not set up here turned off, so checkout neither offers nor
 * keeps them (a Telegram draft opened on the web, a provider the server has no account with).
 */
export function withOfferedWays(
  settings: DeliverySettings | undefined,
  config: PaymentWaysConfig,
  isTelegram: boolean,
): DeliverySettings | undefined {
  if (!settings) return settings;
  return {
    ...settings,
    payment_types: settings.payment_types.map((payment) => ({
      ...payment,
      enabled: payment.enabled && wayAvailable(payment.type, config, isTelegram),
    })),
  };
}

/** The delivery settings as checkout here may offer them (withOfferedWays). */
export function useOfferedSettings(
  settings: DeliverySettings | undefined,
): DeliverySettings | undefined {
  const isTelegram = useIsTelegram();
  return useMemo(
    () => withOfferedWays(settings, paymentWaysConfig(), isTelegram),
    [settings, isTelegram],
  );
}

/** The online ways to pay `order` offered here, its own way first. */
export function onlineWaysFor(
  order: Pick<Order, 'payment_type'>,
  allowed: readonly PaymentType[],
  config: PaymentWaysConfig,
  isTelegram: boolean,
): PaymentType[] {
  const ways = [order.payment_type, ...allowed.filter((type) => type !== order.payment_type)];
  return ways.filter((type) => isPrepaid(type) && wayAvailable(type, config, isTelegram));
}
