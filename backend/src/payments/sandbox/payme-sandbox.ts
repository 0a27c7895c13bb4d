// A stand-in for Payme's Subscribe API on this machine: a local HTTP server speaking the same
// JSON-RPC 2.0 protocol (the same methods, X-Auth header, error codes and tiyin amounts), so the
// shop runs its real Payme adapter against it in development and in tests. It texts codes
// through the backend's SMS provider (they land in the SMS outbox like sign-in codes) and knows
// the cards in test-cards.ts: the published ones pay, the others decline, stall or cannot be
// texted, any other number is unknown. Its state is a JSON file in the data directory
// (sandbox-store.ts). This file is the server; each request's transport, X-Auth and JSON-RPC
// envelope are sandbox-requests.ts, the methods themselves sandbox-cards.ts and
// sandbox-receipts.ts. It also plays Payme's checkout page (sandbox-checkout.ts): GET
// `/<base64 params>` and Pay make it call the shop's Merchant API as Payme does.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsProvider } from '../../sms/sms-provider';
import type { PaymeMethod } from '../payme-protocol';
import {
  createMerchantCaller,
  type MerchantAnswer,
  type MerchantTransaction,
} from './merchant-calls';
import type { MethodHandlers } from './rpc';
import { sandboxCardMethods } from './sandbox-cards';
import { createCheckoutHandler } from './sandbox-checkout';
import { sandboxReceiptMethods } from './sandbox-receipts';
import { createSandboxRequestHandler } from './sandbox-requests';
import { openSandboxStore, type SandboxReceipt } from './sandbox-store';
import { createStalls } from '../../http/stand-in-io';

export interface PaymeSandboxOptions {
  /** The JSON state file; without one the sandbox forgets everything when it stops (tests). */
  stateFile?: string;
  sms: SmsProvider;
  now?: () => Date;
  /** How long a stalling card's charge takes to answer (after the money is taken). */
  stallMs?: number;
  host?: string;
  /** 0 (the default): any free port. */
  port?: number;
  /**
   * The shop's Merchant API (e.g. the bot server's public URL + `/payments/payme`), which the
   * checkout page calls when the shopper presses Pay; read at each call.
   */
  merchantEndpoint?: string | (() => string);
}

/** The JSON-RPC endpoint's path; every other path is the checkout page. */
const API_PATH = '/api';

export interface PaymeSandbox {
  /** The JSON-RPC endpoint, for PAYME_API_URL-style use. */
  url: string;
  /** The checkout page's root, as `https://checkout.paycom.uz/` is (links append base64). */
  checkoutUrl: string;
  merchantId: string;
  key: string;
  /** Every receipt made, oldest first. */
  receipts(): SandboxReceipt[];
  /** Receipts that took money (paid, whether or not refunded since). */
  charges(): SandboxReceipt[];
  /** How many times each method was called. */
  calls(method: PaymeMethod): number;
  /** While on, every call answers HTTP 503 and nothing is done, as during an outage. */
  setOutage(on: boolean): void;
  /** Transactions the checkout made at the shop's Merchant API, oldest first. */
  merchantTransactions(): MerchantTransaction[];
  /** Refunds a performed transaction as Payme's office does (CancelTransaction, reason 5). */
  refundMerchantTransaction(id: string): Promise<MerchantAnswer>;
  close(): Promise<void>;
}

export async function startPaymeSandbox(options: PaymeSandboxOptions): Promise<PaymeSandbox> {
  const now = options.now ?? (() => new Date());
  // Longer than the adapter waits (8 s by default), so the charge is always settled by a check.
  const stalls = createStalls(options.stallMs ?? 12_000);
  const store = await openSandboxStore(options.stateFile);
  const { state } = store;
  const counts = new Map<PaymeMethod, number>();
  let outage = false;

  const methods: MethodHandlers<PaymeMethod> = {
    ...sandboxCardMethods({ store, sms: options.sms, now }),
    ...sandboxReceiptMethods({ store, now, stall: stalls.stall }),
  };
  const handle = createSandboxRequestHandler({
    methods,
    cashbox: state,
    counted: (method) => counts.set(method, (counts.get(method) ?? 0) + 1),
    inOutage: () => outage,
  });

  const endpoint = options.merchantEndpoint;
  const caller = createMerchantCaller({
    endpoint: () => {
      if (endpoint === undefined) throw new Error('The sandbox knows no merchant endpoint');
      return typeof endpoint === 'string' ? endpoint : endpoint();
    },
    key: state.key,
    now,
  });
  const checkout = createCheckoutHandler({ merchantId: state.merchantId, caller });

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    const answer = path === API_PATH ? handle : checkout;
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
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
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}${API_PATH}`,
    checkoutUrl: `http://${host}:${port}/`,
    merchantId: state.merchantId,
    key: state.key,
    receipts: () => state.receipts.map((receipt) => ({ ...receipt })),
    charges: () =>
      state.receipts.filter((receipt) => receipt.paidAt !== null).map((r) => ({ ...r })),
    calls: (method) => counts.get(method) ?? 0,
    setOutage: (on) => {
      outage = on;
    },
    merchantTransactions: () => caller.transactions(),
    refundMerchantTransaction: (id) => caller.refund(id),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        stalls.releaseAll();
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }).then(() => store.save());
      return closing;
    },
  };
}
