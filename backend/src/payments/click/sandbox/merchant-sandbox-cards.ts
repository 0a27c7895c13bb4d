// The Click stand-in's card token endpoints: tokenise a test card and text its owner a fresh code
// (card_token/request), confirm the token by that code (card_token/verify: three wrong codes burn
// it, a code lives five minutes), and delete a token. Only the masked number and a digest of the
// code are kept.
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { maskCard } from '@shop/shared';
import type { SmsProvider } from '../../../sms/sms-provider';
import {
  CardTokenRequestBody,
  CardTokenVerifyBody,
  CLICK_ERRORS,
} from '../merchant/merchant-protocol';
import { ClickFailure, fields, type ClickHandler } from './merchant-sandbox-requests';
import type { ClickCard, ClickStore } from './merchant-sandbox-store';
import {
  clickBankPhone,
  clickTestCard,
  CLICK_TEST_CARD_EXPIRY,
} from './merchant-sandbox-test-cards';

/** Wrong codes a token's confirmation allows; the last one burns it. */
const CODE_TRIES = 3;
const CODE_LIFE_MS = 5 * 60_000;

export interface MerchantCardsDeps {
  store: ClickStore;
  sms: SmsProvider;
  now: () => Date;
}

function digestOf(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** '+998930005556' → '99893*****56', as the phone texted is shown. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${digits.slice(0, 5)}*****${digits.slice(-2)}`;
}

/** The live token `token`, or Click's "card not found" refusal. */
export function liveClickCard(store: ClickStore, token: string): ClickCard {
  const card = store.state.cards.find((c) => c.token === token && !c.removed);
  if (!card) throw new ClickFailure(CLICK_ERRORS.tokenNotFound, 'Card token not found');
  return card;
}

async function requestToken({ store, sms, now }: MerchantCardsDeps, body: unknown) {
  const asked = fields(CardTokenRequestBody, body);
  const number = asked.card_number.replace(/\s+/g, '');
  const known = clickTestCard(number);
  if (!known) throw new ClickFailure(CLICK_ERRORS.cardNotFound, 'Card not found');
  if (asked.expire_date !== CLICK_TEST_CARD_EXPIRY.replace('/', '')) {
    throw new ClickFailure(CLICK_ERRORS.cardExpiryWrong, 'Wrong expiry date');
  }
  if (known.behaviour === 'sms_unavailable') {
    throw new ClickFailure(CLICK_ERRORS.smsNotConnected, 'SMS informing is not connected');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const card: ClickCard = {
    token: randomUUID().toUpperCase(),
    behaviour: known.behaviour,
    masked: maskCard(number),
    bankPhone: clickBankPhone(number),
    verified: false,
    removed: false,
    codeDigest: digestOf(code),
    codeSentAt: now().toISOString(),
    codeTries: 0,
  };
  store.state.cards.push(card);
  await store.save();
  // The card's last four only: a text message is no place for a card number.
  await sms.send(
    card.bankPhone,
    `CLICK: ${code} is the code to link card *${number.slice(-4)}. Do not share it.`,
  );
  return { card_token: card.token, phone_number: maskPhone(card.bankPhone) };
}

async function verifyToken({ store, now }: MerchantCardsDeps, body: unknown) {
  const { card_token: token, sms_code: code } = fields(CardTokenVerifyBody, body);
  const card = liveClickCard(store, token);
  if (card.verified) return { card_number: card.masked };
  if (card.codeTries >= CODE_TRIES) {
    throw new ClickFailure(CLICK_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');
  }
  if (now().getTime() - Date.parse(card.codeSentAt) > CODE_LIFE_MS) {
    throw new ClickFailure(CLICK_ERRORS.codeExpired, 'The code has expired');
  }
  if (digestOf(code) !== card.codeDigest) {
    card.codeTries += 1;
    await store.save();
    if (card.codeTries >= CODE_TRIES) {
      throw new ClickFailure(CLICK_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');
    }
    throw new ClickFailure(CLICK_ERRORS.codeWrong, 'Wrong SMS code');
  }
  card.verified = true;
  await store.save();
  return { card_number: card.masked };
}

export function merchantCardHandlers(
  deps: MerchantCardsDeps,
): Record<'card_token/request' | 'card_token/verify' | 'card_token/delete', ClickHandler> {
  return {
    'card_token/request': ({ body }) => requestToken(deps, body),
    'card_token/verify': ({ body }) => verifyToken(deps, body),
    'card_token/delete': async ({ params }) => {
      const card = liveClickCard(deps.store, params[1] ?? '');
      card.removed = true;
      await deps.store.save();
      return {};
    },
  };
}
