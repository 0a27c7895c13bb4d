// The Payme adapter against the sandbox over HTTP: the JSON-RPC it sends (methods, params, ids,
// X-Auth with and without the key, amounts in tiyin), what it makes of every answer, and the
// sandbox's own promises (test cards, codes in the outbox, state that survives a restart and
// never holds a card number).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toTiyin } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleSmsProvider, outboxPath, type OutboxLine } from '../sms/sms-provider';
import { findPans } from '../testing/pan-scan';
import {
  BLOCKED_CARD,
  GOOD_CARD,
  INSUFFICIENT_FUNDS_CARD,
  NO_SMS_CARD,
  STALL_CARD,
  UNKNOWN_CARD,
} from '../testing/payments';
import { ProcessorError, type CardProcessor, type ProcessorFailure } from './card-processor';
import { createPaymeProcessor } from './payme-processor';
import { declineReasonOf, failureOf } from './payme-rpc';
import { startPaymeSandbox, type PaymeSandbox } from './sandbox/payme-sandbox';

interface Recorded {
  auth: string | undefined;
  body: { jsonrpc: string; id: unknown; method: string; params: Record<string, unknown> };
}

/** Passes requests on to `target` and keeps a copy of each, to see what went over the wire. */
async function recordingProxy(
  target: string,
): Promise<{ url: string; seen: Recorded[]; server: Server }> {
  const seen: Recorded[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const auth = request.headers['x-auth'];
      seen.push({
        auth: typeof auth === 'string' ? auth : undefined,
        body: JSON.parse(text) as Recorded['body'],
      });
      fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { 'x-auth': String(auth) } : {}),
        },
        body: text,
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
  return { url: `http://127.0.0.1:${port}/api`, seen, server };
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

describe('the Payme adapter against the sandbox', () => {
  let dataDir: string;
  let sandbox: PaymeSandbox;
  let processor: CardProcessor;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let now = new Date('2026-03-10T06:00:00.000Z');

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

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payme-sandbox-test-'));
    sandbox = await startPaymeSandbox({
      stateFile: join(dataDir, 'sandbox.json'),
      sms: createConsoleSmsProvider({ dataDir, now: () => now, print: () => undefined }),
      now: () => now,
      stallMs: 5000,
    });
    proxy = await recordingProxy(sandbox.url);
    processor = createPaymeProcessor({
      url: proxy.url,
      merchantId: sandbox.merchantId,
      key: sandbox.key,
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      proxy.server.close(() => {
        resolve();
      });
      proxy.server.closeAllConnections();
    });
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function verifiedToken(number = GOOD_CARD): Promise<string> {
    const { token } = await processor.createCard({ number, expire: '0399' });
    await processor.sendCardCode(token);
    await processor.verifyCard(token, '666666');
    return token;
  }

  it('adds a card and pays a receipt in tiyin, speaking JSON-RPC 2.0 with the right X-Auth', async () => {
    const from = proxy.seen.length;
    const token = await verifiedToken();
    const { receiptId } = await processor.createReceipt({
      amount: toTiyin(125_000),
      orderNumber: 'UY-009001',
      description: 'Order UY-009001',
    });
    const paid = await processor.payReceipt(receiptId, token);
    expect(paid).toEqual({ state: 4, outcome: 'paid', cancellable: false });
    expect(await processor.checkReceipt(receiptId)).toMatchObject({ outcome: 'paid' });
    await processor.removeCard(token);

    const calls = proxy.seen.slice(from);
    expect(calls.map((c) => c.body.method)).toEqual([
      'cards.create',
      'cards.get_verify_code',
      'cards.verify',
      'receipts.create',
      'receipts.pay',
      'receipts.check',
      'cards.remove',
    ]);
    for (const recorded of calls) {
      expect(recorded.body.jsonrpc).toBe('2.0');
      expect(typeof recorded.body.id).toBe('number');
    }
    // The card calls a front end may make carry the cashbox id alone; server calls the key too.
    const keyed = `${sandbox.merchantId}:${sandbox.key}`;
    expect(calls.map((c) => c.auth)).toEqual([
      sandbox.merchantId,
      sandbox.merchantId,
      sandbox.merchantId,
      keyed,
      keyed,
      keyed,
      keyed,
    ]);
    expect(calls[0]?.body.params).toEqual({
      card: { number: GOOD_CARD, expire: '0399' },
      save: true,
    });
    expect(calls[3]?.body.params).toEqual({
      amount: 12_500_000,
      account: { order_id: 'UY-009001' },
      description: 'Order UY-009001',
    });
    expect(calls[4]?.body.params).toEqual({ id: receiptId, token });
    const receipt = sandbox.receipts().find((r) => r.id === receiptId);
    expect(receipt).toMatchObject({ amount: 12_500_000, orderId: 'UY-009001', state: 4 });
  });

  it('texts the code to the card’s bank phone without the card number', async () => {
    const before = (await outbox()).length;
    const { token } = await processor.createCard({ number: GOOD_CARD, expire: '0399' });
    expect(await processor.sendCardCode(token)).toEqual({ phone: '99890*****11', waitMs: 60_000 });
    const [line] = (await outbox()).slice(before);
    expect(line?.phone).toBe('+998900006311');
    expect(line?.text).toContain('666666');
    expect(line?.text).toContain('*6311');
    expect(findPans(line?.text ?? '')).toEqual([]);
  });

  it('refuses server calls without the key, and calls with a wrong key', async () => {
    const answer = await fetch(sandbox.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth': sandbox.merchantId },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'receipts.create',
        params: { amount: 100, account: {} },
      }),
    });
    expect(await answer.json()).toMatchObject({ error: { code: -32504 } });
    const wrongKey = createPaymeProcessor({
      url: sandbox.url,
      merchantId: sandbox.merchantId,
      key: 'nope',
    });
    const refused = await failure(
      wrongKey.createReceipt({ amount: 100, orderNumber: 'x', description: '' }),
    );
    expect(refused).toMatchObject({ failure: 'unavailable', providerCode: -32504 });
  });

  it.each<[string, () => Promise<unknown>, ProcessorFailure, number]>([
    [
      'an unknown number',
      () => processor.createCard({ number: UNKNOWN_CARD, expire: '0399' }),
      'card_invalid',
      -31050,
    ],
    [
      'the wrong expiry',
      () => processor.createCard({ number: GOOD_CARD, expire: '0499' }),
      'card_invalid',
      -31051,
    ],
    [
      'a card without SMS',
      async () =>
        processor.sendCardCode(
          (await processor.createCard({ number: NO_SMS_CARD, expire: '0399' })).token,
        ),
      'sms_unavailable',
      -31301,
    ],
    [
      'a token nobody issued',
      () => processor.verifyCard('no-such-token', '666666'),
      'card_invalid',
      -31400,
    ],
  ])('maps %s to the failure the shop acts on', async (_label, run, expected, code) => {
    expect(await failure(run())).toMatchObject({ failure: expected, providerCode: code });
  });

  it('counts wrong codes: two wrong, the third burns the confirmation', async () => {
    const { token } = await processor.createCard({ number: GOOD_CARD, expire: '0399' });
    await processor.sendCardCode(token);
    expect(await failure(processor.verifyCard(token, '111111'))).toMatchObject({
      failure: 'code_invalid',
      providerCode: -31103,
    });
    expect((await failure(processor.verifyCard(token, '222222'))).failure).toBe('code_invalid');
    expect((await failure(processor.verifyCard(token, '333333'))).failure).toBe(
      'code_attempts_exceeded',
    );
    expect((await failure(processor.verifyCard(token, '666666'))).failure).toBe(
      'code_attempts_exceeded',
    );
  });

  it('says a code has expired', async () => {
    const { token } = await processor.createCard({ number: GOOD_CARD, expire: '0399' });
    await processor.sendCardCode(token);
    now = new Date(now.getTime() + 6 * 60_000);
    expect((await failure(processor.verifyCard(token, '666666'))).failure).toBe('code_expired');
  });

  it.each([
    ['insufficient funds', INSUFFICIENT_FUNDS_CARD, -31630, 'insufficient_funds'],
    ['a blocked card', BLOCKED_CARD, -31052, 'card_blocked'],
  ])(
    'declines a charge for %s, saying why, and takes no money',
    async (_label, number, code, reason) => {
      const token = await verifiedToken(number);
      const { receiptId } = await processor.createReceipt({
        amount: 100_00,
        orderNumber: 'UY-009002',
        description: '',
      });
      expect(await failure(processor.payReceipt(receiptId, token))).toMatchObject({
        failure: 'declined',
        providerCode: code,
        declineReason: reason,
      });
      expect(await processor.checkReceipt(receiptId)).toEqual({
        state: 0,
        outcome: 'not_paid',
        cancellable: true,
      });
      expect(await processor.cancelReceipt(receiptId)).toMatchObject({
        state: 50,
        outcome: 'not_paid',
      });
      expect(sandbox.charges().some((r) => r.id === receiptId)).toBe(false);
    },
  );

  it('gives up on a stalled charge as outcome_unknown; receipts.check then says it was paid', async () => {
    const token = await verifiedToken(STALL_CARD);
    // Only this charge waits less than the sandbox stalls.
    const impatient = createPaymeProcessor({
      url: sandbox.url,
      merchantId: sandbox.merchantId,
      key: sandbox.key,
      timeoutMs: 2000,
    });
    const { receiptId } = await processor.createReceipt({
      amount: 500_00,
      orderNumber: 'UY-009003',
      description: '',
    });
    expect((await failure(impatient.payReceipt(receiptId, token))).failure).toBe('outcome_unknown');
    expect(await processor.checkReceipt(receiptId)).toMatchObject({ outcome: 'paid' });
    // Paying the same receipt again is refused by the processor and read as "go and check".
    expect((await failure(processor.payReceipt(receiptId, token))).failure).toBe('outcome_unknown');
    expect(sandbox.charges().filter((r) => r.id === receiptId)).toHaveLength(1);
  });

  it('tells a processor it cannot reach from one that did not answer', async () => {
    // A port that was just free: nothing listens there, so the connection is refused.
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise<void>((resolve) =>
      spare.close(() => {
        resolve();
      }),
    );
    const nowhere = createPaymeProcessor({
      url: `http://127.0.0.1:${port}/api`,
      merchantId: 'm',
      key: 'k',
    });
    expect(
      (await failure(nowhere.createReceipt({ amount: 100, orderNumber: 'x', description: '' })))
        .failure,
    ).toBe('unavailable');
    sandbox.setOutage(true);
    try {
      expect((await failure(processor.checkReceipt('whatever'))).failure).toBe('outcome_unknown');
    } finally {
      sandbox.setOutage(false);
    }
  });

  it('reads a garbled answer as outcome_unknown, never as success', async () => {
    const garbled = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"result": {"receipt": {"state": "four"}}}');
    });
    await new Promise<void>((resolve) => garbled.listen(0, '127.0.0.1', resolve));
    const { port } = garbled.address() as AddressInfo;
    try {
      const odd = createPaymeProcessor({
        url: `http://127.0.0.1:${port}/api`,
        merchantId: 'm',
        key: 'k',
      });
      expect((await failure(odd.payReceipt('r', 't'))).failure).toBe('outcome_unknown');
    } finally {
      await new Promise<void>((resolve) =>
        garbled.close(() => {
          resolve();
        }),
      );
    }
  });

  it('treats error codes it does not know as a declined card, never a crash', () => {
    expect(failureOf('receipts.pay', -31999)).toBe('declined');
    expect(failureOf('receipts.pay', 12345)).toBe('declined');
    expect(failureOf('cards.create', -31777)).toBe('card_invalid');
    expect(failureOf('cards.verify', -31555)).toBe('card_invalid');
    expect(failureOf('receipts.pay', -32504)).toBe('unavailable');
    expect(failureOf('receipts.pay', -32400)).toBe('outcome_unknown');
  });

  it("names why a charge was declined by Payme's code: funds, a blocked card, an expired one", () => {
    expect(declineReasonOf(-31630)).toBe('insufficient_funds');
    expect(declineReasonOf(-31052)).toBe('card_blocked');
    expect(declineReasonOf(-31051)).toBe('card_expired');
    // A code Payme does not document is a decline without a reason, never a wrong one.
    expect(declineReasonOf(-31999)).toBe('other');
  });

  it('keeps its cards over a restart and never writes a card number to its file', async () => {
    const token = await verifiedToken(GOOD_CARD);
    const file = join(dataDir, 'sandbox.json');
    const restarted = await startPaymeSandbox({
      stateFile: file,
      sms: createConsoleSmsProvider({ dataDir, now: () => now, print: () => undefined }),
      now: () => now,
    });
    try {
      expect(restarted.merchantId).toBe(sandbox.merchantId);
      const again = createPaymeProcessor({
        url: restarted.url,
        merchantId: restarted.merchantId,
        key: restarted.key,
      });
      const { receiptId } = await again.createReceipt({
        amount: 100_00,
        orderNumber: 'UY-009004',
        description: '',
      });
      expect(await again.payReceipt(receiptId, token)).toMatchObject({ outcome: 'paid' });
    } finally {
      await restarted.close();
    }
    const text = await readFile(file, 'utf8');
    expect(text).toContain('860006******6311');
    expect(findPans(text)).toEqual([]);
  });
});
