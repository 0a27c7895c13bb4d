// Test support for cards and card orders: the calls a shopper makes, through the real routes.
import type { Order, SavedCard } from '@shop/shared';
import { FIXTURES } from '../seed/fixtures';
import {
  clickBankPhone,
  CLICK_TEST_CARD_EXPIRY,
} from '../payments/click/sandbox/merchant-sandbox-test-cards';
import { TEST_CARD_CODE, TEST_CARD_EXPIRY } from '../payments/sandbox/test-cards';
import { call, type Answer } from './http-client';
import type { TestBackend } from './test-backend';

/** Payme's published test card: confirms with 666666 and pays. */
export const GOOD_CARD = '8600069195406311';
export const OTHER_GOOD_CARD = '8600495473316478';
export const HUMO_CARD = '9860100000000008';
export const INSUFFICIENT_FUNDS_CARD = '8600111111111110';
export const BLOCKED_CARD = '9860222222222226';
export const STALL_CARD = '8600333333333336';
export const NO_SMS_CARD = '8600444444444449';
/** Passes Luhn; the sandbox knows no such card. */
export const UNKNOWN_CARD = '8600123412341239';

export function createCard(
  t: TestBackend,
  token: string,
  number: string,
  expiry = TEST_CARD_EXPIRY,
): Promise<Answer> {
  return call(t, 'POST', '/api/payments/card/create', {
    token,
    body: { card_number: number, expiry, phone: '+998901112233' },
  });
}

export function confirmCard(
  t: TestBackend,
  token: string,
  cardId: number,
  code = TEST_CARD_CODE,
): Promise<Answer> {
  return call(t, 'POST', '/api/payments/card/confirm', {
    token,
    body: { card_id: cardId, code },
  });
}

/** Adds and confirms a card; answers the saved card. */
export async function addCard(
  t: TestBackend,
  token: string,
  number = GOOD_CARD,
): Promise<SavedCard> {
  const created = await createCard(t, token, number);
  if (created.status !== 200)
    throw new Error(`card create answered ${created.status}: ${created.text}`);
  const { card_id: cardId } = created.body as { card_id: number };
  const confirmed = await confirmCard(t, token, cardId);
  if (confirmed.status !== 200) {
    throw new Error(`card confirm answered ${confirmed.status}: ${confirmed.text}`);
  }
  return (confirmed.body as { data: SavedCard }).data;
}

export async function listCards(t: TestBackend, token: string): Promise<SavedCard[]> {
  const answer = await call(t, 'GET', '/api/payments/cards', { token });
  return (answer.body as { data: SavedCard[] }).data;
}

const mugVariant = FIXTURES.colourVariantProduct.variants[0];

/** Places an order to be paid by card (pickup unless `extra` says otherwise). */
export async function placeCardOrder(
  t: TestBackend,
  token: string,
  extra: object = {},
): Promise<Order> {
  if (!mugVariant) throw new Error('fixture missing');
  const answer = await call(t, 'POST', '/api/orders', {
    token,
    body: {
      items: [{ product_id: mugVariant.id, quantity: 1 }],
      delivery_type: 'pickup',
      store_id: FIXTURES.storeIds[0],
      name: 'Aziz',
      surname: 'Rahimov',
      phone: '+998901112233',
      payment_type: 'card',
      ...extra,
    },
  });
  if (answer.status !== 201) throw new Error(`order answered ${answer.status}: ${answer.text}`);
  return (answer.body as { data: Order }).data;
}

export function payOrder(
  t: TestBackend,
  token: string,
  number: string,
  cardId: number,
): Promise<Answer> {
  return call(t, 'POST', `/api/orders/${number}/pay`, { token, body: { card_id: cardId } });
}

/** The Click stand-in's test cards (merchant-sandbox-test-cards.ts); each expires 03/99. */
export const CLICK_GOOD_CARD = '8600555555555556';
export const CLICK_HUMO_CARD = '9860666666666662';
export const CLICK_INSUFFICIENT_FUNDS_CARD = '8600777777777772';
export const CLICK_BLOCKED_CARD = '9860888888888888';
export const CLICK_EXPIRED_CARD = '8600999999999998';
export const CLICK_STALL_CARD = '8600121212121215';
export const CLICK_NO_SMS_CARD = '9860131313131313';

/** The code the Click stand-in texted last for `number`, read from the SMS outbox. */
export async function clickCode(t: TestBackend, number: string): Promise<string> {
  const phone = clickBankPhone(number);
  const line = (await t.outbox()).filter((l) => l.phone === phone).at(-1);
  const code = /\b(\d{6})\b/.exec(line?.text ?? '')?.[1];
  if (!code) throw new Error(`No Click code in the outbox for card *${number.slice(-4)}`);
  return code;
}

/** Adds a card through Click and confirms it with the code from the outbox. */
export async function addClickCard(
  t: TestBackend,
  token: string,
  number = CLICK_GOOD_CARD,
): Promise<SavedCard> {
  const created = await createCard(t, token, number, CLICK_TEST_CARD_EXPIRY);
  if (created.status !== 200) {
    throw new Error(`card create answered ${created.status}: ${created.text}`);
  }
  const { card_id: cardId } = created.body as { card_id: number };
  const confirmed = await confirmCard(t, token, cardId, await clickCode(t, number));
  if (confirmed.status !== 200) {
    throw new Error(`card confirm answered ${confirmed.status}: ${confirmed.text}`);
  }
  return (confirmed.body as { data: SavedCard }).data;
}
