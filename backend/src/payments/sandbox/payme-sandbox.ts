// A stand-in for Payme's Subscribe API on this machine: a local HTTP server speaking the same
// JSON-RPC 2.0 protocol (the same methods, X-Auth header, error codes and tiyin amounts), so the
// shop runs its real Payme adapter against it in development and in tests. It texts codes
// through the backend's SMS provider (they land in the SMS outbox like sign-in codes) and knows
// the cards in test-cards.ts: the published ones pay, the others decline, stall or cannot be
// texted, any other number is unknown. Its state is a JSON file in the data directory
// (sandbox-store.ts). This file is the server: transport, X-Auth and the JSON-RPC envelope; the
// methods themselves are sandbox-cards.ts and sandbox-receipts.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { readCappedBody } from '../../http/stand-in-io';
import type { SmsProvider } from '../../sms/sms-provider';
import {
  CARD_CLIENT_METHODS,
  needsKey,
  PAYME_ERRORS,
  SERVER_METHODS,
  type PaymeMethod,
} from '../payme-protocol';
import { RpcFailure, sameText, type MethodHandlers } from './rpc';
import { sandboxCardMethods } from './sandbox-cards';
import { sandboxReceiptMethods } from './sandbox-receipts';
import { openSandboxStore, type SandboxReceipt } from './sandbox-store';

const MAX_BODY_BYTES = 64 * 1024;

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
}

export interface PaymeSandbox {
  /** The JSON-RPC endpoint, for PAYME_API_URL-style use. */
  url: string;
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
  close(): Promise<void>;
}

const METHODS: readonly string[] = [...CARD_CLIENT_METHODS, ...SERVER_METHODS];
const isMethod = (value: string): value is PaymeMethod => METHODS.includes(value);

const RequestSchema = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});

export async function startPaymeSandbox(options: PaymeSandboxOptions): Promise<PaymeSandbox> {
  const now = options.now ?? (() => new Date());
  // Longer than the adapter waits (8 s by default), so the charge is always settled by a check.
  const stallMs = options.stallMs ?? 12_000;
  const store = await openSandboxStore(options.stateFile);
  const { state } = store;
  const counts = new Map<PaymeMethod, number>();
  const stalls = new Set<{ timer: NodeJS.Timeout; release: () => void }>();
  let outage = false;

  function stall(): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          stalls.delete(entry);
          resolve();
        }, stallMs),
        release: resolve,
      };
      stalls.add(entry);
    });
  }

  const methods: MethodHandlers<PaymeMethod> = {
    ...sandboxCardMethods({ store, sms: options.sms, now }),
    ...sandboxReceiptMethods({ store, now, stall }),
  };

  function authorised(method: PaymeMethod, header: string | undefined): boolean {
    if (header === undefined) return false;
    const full = `${state.merchantId}:${state.key}`;
    if (sameText(header, full)) return true;
    return !needsKey(method) && sameText(header, state.merchantId);
  }

  function send(response: ServerResponse, body: unknown): void {
    const text = JSON.stringify(body);
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(text);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (outage) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    }
    const fail = (id: unknown, code: number, en: string) => {
      send(response, {
        jsonrpc: '2.0',
        id: id ?? null,
        error: { code, message: { en, ru: en, uz: en } },
      });
    };
    if (request.method !== 'POST') {
      fail(null, PAYME_ERRORS.transport, 'Only POST is accepted');
      return;
    }
    const text = await readCappedBody(request, MAX_BODY_BYTES);
    if (text === null) {
      fail(null, PAYME_ERRORS.invalidRequest, 'Request too large');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      fail(null, PAYME_ERRORS.parse, 'Parse error');
      return;
    }
    const rpcRequest = RequestSchema.safeParse(json);
    if (!rpcRequest.success) {
      fail(null, PAYME_ERRORS.invalidRequest, 'Invalid request');
      return;
    }
    const { id, method } = rpcRequest.data;
    if (!isMethod(method)) {
      fail(id, PAYME_ERRORS.methodNotFound, 'Method not found');
      return;
    }
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const auth = request.headers['x-auth'];
    if (!authorised(method, typeof auth === 'string' ? auth : undefined)) {
      fail(id, PAYME_ERRORS.accessDenied, 'Access denied');
      return;
    }
    try {
      const result = await methods[method](rpcRequest.data.params);
      send(response, { jsonrpc: '2.0', id: id ?? null, result });
    } catch (error) {
      if (error instanceof RpcFailure) fail(id, error.code, error.en);
      else fail(id, PAYME_ERRORS.system, 'System error');
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
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
    url: `http://${host}:${port}/api`,
    merchantId: state.merchantId,
    key: state.key,
    receipts: () => state.receipts.map((receipt) => ({ ...receipt })),
    charges: () =>
      state.receipts.filter((receipt) => receipt.paidAt !== null).map((r) => ({ ...r })),
    calls: (method) => counts.get(method) ?? 0,
    setOutage: (on) => {
      outage = on;
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        for (const entry of stalls) {
          clearTimeout(entry.timer);
          entry.release();
        }
        stalls.clear();
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }).then(() => store.save());
      return closing;
    },
  };
}
