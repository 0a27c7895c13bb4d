// A stand-in for Click's Merchant API (saved cards) on this machine: a local HTTP server under
// /v2/merchant speaking the same protocol (endpoints, Auth header, JSON fields, error codes, sums),
// so the shop runs its real Click client against it in development and in tests. It texts codes
// through the backend's SMS provider (they land in the SMS outbox like sign-in codes) and knows
// the cards in merchant-sandbox-test-cards.ts; any other number is unknown. Its state is a JSON
// file in the data directory when one is given. This file is the server; each request's route,
// Auth and envelope are merchant-sandbox-requests.ts, the endpoints merchant-sandbox-cards.ts and
// merchant-sandbox-payments.ts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsProvider } from '../../../sms/sms-provider';
import type { ClickEndpoint } from '../merchant/merchant-protocol';
import { merchantCardHandlers } from './merchant-sandbox-cards';
import { merchantPaymentHandlers, type ClickAppPayments } from './merchant-sandbox-payments';
import { createMerchantRequestHandler, MERCHANT_BASE_PATH } from './merchant-sandbox-requests';
import { openClickStore, type ClickPayment, type ClickReversal } from './merchant-sandbox-store';
import { createStalls } from '../../../http/stand-in-io';

export type { ClickAppPayments } from './merchant-sandbox-payments';

export interface ClickMerchantSandboxOptions {
  sms: SmsProvider;
  /** The merchant it plays; unset ones are kept in the state file (or made up once). */
  serviceId?: string;
  merchantUserId?: string;
  secretKey?: string;
  /** The JSON state file; without one the stand-in forgets everything when it stops (tests). */
  stateFile?: string;
  now?: () => Date;
  /** How long a stalling card's charge takes to answer (after the money is taken). */
  stallMs?: number;
  host?: string;
  /** 0 (the default): any free port. */
  port?: number;
  /** Payments made in the Click app, which payment/reversal and payment/status also reach. */
  appPayments?: ClickAppPayments;
}

export interface ClickMerchantSandbox {
  /** The API base, as https://api.click.uz/v2/merchant is for the real one. */
  url: string;
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
  /** Every charge made (declined ones with a negative status), oldest first. */
  payments(): ClickPayment[];
  /** Every reversal made, oldest first. */
  reversals(): ClickReversal[];
  /** How many times an endpoint was called. */
  calls(endpoint: ClickEndpoint): number;
  /** While on, every call answers HTTP 503 and nothing is done, as during an outage. */
  setOutage(on: boolean): void;
  close(): Promise<void>;
}

async function listen(
  server: ReturnType<typeof createServer>,
  host: string,
  port: number,
): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startClickMerchantSandbox(
  options: ClickMerchantSandboxOptions,
): Promise<ClickMerchantSandbox> {
  const now = options.now ?? (() => new Date());
  // Longer than the client waits (8 s by default), so the charge is always found by its status.
  const stalls = createStalls(options.stallMs ?? 12_000);
  const store = await openClickStore(options.stateFile);
  const { state } = store;
  state.serviceId = options.serviceId ?? state.serviceId;
  state.merchantUserId = options.merchantUserId ?? state.merchantUserId;
  state.secretKey = options.secretKey ?? state.secretKey;
  await store.save();
  const counts = new Map<ClickEndpoint, number>();
  let outage = false;

  const handle = createMerchantRequestHandler({
    handlers: {
      ...merchantCardHandlers({ store, sms: options.sms, now }),
      ...merchantPaymentHandlers({
        store,
        now,
        stall: stalls.stall,
        appPayments: options.appPayments,
      }),
    },
    merchant: state,
    now,
    counted: (endpoint) => counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1),
    inOutage: () => outage,
  });
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, host, options.port ?? 0);

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}${MERCHANT_BASE_PATH}`,
    serviceId: state.serviceId,
    merchantUserId: state.merchantUserId,
    secretKey: state.secretKey,
    payments: () => state.payments.map((payment) => ({ ...payment })),
    reversals: () => state.reversals.map((reversal) => ({ ...reversal })),
    calls: (endpoint) => counts.get(endpoint) ?? 0,
    setOutage: (on) => {
      outage = on;
    },
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
