// The Click processor against the local Merchant API stand-in over HTTP: what it sends (Auth,
// JSON, sums, our transaction parameter), what it makes of every answer (decline reasons, codes,
// outages, lost answers settled by status_by_mti), reversals that refund once, and the stand-in's
// own promises (test cards, codes in the outbox, state that survives a restart without a card
// number).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleSmsProvider, outboxPath, type OutboxLine } from '../../../sms/sms-provider';
import { findPans } from '../../../testing/pan-scan';
import { ProcessorError, type CardProcessor, type ProcessorFailure } from '../../card-processor';
import type { RefundRow } from '../../refunds/refund-rows';
import { startClickMerchantSandbox, type ClickMerchantSandbox } from '../sandbox/merchant-sandbox';
import { createClickProcessor, madeAt } from './click-processor';
import { clickRefunders } from './click-refunds';
import { createClickMerchantClient, type ClickMerchantOptions } from './merchant-client';
import { clickDigest } from './merchant-protocol';

const GOOD = '8600555555555556';
const POOR = '8600777777777772';
const BLOCKED = '9860888888888888';
const EXPIRED = '8600999999999998';
const STALL = '8600121212121215';
const NO_SMS = '9860131313131313';
const UNKNOWN = '8600123412341239';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Passes requests on to `target` and keeps a copy of each, to see what went over the wire. */
async function recordingProxy(
  target: string,
): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const targetUrl = new URL(target);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      seen.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      });
      fetch(`${targetUrl.origin}${path}`, {
        method: request.method,
        headers: {
          auth: String(request.headers.auth ?? ''),
          ...(text ? { 'content-type': 'application/json' } : {}),
        },
        body: text || undefined,
      })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${targetUrl.pathname}`, seen, server };
}

async function failure(promise: Promise<unknown>): Promise<ProcessorError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProcessorError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}

describe('the Click processor against the Merchant API stand-in', () => {
  let dataDir: string;
  let sandbox: ClickMerchantSandbox;
  let processor: CardProcessor;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  // 11:00 in Tashkent.
  let now = new Date('2026-03-10T06:00:00.000Z');
  const clock = () => now;
  /** Payments made in the Click app, standing in for the pay-page stand-in's. */
  const appPayments = new Map<string, { amount: number; state: 'paid' | 'reversed' }>();

  const outbox = async (): Promise<OutboxLine[]> => {
    try {
      const text = await readFile(outboxPath(dataDir), 'utf8');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxLine);
    } catch {
      return [];
    }
  };

  const credentials = (): ClickMerchantOptions => ({
    url: sandbox.url,
    serviceId: sandbox.serviceId,
    merchantUserId: sandbox.merchantUserId,
    secretKey: sandbox.secretKey,
    now: clock,
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'click-sandbox-test-'));
    sandbox = await startClickMerchantSandbox({
      stateFile: join(dataDir, 'click.json'),
      sms: createConsoleSmsProvider({ dataDir, now: clock, print: () => undefined }),
      now: clock,
      stallMs: 4000,
      appPayments: {
        find: (id) => appPayments.get(id),
        markReversed: (id) => {
          const payment = appPayments.get(id);
          if (payment) payment.state = 'reversed';
        },
      },
    });
    proxy = await recordingProxy(sandbox.url);
    processor = createClickProcessor({ ...credentials(), url: proxy.url });
  });
  afterAll(async () => {
    await closeServer(proxy.server);
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The code the stand-in texted last to the card's bank phone. */
  async function lastCode(number: string): Promise<string> {
    const line = (await outbox()).filter((l) => l.phone === `+99893000${number.slice(-4)}`).at(-1);
    const code = /\b(\d{6})\b/.exec(line?.text ?? '')?.[1];
    if (!code) throw new Error('no code in the outbox');
    return code;
  }

  async function verifiedToken(number = GOOD): Promise<string> {
    const { token } = await processor.createCard({ number, expire: '0399' });
    await processor.verifyCard(token, await lastCode(number));
    return token;
  }

  async function charge(token: string, orderNumber: string, amount = 125_000_00) {
    const { receiptId } = await processor.createReceipt({ amount, orderNumber, description: '' });
    return { receiptId, paying: processor.payReceipt(receiptId, token) };
  }

  it('adds a card and pays in sum, with the Auth header and our transaction parameter', async () => {
    const from = proxy.seen.length;
    const created = await processor.createCard({ number: GOOD, expire: '0399' });
    // Click texts the code while tokenising: the shop asks for no second one.
    expect(created.codeSent).toEqual({ phone: '99893*****56', waitMs: 60_000 });
    await processor.verifyCard(created.token, await lastCode(GOOD));
    const { receiptId, paying } = await charge(created.token, 'UY-009001');
    const paid = await paying;
    const [payment] = sandbox.payments().filter((p) => p.transactionParameter === receiptId);
    expect(paid).toEqual({
      state: 2,
      outcome: 'paid',
      cancellable: false,
      paymentId: payment?.paymentId,
    });
    expect(payment).toMatchObject({ amount: 125_000, status: 2, card: '860055******5556' });
    expect(receiptId).toMatch(/^UY-009001-20260310110000-[0-9a-f]{6}$/);
    expect(madeAt(receiptId)).toEqual(now);

    const calls = proxy.seen.slice(from);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v2/merchant/card_token/request',
      'POST /v2/merchant/card_token/verify',
      'POST /v2/merchant/card_token/payment',
    ]);
    const timestamp = String(now.getTime() / 1000);
    for (const call of calls) {
      expect(call.headers.auth).toBe(
        `${sandbox.merchantUserId}:${clickDigest(timestamp, sandbox.secretKey)}:${timestamp}`,
      );
      expect(call.headers.accept).toBe('application/json');
    }
    expect(calls[0]?.body).toEqual({
      service_id: sandbox.serviceId,
      card_number: GOOD,
      expire_date: '0399',
      temporary: 0,
    });
    expect(calls[2]?.body).toEqual({
      service_id: sandbox.serviceId,
      card_token: created.token,
      amount: 125_000,
      transaction_parameter: receiptId,
    });
  });

  it('texts the code to the card’s bank phone without the card number, and cannot text another', async () => {
    const before = (await outbox()).length;
    const { token } = await processor.createCard({ number: GOOD, expire: '0399' });
    const [line] = (await outbox()).slice(before);
    expect(line?.phone).toBe('+998930005556');
    expect(line?.text).toContain('*5556');
    expect(findPans(line?.text ?? '')).toEqual([]);
    // A new code means adding the card again: Click has no resend for a token.
    expect((await failure(processor.sendCardCode(token))).failure).toBe('code_expired');
  });

  it.each<[string, () => Promise<unknown>, ProcessorFailure, number]>([
    [
      'an unknown number',
      () => processor.createCard({ number: UNKNOWN, expire: '0399' }),
      'card_invalid',
      -5001,
    ],
    [
      'the wrong expiry',
      () => processor.createCard({ number: GOOD, expire: '0499' }),
      'card_invalid',
      -5002,
    ],
    [
      'a card without SMS',
      () => processor.createCard({ number: NO_SMS, expire: '0399' }),
      'sms_unavailable',
      -5004,
    ],
    [
      'a token nobody issued',
      () => processor.verifyCard('no-such-token', '123456'),
      'card_invalid',
      -5005,
    ],
  ])('maps %s to the failure the shop acts on', async (_label, run, expected, code) => {
    expect(await failure(run())).toMatchObject({ failure: expected, providerCode: code });
  });

  it('counts wrong codes: two wrong, the third burns the token; and a code expires', async () => {
    const { token } = await processor.createCard({ number: GOOD, expire: '0399' });
    const right = await lastCode(GOOD);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await failure(processor.verifyCard(token, wrong))).toMatchObject({
      failure: 'code_invalid',
      providerCode: -5006,
    });
    expect((await failure(processor.verifyCard(token, wrong))).failure).toBe('code_invalid');
    expect((await failure(processor.verifyCard(token, wrong))).failure).toBe(
      'code_attempts_exceeded',
    );
    expect((await failure(processor.verifyCard(token, right))).failure).toBe(
      'code_attempts_exceeded',
    );

    const late = await processor.createCard({ number: GOOD, expire: '0399' });
    now = new Date(now.getTime() + 6 * 60_000);
    expect((await failure(processor.verifyCard(late.token, await lastCode(GOOD)))).failure).toBe(
      'code_expired',
    );
  });

  it.each([
    ['insufficient funds', POOR, -5017, 'insufficient_funds'],
    ['a blocked card', BLOCKED, -5003, 'card_blocked'],
    ['an expired card', EXPIRED, -5018, 'card_expired'],
  ])(
    'declines a charge for %s, saying why, and keeps no money',
    async (_label, number, code, reason) => {
      const token = await verifiedToken(number);
      const { receiptId, paying } = await charge(token, 'UY-009002');
      expect(await failure(paying)).toMatchObject({
        failure: 'declined',
        providerCode: code,
        declineReason: reason,
      });
      expect(await processor.checkReceipt(receiptId)).toMatchObject({ outcome: 'not_paid' });
      expect(await processor.cancelReceipt(receiptId)).toMatchObject({ outcome: 'not_paid' });
      const made = sandbox.payments().filter((p) => p.transactionParameter === receiptId);
      expect(made.map((p) => p.status)).toEqual([-1]);
    },
  );

  it('gives up on a stalled charge as outcome_unknown; status_by_mti then finds it paid', async () => {
    const token = await verifiedToken(STALL);
    const impatient = createClickProcessor({ ...credentials(), timeoutMs: 1000 });
    const { receiptId } = await impatient.createReceipt({
      amount: 500_00,
      orderNumber: 'UY-009003',
      description: '',
    });
    expect((await failure(impatient.payReceipt(receiptId, token))).failure).toBe('outcome_unknown');
    const [payment] = sandbox.payments().filter((p) => p.transactionParameter === receiptId);
    expect(await processor.checkReceipt(receiptId)).toEqual({
      state: 2,
      outcome: 'paid',
      cancellable: false,
      paymentId: payment?.paymentId,
    });
    expect(sandbox.payments().filter((p) => p.transactionParameter === receiptId)).toHaveLength(1);
  });

  it('reads a parameter Click never charged as pending while a charge may still arrive, then not paid', async () => {
    const token = await verifiedToken(GOOD);
    sandbox.setOutage(true);
    const { receiptId, paying } = await charge(token, 'UY-009004');
    try {
      expect((await failure(paying)).failure).toBe('outcome_unknown');
      expect((await failure(processor.checkReceipt(receiptId))).failure).toBe('outcome_unknown');
    } finally {
      sandbox.setOutage(false);
    }
    expect(await processor.checkReceipt(receiptId)).toMatchObject({ outcome: 'pending' });
    now = new Date(now.getTime() + 2 * 60_000);
    expect(await processor.checkReceipt(receiptId)).toMatchObject({
      outcome: 'not_paid',
      cancellable: false,
    });
    expect(sandbox.payments().some((p) => p.transactionParameter === receiptId)).toBe(false);
  });

  it('finds a charge sent just before midnight under the next day', async () => {
    const token = await verifiedToken(GOOD);
    now = new Date('2026-03-10T18:59:59.000Z'); // 23:59:59 in Tashkent
    const { receiptId } = await processor.createReceipt({
      amount: 100_00,
      orderNumber: 'UY-009005',
      description: '',
    });
    now = new Date('2026-03-10T19:00:30.000Z'); // the charge lands on the 11th
    await processor.payReceipt(receiptId, token);
    expect(await processor.checkReceipt(receiptId)).toMatchObject({ outcome: 'paid' });
  });

  it('removes a card: its token pays no more', async () => {
    const token = await verifiedToken(GOOD);
    await processor.removeCard(token);
    const { paying } = await charge(token, 'UY-009006');
    expect(await failure(paying)).toMatchObject({ failure: 'declined', providerCode: -5005 });
    expect(await failure(processor.removeCard(token))).toMatchObject({ failure: 'unavailable' });
  });

  it('reverses a paid charge once, however often it is asked', async () => {
    const token = await verifiedToken(GOOD);
    const { receiptId, paying } = await charge(token, 'UY-009007');
    const { paymentId } = await paying;
    if (paymentId === undefined) throw new Error('no payment id');
    const before = sandbox.reversals().length;
    await processor.refundPayment(paymentId);
    await processor.refundPayment(paymentId);
    expect(sandbox.reversals().slice(before)).toEqual([
      { paymentId, source: 'card', at: now.toISOString() },
    ]);
    expect(await processor.checkReceipt(receiptId)).toMatchObject({
      state: -2,
      outcome: 'not_paid',
    });
    // A payment nobody made cannot be refunded: the refund waits rather than being called made.
    expect(await failure(processor.refundPayment('1'))).toMatchObject({ providerCode: -5020 });
  });

  it('reverses a Click app payment through the refunders, once', async () => {
    appPayments.set('7000000001', { amount: 38_400, state: 'paid' });
    const { click, click_card: clickCard } = clickRefunders(
      createClickMerchantClient(credentials()),
    );
    const refund: RefundRow = {
      id: 1,
      orderId: 1,
      attemptId: null,
      providerPaymentId: 1,
      provider: 'click',
      transactionId: '7000000001',
      amount: 38_400_00,
      automatic: true,
      state: 'due',
      leaseUntil: null,
      tries: 1,
      lastError: null,
      createdAt: now,
      madeAt: null,
    };
    const before = sandbox.reversals().length;
    await click(refund);
    await click(refund);
    expect(appPayments.get('7000000001')?.state).toBe('reversed');
    expect(sandbox.reversals().slice(before)).toEqual([
      { paymentId: '7000000001', source: 'app', at: now.toISOString() },
    ]);
    expect(clickCard).toBe(click);
  });

  it('refuses a wrong secret, a stale timestamp and another service', async () => {
    const wrongKey = createClickProcessor({ ...credentials(), secretKey: 'nope' });
    expect(await failure(wrongKey.createCard({ number: GOOD, expire: '0399' }))).toMatchObject({
      failure: 'unavailable',
      providerCode: -1,
    });
    const stale = createClickProcessor({
      ...credentials(),
      now: () => new Date(now.getTime() - 10 * 60_000),
    });
    expect((await failure(stale.createCard({ number: GOOD, expire: '0399' }))).providerCode).toBe(
      -1,
    );
    const otherService = createClickProcessor({ ...credentials(), serviceId: '1' });
    expect(
      (await failure(otherService.createCard({ number: GOOD, expire: '0399' }))).providerCode,
    ).toBe(-15);
  });

  it('tells a service it cannot reach from one that did not answer, and reads garble as unknown', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await closeServer(spare);
    const nowhere = createClickProcessor({
      ...credentials(),
      url: `http://127.0.0.1:${port}/v2/merchant`,
    });
    expect((await failure(nowhere.createCard({ number: GOOD, expire: '0399' }))).failure).toBe(
      'unavailable',
    );
    const garbled = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"error_code": 0, "payment_id": 5, "payment_status": "two"}');
    });
    await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
    try {
      const odd = createClickProcessor({
        ...credentials(),
        url: `http://127.0.0.1:${(garbled.address() as AddressInfo).port}/v2/merchant`,
      });
      const { receiptId } = await odd.createReceipt({
        amount: 100,
        orderNumber: 'x',
        description: '',
      });
      expect((await failure(odd.payReceipt(receiptId, 't'))).failure).toBe('outcome_unknown');
    } finally {
      await closeServer(garbled);
    }
  });

  it('answers bad input with Click’s error and changes nothing', async () => {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const auth = `${sandbox.merchantUserId}:${clickDigest(timestamp, sandbox.secretKey)}:${timestamp}`;
    const post = (path: string, body: string, headers: Record<string, string> = { auth }) =>
      fetch(`${sandbox.url}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const payments = sandbox.payments().length;
    const cards = (await outbox()).length;
    const answers = await Promise.all([
      post('card_token/request', '{not json'),
      post('card_token/request', JSON.stringify({ service_id: sandbox.serviceId })),
      post(
        'card_token/payment',
        JSON.stringify({
          service_id: sandbox.serviceId,
          card_token: 'x',
          amount: -5,
          transaction_parameter: 'p',
        }),
      ),
      post('card_token/request', 'x'.repeat(70_000)),
      post('card_token/request', '{}', { auth: 'garbage' }),
      post('card_token/request', '{}', {}),
    ]);
    expect(
      await Promise.all(answers.map(async (a) => [a.status, (await a.json()) as unknown])),
    ).toEqual([
      [200, { error_code: -8, error_note: 'Error in request' }],
      [200, { error_code: -8, error_note: 'Error in request' }],
      [200, { error_code: -8, error_note: 'Error in request' }],
      [200, { error_code: -8, error_note: 'Request too large' }],
      [200, { error_code: -1, error_note: 'SIGN CHECK FAILED' }],
      [200, { error_code: -1, error_note: 'SIGN CHECK FAILED' }],
    ]);
    const unknown = await fetch(`${sandbox.url}/card_token/steal`, {
      method: 'POST',
      headers: { auth },
    });
    expect(unknown.status).toBe(404);
    // A path no URL parser takes is a 404 too, not a crash.
    const { hostname, port } = new URL(sandbox.url);
    const oddPath = await new Promise<number>((resolve, reject) => {
      request({ host: hostname, port, path: '//', method: 'GET' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(oddPath).toBe(404);
    expect(sandbox.payments()).toHaveLength(payments);
    expect(await outbox()).toHaveLength(cards);
  });

  it('keeps its cards and payments over a restart and never writes a card number to its file', async () => {
    const token = await verifiedToken(GOOD);
    const file = join(dataDir, 'click.json');
    await sandbox.close();
    sandbox = await startClickMerchantSandbox({
      stateFile: file,
      sms: createConsoleSmsProvider({ dataDir, now: clock, print: () => undefined }),
      now: clock,
    });
    const again = createClickProcessor(credentials());
    const { receiptId } = await again.createReceipt({
      amount: 100_00,
      orderNumber: 'UY-009008',
      description: '',
    });
    expect(await again.payReceipt(receiptId, token)).toMatchObject({ outcome: 'paid' });
    const text = await readFile(file, 'utf8');
    expect(text).toContain('860055******5556');
    expect(findPans(text)).toEqual([]);
  });
});
