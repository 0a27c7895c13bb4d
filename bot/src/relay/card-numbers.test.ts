import { TEST_CARD_CODE, TEST_CARD_EXPIRY, TEST_CARDS, findPans } from '@shop/backend';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';

/**
 * A shopper adds cards through the relay, and types card numbers into every wrong place too (a
 * path, a query, an unknown field, the phone field). With the relay logging at trace level, no
 * full card number may appear in a line it logs or in an answer it gives.
 */

let stand: RelayStand;
const answers: LightMyRequestResponse[] = [];
let token = '';

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const answer = await stand.app.inject({
    ...options,
    headers: { 'x-lang': 'en', authorization: `Bearer ${token}`, ...options.headers },
  });
  answers.push(answer);
  return answer;
}

const [card] = TEST_CARDS;
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

beforeAll(async () => {
  stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'trace' });
  const phone = '+998901112299';
  await call({ method: 'POST', url: '/api/auth/send-otp', payload: { phone } });
  const otp = await stand.lastCode(phone);
  const verified = await call({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone, otp },
  });
  token = verified.json<{ access_token: string }>().access_token;
});

afterAll(async () => {
  await stand.close();
});

describe('card numbers through the relay', () => {
  it('adds a card, and leaves no full number in any relay log line at trace level or answer', async () => {
    expect(card).toBeDefined();
    if (!card) return;
    const created = await call({
      method: 'POST',
      url: '/api/payments/card/create',
      payload: {
        card_number: spaced(card.number),
        expiry: TEST_CARD_EXPIRY,
        phone: '+998901112299',
      },
    });
    expect(created.statusCode).toBe(200);
    const { card_id: cardId } = created.json<{ card_id: number }>();
    const confirmed = await call({
      method: 'POST',
      url: '/api/payments/card/confirm',
      payload: { card_id: cardId, code: TEST_CARD_CODE },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      data: { masked_number: `${card.number.slice(0, 6)}******${card.number.slice(-4)}` },
    });

    // The same number typed where it does not belong: each is refused, none is echoed or logged.
    const misplaced: InjectOptions[] = [
      { method: 'DELETE', url: `/api/payments/cards/${card.number}` },
      { method: 'POST', url: `/api/payments/cards/${card.number}/default` },
      { method: 'GET', url: `/api/payments/cards?number=${card.number}` },
      {
        method: 'POST',
        url: '/api/payments/card/create',
        payload: { card_number: card.number, expiry: TEST_CARD_EXPIRY, phone: card.number },
      },
      {
        method: 'POST',
        url: '/api/payments/card/create',
        payload: { [spaced(card.number)]: true, expiry: TEST_CARD_EXPIRY },
      },
      {
        method: 'POST',
        url: '/api/payments/card/create',
        headers: { 'content-type': `text/plain; card=${card.number}` },
        payload: card.number,
      },
      { method: 'POST', url: '/api/payments/card/confirm', payload: `{"card_id": ${card.number}` },
    ];
    for (const options of misplaced) {
      const answer = await call(options);
      expect(
        answer.statusCode,
        `${options.method ?? ''} ${options.url as string}`,
      ).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }

    const listed = await call({ method: 'GET', url: '/api/payments/cards' });
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(1);

    // Only card calls were made: no catalogue answer with its 17-digit product codes (some of
    // which pass Luhn) is in what is scanned.
    const logged = stand.logs.text();
    expect(logged).toContain('/api/payments/card/create');
    expect(findPans(logged)).toEqual([]);
    for (const answer of answers) {
      expect(findPans(answer.body), answer.body.slice(0, 200)).toEqual([]);
    }
    expect(findPans(JSON.stringify(await stand.outbox()))).toEqual([]);
  });
});
