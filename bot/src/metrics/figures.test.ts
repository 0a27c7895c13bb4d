import { TEST_CARD_CODE, TEST_CARD_EXPIRY } from '@shop/backend';
import type { Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, startFakeBotApi, type FakeBotApi } from '../testing/fake-bot-api';
import { waitFor } from '../testing/order-events';
import { startNotifierStand, type NotifierStand, type RelayStand } from '../testing/relay-stand';
import { figure, parseScrape, type Series } from '../testing/scrape';
import { DEFAULT_RATE_LIMITS } from '../web/rate-limits';

/**
 * A shopper's purchase through the real server and the real backend, with the bot's messages
 * going to the Bot API stand-in and card charges to the Payme sandbox; then the operator's
 * scrape of /metrics, which must show every figure moved by what happened, and none labelled
 * with an order number or a phone.
 */

const TOKEN = 'prometheus-scrape-token-for-tests-0123';
/** Three chats linked to the shopper: one reads, one is behind a failing Telegram, one blocked. */
const READING_CHAT = 5101;
const UNREACHABLE_CHAT = 5102;
const BLOCKING_CHAT = 5103;
const GOOD_CARD = '8600069195406311';
const INSUFFICIENT_FUNDS_CARD = '8600111111111110';
const SHOPPER_PHONE = '+998901117701';

let api: FakeBotApi;
let notifierStand: NotifierStand;
let stand: RelayStand;

async function scrape(): Promise<Series[]> {
  const answer = await stand.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(answer.body);
}

async function scrapeText(): Promise<string> {
  return (
    await stand.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
  ).body;
}

function sendCode(phone: string) {
  return stand.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone } });
}

/** Adds and confirms a card through the relay; its saved id. */
async function addCard(token: string, number: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}`, 'x-lang': 'en' };
  const created = await stand.app.inject({
    method: 'POST',
    url: '/api/payments/card/create',
    headers,
    payload: { card_number: number, expiry: TEST_CARD_EXPIRY, phone: SHOPPER_PHONE },
  });
  expect(created.statusCode).toBe(200);
  const confirmed = await stand.app.inject({
    method: 'POST',
    url: '/api/payments/card/confirm',
    headers,
    payload: { card_id: created.json<{ card_id: number }>().card_id, code: TEST_CARD_CODE },
  });
  expect(confirmed.statusCode).toBe(200);
  return confirmed.json<{ data: { id: number } }>().data.id;
}

/** A card order placed and paid with `cardId`: the pay call's answer. */
async function placeAndPay(token: string, cardId: number) {
  const placed = await stand.placePickupOrder(
    { token },
    { slug: 'granite-frying-pan', paymentType: 'card' },
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json<{ data: Order }>().data;
  const paid = await stand.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(order.number)}/pay`,
    headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' },
    payload: { card_id: cardId },
  });
  return { order, paid };
}

beforeAll(async () => {
  api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  api.setFailurePolicy((call) => {
    if (call.method !== 'sendMessage') return undefined;
    if (call.payload.chat_id === UNREACHABLE_CHAT) {
      return { error_code: 502, description: 'Bad Gateway' };
    }
    if (call.payload.chat_id === BLOCKING_CHAT) {
      return { error_code: 403, description: 'Forbidden: bot was blocked by the user' };
    }
    return undefined;
  });
  notifierStand = await startNotifierStand({
    apiRoot: api.apiRoot,
    metrics: { token: TOKEN },
    // Three sign-in codes per address, so the fourth is the server's refusal.
    rateLimits: {
      limits: { ...DEFAULT_RATE_LIMITS, signInCodesPerClient: { max: 3, windowMs: 600_000 } },
      redis: null,
    },
  });
  ({ stand } = notifierStand);
}, 180_000);

afterAll(async () => {
  await notifierStand.close();
  await api.close();
}, 60_000);

describe('the figures for the operator', () => {
  it('move with a scripted purchase: requests, backend calls, orders, codes, charges, bot messages, limits', async () => {
    const before = await scrape();
    const moved = (after: readonly Series[], name: string, labels?: Record<string, string>) =>
      (figure(after, name, labels) ?? 0) - (figure(before, name, labels) ?? 0);

    // Sign-in: one code sent, one asked again too soon (the backend's refusal), one to another
    // phone, and a fourth from the same address refused by the server's own limit.
    const shopper = await notifierStand.stand.signIn(SHOPPER_PHONE);
    expect((await sendCode(SHOPPER_PHONE)).json()).toMatchObject({ code: 'otp_resend_too_soon' });
    expect((await sendCode('+998901117702')).statusCode).toBe(200);
    expect((await sendCode('+998901117703')).json()).toMatchObject({ code: 'rate_limited' });

    const now = new Date();
    for (const chatId of [READING_CHAT, UNREACHABLE_CHAT, BLOCKING_CHAT]) {
      await notifierStand.store.linkChat({ userId: shopper.id, chatId, language: 'en' }, now);
    }

    // An order on receipt, an order refused (no such shop), two card orders: one paid, one
    // declined (insufficient funds).
    const onReceipt = await stand.placePickupOrder(shopper, { slug: 'granite-frying-pan' });
    expect(onReceipt.statusCode).toBe(201);
    const refused = await stand.placePickupOrder(shopper, {
      slug: 'granite-frying-pan',
      storeId: 999_999,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const refusedCode = refused.json<{ code: string }>().code;
    const goodCard = await addCard(shopper.token, GOOD_CARD);
    const paid = await placeAndPay(shopper.token, goodCard);
    expect(paid.paid.statusCode).toBe(200);
    expect(paid.paid.json()).toMatchObject({ data: { payment_status: 'paid' } });
    const poorCard = await addCard(shopper.token, INSUFFICIENT_FUNDS_CARD);
    const declined = await placeAndPay(shopper.token, poorCard);
    expect(declined.paid.json()).toMatchObject({ code: 'payment_declined' });

    // Three orders, three chats: the reading chat gets two messages (the order on receipt
    // placed, the card order paid; the declined one waits on its payment page, unannounced), the
    // blocking one blocks at the first, the unreachable one's keep waiting, tried again and again.
    // Waited for in the store: a message counts once its row is marked, after Telegram answered.
    await waitFor(
      'the reading chat has its two messages',
      async () =>
        (await notifierStand.store.sends()).filter(
          (send) => send.chatId === READING_CHAT && send.state === 'sent',
        ).length === 2,
    );
    await waitFor('the blocking chat is marked blocked', async () =>
      (await notifierStand.store.sends()).some(
        (send) => send.chatId === BLOCKING_CHAT && send.state === 'blocked',
      ),
    );
    await waitFor(
      'a message to the unreachable chat was tried again',
      () =>
        api.callsOf('sendMessage').filter((call) => call.payload.chat_id === UNREACHABLE_CHAT)
          .length >= 3,
    );

    const after = await scrape();
    // Requests, by the call's route pattern and status.
    expect(
      moved(after, 'http_requests_total', { route: '/api/orders', method: 'POST', status: '201' }),
    ).toBe(3);
    expect(
      moved(after, 'http_requests_total', { route: '/api/orders/:tid/pay', status: '200' }),
    ).toBe(1);
    expect(
      moved(after, 'http_requests_total', { route: '/api/auth/send-otp', status: '429' }),
    ).toBe(2);
    expect(
      moved(after, 'http_request_duration_seconds_count', { route: '/api/orders/:tid/pay' }),
    ).toBe(2);
    expect(
      moved(after, 'http_request_duration_seconds_sum', { route: '/api/orders/:tid/pay' }),
    ).toBeGreaterThan(0);

    // Backend calls per backend and call, with their times.
    expect(
      moved(after, 'shop_backend_requests_total', {
        backend: 'ecommerce',
        call: 'createOrder',
        outcome: 'ok',
      }),
    ).toBe(3);
    expect(
      moved(after, 'shop_backend_requests_total', {
        backend: 'ecommerce',
        call: 'createOrder',
        outcome: 'refused',
      }),
    ).toBe(1);
    expect(
      moved(after, 'shop_backend_requests_total', {
        backend: 'catalog',
        call: 'product',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(4);
    expect(
      moved(after, 'shop_backend_request_duration_seconds_count', {
        backend: 'ecommerce',
        call: 'payOrder',
      }),
    ).toBe(2);

    // What the shopper got done.
    expect(moved(after, 'shop_orders_placed_total')).toBe(3);
    expect(moved(after, 'shop_orders_refused_total', { code: refusedCode })).toBe(1);
    expect(moved(after, 'shop_sign_in_codes_sent_total')).toBe(2);
    expect(moved(after, 'shop_sign_in_codes_failed_total', { code: 'otp_resend_too_soon' })).toBe(
      1,
    );
    expect(moved(after, 'shop_sign_in_codes_failed_total', { code: 'rate_limited' })).toBe(1);
    expect(moved(after, 'shop_card_charges_total', { outcome: 'paid' })).toBe(1);
    expect(moved(after, 'shop_card_charges_total', { outcome: 'declined' })).toBe(1);
    expect(moved(after, 'shop_card_charges_total', { outcome: 'failed' })).toBe(0);

    // The bot's messages: sent, given up (blocked), tried again, and waiting in the store.
    expect(moved(after, 'shop_bot_messages_sent_total')).toBe(2);
    expect(moved(after, 'shop_bot_messages_failed_total', { reason: 'blocked' })).toBe(1);
    expect(moved(after, 'shop_bot_message_retries_total')).toBeGreaterThanOrEqual(1);
    const pending = (await notifierStand.store.sends()).filter((send) => send.state === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(figure(after, 'shop_bot_messages_waiting')).toBe(pending.length);
    expect(figure(before, 'shop_bot_messages_waiting')).toBe(0);
    expect(figure(after, 'shop_bot_messages_oldest_waiting_age_seconds')).toBeGreaterThan(0);

    // Rate-limit refusals: the server's own limit, and the backend's.
    expect(
      moved(after, 'shop_rate_limit_refusals_total', { limit: 'sign_in_codes_per_client' }),
    ).toBe(1);
    expect(moved(after, 'shop_rate_limit_refusals_total', { limit: 'otp_resend_too_soon' })).toBe(
      1,
    );

    // The process: memory and event-loop delay.
    expect(figure(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(figure(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(figure(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // No series is labelled with an order number, a phone or any other long digit run.
    const text = await scrapeText();
    expect(text).not.toContain(paid.order.number);
    const labelValues = after.flatMap((series) => Object.values(series.labels));
    expect(labelValues.filter((value) => /\d{5}/.test(value))).toEqual([]);
    // Some forty requests and three chats at one message a second each: slow beside a full run.
  }, 120_000);
});
