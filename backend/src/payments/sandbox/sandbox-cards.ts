// The sandbox's card methods: tokenise a test card, text its code, verify it (three wrong codes
// burn the confirmation), check and remove a token. Only the masked number is kept.
import { randomBytes } from 'node:crypto';
import { maskCard } from '@shop/shared';
import { z } from 'zod';
import type { SmsProvider } from '../../sms/sms-provider';
import { PAYME_ERRORS } from '../payme-protocol';
import { objectId, params, RpcFailure, sameText, type MethodHandlers } from './rpc';
import type { SandboxCard, SandboxStore } from './sandbox-store';
import { bankPhone, testCard, TEST_CARD_CODE, TEST_CARD_EXPIRY } from './test-cards';

/** Wrong codes a card's confirmation allows; the last one burns it. */
const SANDBOX_CODE_TRIES = 3;
/** How long a texted code stays good. */
const SANDBOX_CODE_LIFE_MS = 5 * 60_000;
/** How long before another code may be asked for (Payme says 60 s). */
const SANDBOX_RESEND_WAIT_MS = 60_000;

const CreateParams = z.object({
  card: z.object({ number: z.string(), expire: z.string() }),
  save: z.boolean().optional(),
});
const TokenParams = z.object({ token: z.string() });
const VerifyParams = z.object({ token: z.string(), code: z.string() });

export interface SandboxCardsDeps {
  store: SandboxStore;
  sms: SmsProvider;
  now: () => Date;
}

/** '998900006311' → '99890*****11', as Payme shows the phone it texted. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `${digits.slice(0, 5)}*****${digits.slice(-2)}`;
}

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

const tooManyWrongCodes = () =>
  new RpcFailure(PAYME_ERRORS.codeAttemptsExceeded, 'Too many wrong codes');

async function createCard({ store, now }: SandboxCardsDeps, raw: unknown) {
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
  store.state.cards.push(created);
  await store.save();
  return cardView(created);
}

async function sendCode({ store, sms, now }: SandboxCardsDeps, raw: unknown) {
  const card = liveSandboxCard(store, params(TokenParams, raw).token);
  if (card.behaviour === 'sms_unavailable') {
    throw new RpcFailure(PAYME_ERRORS.smsNotConnected, 'SMS service is not connected');
  }
  if (card.codeTries >= SANDBOX_CODE_TRIES) throw tooManyWrongCodes();
  card.codeSentAt = now().toISOString();
  await store.save();
  // The card's last four only: a text message is no place for a card number.
  await sms.send(
    card.bankPhone,
    `Payme sandbox: ${TEST_CARD_CODE} is the code to link card *${card.masked.slice(-4)}. Do not share it.`,
  );
  return { sent: true, phone: maskPhone(card.bankPhone), wait: SANDBOX_RESEND_WAIT_MS };
}

async function verify({ store, now }: SandboxCardsDeps, raw: unknown) {
  const { token, code } = params(VerifyParams, raw);
  const card = liveSandboxCard(store, token);
  if (card.verified) return cardView(card);
  if (card.codeTries >= SANDBOX_CODE_TRIES) throw tooManyWrongCodes();
  const sentAt = card.codeSentAt === null ? null : Date.parse(card.codeSentAt);
  if (sentAt === null || now().getTime() - sentAt > SANDBOX_CODE_LIFE_MS) {
    throw new RpcFailure(PAYME_ERRORS.codeExpired, 'The code has expired');
  }
  if (!sameText(code, TEST_CARD_CODE)) {
    card.codeTries += 1;
    await store.save();
    if (card.codeTries >= SANDBOX_CODE_TRIES) throw tooManyWrongCodes();
    throw new RpcFailure(PAYME_ERRORS.codeWrong, 'Wrong code');
  }
  card.verified = true;
  await store.save();
  return cardView(card);
}

async function remove({ store }: SandboxCardsDeps, raw: unknown) {
  const card = liveSandboxCard(store, params(TokenParams, raw).token);
  card.removed = true;
  await store.save();
  return { success: true };
}

export function sandboxCardMethods(
  deps: SandboxCardsDeps,
): MethodHandlers<
  'cards.create' | 'cards.get_verify_code' | 'cards.verify' | 'cards.check' | 'cards.remove'
> {
  return {
    'cards.create': (raw) => createCard(deps, raw),
    'cards.get_verify_code': (raw) => sendCode(deps, raw),
    'cards.verify': (raw) => verify(deps, raw),
    'cards.check': (raw) => cardView(liveSandboxCard(deps.store, params(TokenParams, raw).token)),
    'cards.remove': (raw) => remove(deps, raw),
  };
}

/** The live card of a token, for the receipt methods: a removed card pays nothing. */
export function liveSandboxCard(store: SandboxStore, token: string): SandboxCard {
  const card = store.state.cards.find((c) => c.token === token && !c.removed);
  if (!card) throw new RpcFailure(PAYME_ERRORS.tokenNotFound, 'Card not found');
  return card;
}
