// The payment settings beyond Payme's Subscribe API: Click's credentials (its SHOP API checks
// callbacks with the secret key, its Merchant API charges saved cards and reverses payments),
// the pay pages the shopper is sent to, and which processor holds saved cards. Without Click's
// credentials the local Click stand-ins run; without Payme's, its local sandbox.
import {
  HttpUrl,
  isSet,
  optional,
  problemLines,
  togetherProblems,
  type Env,
  type Reading,
} from '@shop/shared/server';
import { z } from 'zod';

export const DEFAULT_CLICK_API_URL = 'https://api.click.uz/v2/merchant';
export const DEFAULT_CLICK_PAY_URL = 'https://my.click.uz';
export const DEFAULT_PAYME_CHECKOUT_URL = 'https://checkout.paycom.uz';

const ClickId = z.string().regex(/^\d{1,12}$/, 'Must be the number Click gave (digits)');

const PaymentSettingsSchema = z.object({
  CLICK_SERVICE_ID: optional(ClickId),
  CLICK_MERCHANT_ID: optional(ClickId),
  CLICK_MERCHANT_USER_ID: optional(ClickId),
  CLICK_SECRET_KEY: optional(
    z.string().regex(/^[\x21-\x7e]{1,200}$/, 'Must be 1-200 printable characters, no spaces'),
  ),
  CLICK_API_URL: optional(HttpUrl),
  CLICK_PAY_URL: optional(HttpUrl),
  PAYME_CHECKOUT_URL: optional(HttpUrl),
  CARD_PROCESSOR: optional(z.enum(['payme', 'click'], { error: 'Must be payme or click' })),
});

/** A Click merchant: its SHOP API service, its Merchant API user, the key that signs both. */
export interface ClickMerchant {
  serviceId: string;
  merchantId: string;
  merchantUserId: string;
  secretKey: string;
  /** The Merchant API's base (saved cards, status, reversal). */
  apiUrl: string;
  /** The site of Click's pay-by-link page (`/services/pay` on it) the shopper is sent to. */
  payUrl: string;
}

export interface PaymentSettings {
  /** Who holds saved cards: Payme's Subscribe API or Click's Merchant API. */
  cardProcessor: 'payme' | 'click';
  /** A real Click merchant; null: the local Click stand-ins. */
  click: ClickMerchant | null;
  /** Payme's checkout page, where "Pay with Payme" sends the shopper (with a real cashbox). */
  paymeCheckoutUrl: string;
}

const CLICK_KEYS = [
  'CLICK_SERVICE_ID',
  'CLICK_MERCHANT_ID',
  'CLICK_MERCHANT_USER_ID',
  'CLICK_SECRET_KEY',
];

/** An address of Click's without its merchant would point the shop at Click with no account. */
function orphanUrlProblems(env: Env): string[] {
  if (isSet(env, 'CLICK_SERVICE_ID')) return [];
  return ['CLICK_API_URL', 'CLICK_PAY_URL']
    .filter((key) => isSet(env, key))
    .map((key) => `${key}: Only with the Click merchant (${CLICK_KEYS.join(', ')})`);
}

export function readPaymentSettings(env: Env): Reading<PaymentSettings> {
  const parsed = PaymentSettingsSchema.safeParse(env);
  const problems = [
    ...(parsed.success ? [] : problemLines(parsed.error)),
    ...togetherProblems(env, CLICK_KEYS, 'set all four, or none for the local Click stand-ins'),
    ...orphanUrlProblems(env),
  ];
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  const e = parsed.data;
  const click =
    e.CLICK_SERVICE_ID !== undefined &&
    e.CLICK_MERCHANT_ID !== undefined &&
    e.CLICK_MERCHANT_USER_ID !== undefined &&
    e.CLICK_SECRET_KEY !== undefined
      ? {
          serviceId: e.CLICK_SERVICE_ID,
          merchantId: e.CLICK_MERCHANT_ID,
          merchantUserId: e.CLICK_MERCHANT_USER_ID,
          secretKey: e.CLICK_SECRET_KEY,
          apiUrl: e.CLICK_API_URL ?? DEFAULT_CLICK_API_URL,
          payUrl: e.CLICK_PAY_URL ?? DEFAULT_CLICK_PAY_URL,
        }
      : null;
  return {
    ok: true,
    value: {
      cardProcessor: e.CARD_PROCESSOR ?? 'payme',
      click,
      paymeCheckoutUrl: e.PAYME_CHECKOUT_URL ?? DEFAULT_PAYME_CHECKOUT_URL,
    },
  };
}
