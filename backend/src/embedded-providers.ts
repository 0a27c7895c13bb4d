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
import { createClickProcessor } from './payments/click/merchant/click-processor';
import { clickRefunders } from './payments/click/merchant/click-refunds';
import { createClickMerchantClient } from './payments/click/merchant/merchant-client';
import { startClickMerchantSandbox } from './payments/click/sandbox/merchant-sandbox';
import type { ClickAppPayments } from './payments/click/sandbox/merchant-sandbox-payments';
import { PAYME_MERCHANT_PATH } from './payments/payme-merchant';
import { createPaymeProcessor } from './payments/payme-processor';
import type { ClickMerchant, PaymentSettings } from './payments/payment-settings';
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
  /** What createBackend needs to answer the providers' callbacks and give money back. */
  callbacks: Pick<BackendDeps, 'paymeMerchant' | 'clickShop' | 'refunders'>;
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

/** The ids the local Click stand-ins go by; their key is made once per data dir. */
const CLICK_STAND_IN = { serviceId: '10001', merchantId: '20001', merchantUserId: '30001' };

/** The pay page's payments as Click's Merchant API sees them, so it can reverse them. */
export function appPaymentsOf(payPage: ClickPaySandbox): ClickAppPayments {
  return {
    find: (paymentId) => {
      const payment = payPage.findPayment(paymentId);
      if (payment?.state !== 'paid') return undefined;
      return { amount: payment.amount, state: payment.reversedAt === null ? 'paid' : 'reversed' };
    },
    markReversed: (paymentId) => {
      void payPage.markReversed(paymentId);
    },
  };
}

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

interface StandInContext {
  dataDir: string;
  now: () => Date;
  /** Where card codes land: the console outbox, as the providers' banks text them themselves. */
  consoleSms: SmsProvider;
  /** The shop's URL of one of its callbacks, known once the shop listens. */
  callbackUrl: (path: string) => () => string;
  /** Everything started, closed in reverse on stop or on a failed start. */
  opened: { close(): Promise<void> }[];
}

/** Click's two pages (pay by link, Merchant API) played on this machine, sharing one key. */
async function startClickStandIns(context: StandInContext): Promise<ClickMerchant> {
  const { dataDir, now, callbackUrl, opened } = context;
  const secretKey = await loadOrCreateSecret(dataDir, 'click-sandbox-key');
  const payPage = await startClickPaySandbox({
    ...CLICK_STAND_IN,
    secretKey,
    prepareUrl: callbackUrl('/payments/click/prepare'),
    completeUrl: callbackUrl('/payments/click/complete'),
    stateFile: join(dataDir, 'click-sandbox', 'state.json'),
    now,
  });
  opened.push(payPage);
  const merchantApi = await startClickMerchantSandbox({
    ...CLICK_STAND_IN,
    secretKey,
    sms: context.consoleSms,
    stateFile: join(dataDir, 'click-sandbox', 'merchant.json'),
    now,
    appPayments: appPaymentsOf(payPage),
  });
  opened.push(merchantApi);
  return { ...CLICK_STAND_IN, secretKey, payUrl: payPage.url, apiUrl: merchantApi.url };
}

/** Payme's Subscribe API and checkout page played on this machine. */
async function startPaymeStandIn(context: StandInContext): Promise<PaymeSandbox> {
  const sandbox = await startPaymeSandbox({
    stateFile: sandboxStateFile(context.dataDir),
    sms: context.consoleSms,
    now: context.now,
    merchantEndpoint: context.callbackUrl(PAYME_MERCHANT_PATH),
  });
  context.opened.push(sandbox);
  return sandbox;
}

function providersOf(
  ways: PaymentSettings | undefined,
  cashbox: PaymeCashbox,
  paymeSandbox: PaymeSandbox | null,
  click: ClickMerchant,
  now: () => Date,
): Pick<Providers, 'cardProcessor' | 'callbacks' | 'payLinks' | 'paymeSandboxUrl'> {
  const clickApi = {
    url: click.apiUrl,
    serviceId: click.serviceId,
    merchantUserId: click.merchantUserId,
    secretKey: click.secretKey,
    now,
  };
  return {
    cardProcessor:
      ways?.cardProcessor === 'click'
        ? createClickProcessor(clickApi)
        : createPaymeProcessor(cashbox),
    callbacks: {
      paymeMerchant: { key: cashbox.key },
      clickShop: { serviceId: click.serviceId, secretKey: click.secretKey },
      // Click app payments go back through Click's reversal whoever holds the cards.
      refunders: clickRefunders(createClickMerchantClient(clickApi)),
    },
    payLinks: {
      clickPay: { payUrl: click.payUrl, serviceId: click.serviceId, merchantId: click.merchantId },
      paymeCheckout: {
        checkoutUrl: paymeSandbox?.checkoutUrl ?? ways?.paymeCheckoutUrl ?? '',
        merchantId: cashbox.merchantId,
      },
    },
    paymeSandboxUrl: paymeSandbox?.url ?? null,
  };
}

export async function startProviders(
  options: ProviderOptions,
  now: () => Date,
): Promise<Providers> {
  const { sms, consoleSms } = smsProviders(options, now);
  let shopUrl = '';
  const opened: { close(): Promise<void> }[] = [];
  const context: StandInContext = {
    dataDir: options.dataDir,
    now,
    consoleSms,
    callbackUrl: (path) => () => `${shopUrl}${path}`,
    opened,
  };
  const closeAll = async () => {
    for (const part of opened.reverse()) await part.close();
  };
  try {
    const paymeSandbox = options.payme ? null : await startPaymeStandIn(context);
    const cashbox = options.payme ?? paymeSandbox;
    if (!cashbox) throw new Error('No Payme cashbox and no sandbox');
    const click = options.paymentWays?.click ?? (await startClickStandIns(context));
    return {
      sms,
      ...providersOf(options.paymentWays, cashbox, paymeSandbox, click, now),
      setShopUrl: (url) => {
        shopUrl = url.replace(/\/+$/, '');
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
