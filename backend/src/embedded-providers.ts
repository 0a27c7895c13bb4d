// What the embedded backend talks to outside itself: who sends sign-in codes, the card
// processor, and the payment providers that call the shop back. Each provider with no account
// configured is played by its local stand-in (the Payme sandbox with its checkout page, the
// Click pay page), which calls the shop's callback URLs as the real one would, so a shop with no
// credentials takes every way of paying end to end on this machine.
import { join } from 'node:path';
import type { BackendDeps } from './app';
import { loadOrCreateSecret } from './api-key';
import type { CardProcessor } from './payments/card-processor';
import {
  startClickPaySandbox,
  type ClickPaySandbox,
} from './payments/click/sandbox/click-pay-sandbox';
import { PAYME_MERCHANT_PATH } from './payments/payme-merchant';
import { createPaymeProcessor } from './payments/payme-processor';
import type { PaymentSettings } from './payments/payment-settings';
import { startPaymeSandbox, type PaymeSandbox } from './payments/sandbox/payme-sandbox';
import { createEskizSmsProvider } from './sms/eskiz/eskiz-provider';
import { createConsoleSmsProvider, type SmsProvider } from './sms/sms-provider';
import type { SmsSettings } from './sms/sms-settings';

export interface PaymeCashbox {
  url: string;
  merchantId: string;
  key: string;
}

/** Where the app ways send the shopper to pay: public ids only, never a key. */
export interface PayLinks {
  clickPay: { payUrl: string; serviceId: string; merchantId: string };
  paymeCheckout: { checkoutUrl: string; merchantId: string };
}

export interface ProviderOptions {
  dataDir: string;
  sms?: SmsSettings;
  printSms?: (line: string) => void;
  /** A real Payme cashbox; without one the local Payme sandbox runs (state in the data dir). */
  payme?: PaymeCashbox | null;
  /** Click's merchant, the pay pages and the card processor (defaults: the stand-ins). */
  paymentWays?: PaymentSettings;
}

export interface Providers {
  sms: SmsProvider;
  cardProcessor: CardProcessor;
  /** What createBackend needs to answer the providers' callbacks. */
  callbacks: Pick<BackendDeps, 'paymeMerchant' | 'clickShop'>;
  payLinks: PayLinks;
  /** The local Payme sandbox's JSON-RPC endpoint, when it runs. */
  paymeSandboxUrl: string | null;
  /** Points the stand-ins' callbacks at the shop once its address is known. */
  setShopUrl(url: string): void;
  close(): Promise<void>;
}

/** Where the stand-ins keep what they hold, so saved cards and payments survive a restart. */
export function sandboxStateFile(dataDir: string): string {
  return join(dataDir, 'payme-sandbox', 'state.json');
}

/** The ids the local Click stand-in goes by; its key is made once per data dir. */
const CLICK_STAND_IN = { serviceId: '10001', merchantId: '20001' };

function smsProviders(options: ProviderOptions, now: () => Date) {
  const consoleSms = createConsoleSmsProvider({
    dataDir: options.dataDir,
    now,
    print: options.printSms,
  });
  const sms =
    options.sms?.provider === 'eskiz' ? createEskizSmsProvider(options.sms, { now }) : consoleSms;
  return { sms, consoleSms };
}

export async function startProviders(
  options: ProviderOptions,
  now: () => Date,
): Promise<Providers> {
  const { sms, consoleSms } = smsProviders(options, now);
  const ways = options.paymentWays;
  let shopUrl = '';
  const callbackUrl = (path: string) => () => `${shopUrl}${path}`;
  const opened: { close(): Promise<void> }[] = [];
  try {
    let paymeSandbox: PaymeSandbox | null = null;
    if (!options.payme) {
      // The sandbox stands in for Payme, whose bank texts the card codes itself: never through
      // the shop's gateway, so they stay in the console outbox whichever provider sends ours.
      paymeSandbox = await startPaymeSandbox({
        stateFile: sandboxStateFile(options.dataDir),
        sms: consoleSms,
        now,
        merchantEndpoint: callbackUrl(PAYME_MERCHANT_PATH),
      });
      opened.push(paymeSandbox);
    }
    const cashbox = options.payme ?? paymeSandbox;
    if (!cashbox) throw new Error('No Payme cashbox and no sandbox');
    let clickSandbox: ClickPaySandbox | null = null;
    if (!ways?.click) {
      clickSandbox = await startClickPaySandbox({
        ...CLICK_STAND_IN,
        secretKey: await loadOrCreateSecret(options.dataDir, 'click-sandbox-key'),
        prepareUrl: callbackUrl('/payments/click/prepare'),
        completeUrl: callbackUrl('/payments/click/complete'),
        stateFile: join(options.dataDir, 'click-sandbox', 'state.json'),
        now,
      });
      opened.push(clickSandbox);
    }
    const click = ways?.click ?? {
      ...CLICK_STAND_IN,
      secretKey: clickSandbox?.secretKey ?? '',
      payUrl: clickSandbox?.url ?? '',
    };
    return {
      sms,
      cardProcessor: createPaymeProcessor(cashbox),
      callbacks: {
        paymeMerchant: { key: cashbox.key },
        clickShop: { serviceId: click.serviceId, secretKey: click.secretKey },
      },
      payLinks: {
        clickPay: {
          payUrl: click.payUrl,
          serviceId: click.serviceId,
          merchantId: click.merchantId,
        },
        paymeCheckout: {
          checkoutUrl: paymeSandbox?.checkoutUrl ?? ways?.paymeCheckoutUrl ?? '',
          merchantId: cashbox.merchantId,
        },
      },
      paymeSandboxUrl: paymeSandbox?.url ?? null,
      setShopUrl: (url) => {
        shopUrl = url.replace(/\/+$/, '');
      },
      close: async () => {
        for (const part of opened.reverse()) await part.close();
      },
    };
  } catch (error) {
    for (const part of opened.reverse()) await part.close();
    throw error;
  }
}
