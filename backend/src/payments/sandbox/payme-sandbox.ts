// A stand-in for Payme's Subscribe API on this machine: a local HTTP server speaking the same
// JSON-RPC 2.0 protocol (the same methods, X-Auth header, error codes and tiyin amounts), so the
// shop runs its real Payme adapter against it in development and in tests. It texts codes
// through the backend's SMS provider (they land in the SMS outbox like sign-in codes) and knows
// the cards in test-cards.ts: the published ones pay, the others decline, stall or cannot be
// texted, any other number is unknown. Its state is a JSON file in the data directory.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { maskCard } from '@shop/shared';
import { z } from 'zod';
import type { SmsProvider } from '../../sms/sms-provider';
import {
  CARD_CLIENT_METHODS,
  needsKey,
  PAYME_ERRORS,
  RECEIPT_STATE,
  SERVER_METHODS,
  type PaymeMethod,
} from '../payme-protocol';
import { openSandboxStore, type SandboxCard, type SandboxReceipt } from './sandbox-store';
import { bankPhone, testCard, TEST_CARD_CODE, TEST_CARD_EXPIRY } from './test-cards';

/** Wrong codes a card's confirmation allows; the last one burns it. */
export const SANDBOX_CODE_TRIES = 3;
/** How long a texted code stays good. */
export const SANDBOX_CODE_LIFE_MS = 5 * 60_000;
/** How long before another code may be asked for (Payme says 60 s). */
export const SANDBOX_RESEND_WAIT_MS = 60_000;
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

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    readonly en: string,
  ) {
    super(en);
  }
}

const METHODS: readonly string[] = [...CARD_CLIENT_METHODS, ...SERVER_METHODS];
const isMethod = (value: string): value is PaymeMethod => METHODS.includes(value);

const RequestSchema = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});
const CreateParams = z.object({
  card: z.object({ number: z.string(), expire: z.string() }),
  save: z.boolean().optional(),
});
const TokenParams = z.object({ token: z.string() });
const VerifyParams = z.object({ token: z.string(), code: z.string() });
const ReceiptCreateParams = z.object({
  amount: z.number().int().positive(),
  account: z.record(z.string(), z.union([z.string(), z.number()])),
  description: z.string().optional(),
});
const ReceiptPayParams = z.object({ id: z.string(), token: z.string() });
const ReceiptIdParams = z.object({ id: z.string() });

function params<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RpcFailure(PAYME_ERRORS.invalidParams, 'Invalid params');
  return parsed.data;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** '998900006311' → '99890*****11', as Payme shows the phone it texted. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${digits.slice(0, 5)}*****${digits.slice(-2)}`;
}

function objectId(): string {
  return randomBytes(12).toString('hex');
}

export async function startPaymeSandbox(options: PaymeSandboxOptions): Promise<PaymeSandbox> {
  const now = options.now ?? (() => new Date());
  // Longer than the adapter waits (8 s by default), so the charge is always settled by a check.
  const stallMs = options.stallMs ?? 12_000;
  const store = await openSandboxStore(options.stateFile);
  const { state } = store;
  const counts = new Map<PaymeMethod, number>();
  const stalls = new Set<{ timer: NodeJS.Timeout; release: () => void }>();
  let outage = false;

  function cardView(card: SandboxCard) {
    return {
      card: {
        number: card.masked,
        expire: card.expire,
        token: card.token,
        recurrent: true,
        verify: card.verified,
        type: card.masked.startsWith('9860') ? 'humo' : 'uzcard',
      },
    };
  }

  function receiptView(receipt: SandboxReceipt) {
    const ms = (iso: string | null) => (iso === null ? 0 : Date.parse(iso));
    return {
      receipt: {
        _id: receipt.id,
        create_time: ms(receipt.createdAt),
        pay_time: ms(receipt.paidAt),
        cancel_time: ms(receipt.cancelledAt),
        state: receipt.state,
        type: 2,
        amount: receipt.amount,
        currency: 860,
        account: [{ name: 'order_id', title: 'Order', value: receipt.orderId, main: true }],
        description: receipt.description,
        card: receipt.card === null ? null : { number: receipt.card },
      },
    };
  }

  function liveCard(token: string): SandboxCard {
    const card = state.cards.find((c) => c.token === token && !c.removed);
    if (!card) throw new RpcFailure(PAYME_ERRORS.tokenNotFound, 'Card not found');
    return card;
  }

  function findReceipt(id: string): SandboxReceipt {
    const receipt = state.receipts.find((r) => r.id === id);
    if (!receipt) throw new RpcFailure(PAYME_ERRORS.receiptNotFound, 'Receipt not found');
    return receipt;
  }

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

  async function call(method: PaymeMethod, raw: unknown): Promise<unknown> {
    switch (method) {
      case 'cards.create': {
        const { card } = params(CreateParams, raw);
        const number = card.number.replace(/\s+/g, '');
        const known = testCard(number);
        if (!known) throw new RpcFailure(PAYME_ERRORS.cardNotFound, 'Card not found');
        const expire = TEST_CARD_EXPIRY.replace('/', '');
        if (card.expire !== expire) {
          throw new RpcFailure(PAYME_ERRORS.cardExpiryWrong, 'Wrong expiry date');
        }
        const created: SandboxCard = {
          token: `${objectId()}_${randomBytes(36).toString('base64url')}`,
          behaviour: known.behaviour,
          masked: maskCard(number),
          expire: TEST_CARD_EXPIRY,
          bankPhone: bankPhone(number),
          verified: false,
          removed: false,
          codeTries: 0,
          codeSentAt: null,
          createdAt: now().toISOString(),
        };
        state.cards.push(created);
        await store.save();
        return cardView(created);
      }
      case 'cards.get_verify_code': {
        const card = liveCard(params(TokenParams, raw).token);
        if (card.behaviour === 'sms_unavailable') {
          throw new RpcFailure(PAYME_ERRORS.smsNotConnected, 'SMS service is not connected');
        }
        if (card.codeTries >= SANDBOX_CODE_TRIES) {
          throw new RpcFailure(PAYME_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');
        }
        card.codeSentAt = now().toISOString();
        await store.save();
        // The card's last four only: a text message is no place for a card number.
        await options.sms.send(
          card.bankPhone,
          `Payme sandbox: ${TEST_CARD_CODE} is the code to link card *${card.masked.slice(-4)}. Do not share it.`,
        );
        return { sent: true, phone: maskPhone(card.bankPhone), wait: SANDBOX_RESEND_WAIT_MS };
      }
      case 'cards.verify': {
        const { token, code } = params(VerifyParams, raw);
        const card = liveCard(token);
        if (card.verified) return cardView(card);
        if (card.codeTries >= SANDBOX_CODE_TRIES) {
          throw new RpcFailure(PAYME_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');
        }
        const sentAt = card.codeSentAt === null ? null : Date.parse(card.codeSentAt);
        if (sentAt === null || now().getTime() - sentAt > SANDBOX_CODE_LIFE_MS) {
          throw new RpcFailure(PAYME_ERRORS.codeExpired, 'The code has expired');
        }
        if (!sameText(code, TEST_CARD_CODE)) {
          card.codeTries += 1;
          await store.save();
          if (card.codeTries >= SANDBOX_CODE_TRIES) {
            throw new RpcFailure(PAYME_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');
          }
          throw new RpcFailure(PAYME_ERRORS.codeWrong, 'Wrong code');
        }
        card.verified = true;
        await store.save();
        return cardView(card);
      }
      case 'cards.check':
        return cardView(liveCard(params(TokenParams, raw).token));
      case 'cards.remove': {
        const card = liveCard(params(TokenParams, raw).token);
        card.removed = true;
        await store.save();
        return { success: true };
      }
      case 'receipts.create': {
        const created = params(ReceiptCreateParams, raw);
        const receipt: SandboxReceipt = {
          id: objectId(),
          amount: created.amount,
          orderId: String(created.account.order_id ?? ''),
          description: created.description ?? '',
          state: RECEIPT_STATE.created,
          createdAt: now().toISOString(),
          paidAt: null,
          cancelledAt: null,
          card: null,
        };
        state.receipts.push(receipt);
        await store.save();
        return receiptView(receipt);
      }
      case 'receipts.pay': {
        const { id, token } = params(ReceiptPayParams, raw);
        const receipt = findReceipt(id);
        if (receipt.state !== RECEIPT_STATE.created) {
          throw new RpcFailure(PAYME_ERRORS.receiptStateForbids, 'The receipt cannot be paid');
        }
        const card = liveCard(token);
        if (!card.verified) throw new RpcFailure(PAYME_ERRORS.tokenNotFound, 'Card not verified');
        if (card.behaviour === 'insufficient_funds') {
          throw new RpcFailure(PAYME_ERRORS.insufficientFunds, 'Insufficient funds');
        }
        if (card.behaviour === 'blocked') {
          throw new RpcFailure(PAYME_ERRORS.cardBlocked, 'The card is blocked');
        }
        receipt.state = RECEIPT_STATE.paid;
        receipt.paidAt = now().toISOString();
        receipt.card = card.masked;
        await store.save();
        // The money is taken; the answer is late, as when a network drops a reply.
        if (card.behaviour === 'stall') await stall();
        return receiptView(receipt);
      }
      case 'receipts.check':
        return { state: findReceipt(params(ReceiptIdParams, raw).id).state };
      case 'receipts.cancel': {
        const receipt = findReceipt(params(ReceiptIdParams, raw).id);
        if (receipt.state !== RECEIPT_STATE.cancelled) {
          // A paid receipt is refunded; a created one simply can never be paid now.
          receipt.state = RECEIPT_STATE.cancelled;
          receipt.cancelledAt = now().toISOString();
          await store.save();
        }
        return receiptView(receipt);
      }
    }
  }

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

  async function readBody(request: IncomingMessage): Promise<string | null> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of request) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += buffer.length;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
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
    const text = await readBody(request);
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
      const result = await call(method, rpcRequest.data.params);
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
