// Test support: Click's stand-ins for a test backend. The Merchant API stand-in takes saved cards
// when Click holds them; with the Click app on, the pay-page stand-in runs too and both share one
// merchant and key, the Merchant API reaching the pay page's payments to reverse them, as the
// embedded backend runs them.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { appPaymentsOf } from '../embedded-providers';
import {
  startClickPaySandbox,
  type ClickPaySandbox,
} from '../payments/click/sandbox/click-pay-sandbox';
import {
  startClickMerchantSandbox,
  type ClickMerchantSandbox,
} from '../payments/click/sandbox/merchant-sandbox';
import { CLICK_SHOP_PATHS } from '../payments/click/shop-api/click-shop-routes';
import type { SmsProvider } from '../sms/sms-provider';

export interface TestClickOptions {
  dataDir: string;
  sms: SmsProvider;
  now: () => Date;
  stallMs?: number;
  /** Saved cards go through Click: its Merchant API stand-in runs. */
  cards: boolean;
  /** Payments in the Click app: its pay page runs, with the Merchant API stand-in to reverse them. */
  app: boolean;
  /** Where the shop listens, once it does: the pay page calls its Prepare and Complete there. */
  shopOrigin: () => string;
}

export interface TestClickStandIns {
  payPage: ClickPaySandbox | null;
  merchantApi: ClickMerchantSandbox | null;
  /** Our service at Click, when the pay page calls the shop. */
  shop: { serviceId: string; secretKey: string } | undefined;
  close(): Promise<void>;
}

const CLICK_APP_MERCHANT = { serviceId: '10001', merchantId: '20001', merchantUserId: '30001' };

export async function startTestClickStandIns(
  options: TestClickOptions,
): Promise<TestClickStandIns> {
  const { dataDir, sms, now, app } = options;
  const secretKey = randomBytes(12).toString('base64url');
  const payPage = app
    ? await startClickPaySandbox({
        ...CLICK_APP_MERCHANT,
        secretKey,
        prepareUrl: () => `${options.shopOrigin()}${CLICK_SHOP_PATHS.prepare}`,
        completeUrl: () => `${options.shopOrigin()}${CLICK_SHOP_PATHS.complete}`,
        stateFile: join(dataDir, 'click-sandbox', 'pay.json'),
        now,
      })
    : null;
  const merchantApi =
    options.cards || payPage
      ? await startClickMerchantSandbox({
          ...(payPage && { ...CLICK_APP_MERCHANT, secretKey, appPayments: appPaymentsOf(payPage) }),
          stateFile: join(dataDir, 'click-sandbox', 'state.json'),
          sms,
          now,
          stallMs: options.stallMs,
        })
      : null;
  return {
    payPage,
    merchantApi,
    shop: payPage ? { serviceId: payPage.serviceId, secretKey } : undefined,
    close: async () => {
      await payPage?.close();
      await merchantApi?.close();
    },
  };
}
