// A stand-in for Click's pay-by-link page (my.click.uz/services/pay) on this machine: a local
// HTTP server that shows the link's order and amount with Pay and Cancel, and on Pay plays Click
// against the shop's Prepare and Complete URLs (signed forms, Click's fields and amounts), then
// sends the shopper back to return_url. The payments it made are kept by Click's payment id (in
// a JSON file when given), for the Merchant API stand-in to find and reverse.
import { createServer } from 'node:http';
import { clickAmountTiyin } from '../click-protocol';
import { payAtShop, type PayFlowDeps, type PayOutcome } from './click-pay-flow';
import { messagePage, sendHtml } from './click-pay-pages';
import type { PayLinkOwner } from './click-pay-request';
import { createPayPageHandler } from './click-pay-routes';
import { openClickPayStore, type ClickPayment } from './click-pay-store';

export type { ClickPayment } from './click-pay-store';

export interface ClickPaySandboxOptions extends PayLinkOwner {
  secretKey: string;
  /** The shop's Prepare URL (a function when the shop's address is known only later). */
  prepareUrl: string | (() => string);
  completeUrl: string | (() => string);
  /** The JSON state file; without one the payments are kept in memory only. */
  stateFile?: string;
  now?: () => Date;
  /** How long one call to the shop may take (10 s). */
  shopTimeoutMs?: number;
  host?: string;
  /** 0 (the default): any free port. */
  port?: number;
}

export type ReverseResult =
  | { ok: true; payment: ClickPayment }
  | { ok: false; reason: 'unknown' | 'not_paid' | 'already_reversed' };

export interface ClickPaySandbox {
  /** Stands for https://my.click.uz: the pay page is `${url}/services/pay`. */
  url: string;
  serviceId: string;
  merchantId: string;
  secretKey: string;
  /** Every payment made, oldest first (copies). */
  payments(): ClickPayment[];
  findPayment(paydocId: string): ClickPayment | undefined;
  /** Gives a paid payment's money back: once. */
  markReversed(paydocId: string): Promise<ReverseResult>;
  /** Prepare, then a Complete with `clickError` < 0: the shopper cancelled in the Click app. */
  cancelInApp(
    order: { orderNumber: string; amount: string },
    clickError?: number,
  ): Promise<PayOutcome>;
  close(): Promise<void>;
}

function urlOf(value: string | (() => string)): () => string {
  return typeof value === 'string' ? () => value : value;
}

export async function startClickPaySandbox(
  options: ClickPaySandboxOptions,
): Promise<ClickPaySandbox> {
  const now = options.now ?? (() => new Date());
  const store = await openClickPayStore(options.stateFile, now());
  const owner: PayLinkOwner = { serviceId: options.serviceId, merchantId: options.merchantId };
  const flow: PayFlowDeps = {
    store,
    serviceId: options.serviceId,
    secretKey: options.secretKey,
    prepareUrl: urlOf(options.prepareUrl),
    completeUrl: urlOf(options.completeUrl),
    now,
    timeoutMs: options.shopTimeoutMs ?? 10_000,
  };

  const handle = createPayPageHandler(owner, flow);

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent)
        sendHtml(response, 500, messagePage('Error', ['Something failed.'], null));
      else response.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  const { port } = address;

  const find = (paydocId: string) => store.state.payments.find((p) => p.paydocId === paydocId);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${String(port)}`,
    serviceId: options.serviceId,
    merchantId: options.merchantId,
    secretKey: options.secretKey,
    payments: () => store.state.payments.map((payment) => ({ ...payment })),
    findPayment: (paydocId) => {
      const payment = find(paydocId);
      return payment && { ...payment };
    },
    markReversed: async (paydocId) => {
      const payment = find(paydocId);
      if (!payment) return { ok: false, reason: 'unknown' };
      if (payment.state !== 'paid') return { ok: false, reason: 'not_paid' };
      if (payment.reversedAt !== null) return { ok: false, reason: 'already_reversed' };
      payment.reversedAt = now().toISOString();
      await store.save();
      return { ok: true, payment: { ...payment } };
    },
    cancelInApp: async (order, clickError = -5017) => {
      const amount = clickAmountTiyin(order.amount);
      if (amount === null || amount <= 0)
        throw new RangeError(`Not a Click amount: ${order.amount}`);
      return payAtShop(
        flow,
        { orderNumber: order.orderNumber, amount, returnUrl: null },
        Math.min(clickError, -1),
      );
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }).then(() => store.save());
      return closing;
    },
  };
}
