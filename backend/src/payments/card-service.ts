// The card calls: add a card (the processor tokenises it and texts its owner a code), text the
// code again, confirm it, and hand a payment its card; listing, removing and the default card
// are saved-cards.ts. What is kept of a card is the processor's token (never sent to a browser),
// the number masked to its first 6 and last 4 digits, the brand and the expiry; the full number
// only passes through on its way to the processor.
import {
  CARD_CODE_LENGTH,
  CARD_EXPIRY_MESSAGES,
  cardBrand,
  maskCard,
  parseCardExpiry,
  type CardCodeSentResponse,
  type SavedCard,
} from '@shop/shared';
import { and, eq, lt, lte, or, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { paymentCards } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { ProcessorError, type CardProcessor } from './card-processor';
import { cardCallError } from './processor-errors';
import { createSavedCards, type CardRow } from './saved-cards';

/** Wrong codes a card's confirmation allows here, whatever the processor's own limit. */
const CARD_CODE_TRIES = 3;
/** When the processor does not say how long to wait before another code. */
const DEFAULT_RESEND_WAIT_MS = 60_000;

export interface CardServiceDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  log: FastifyBaseLogger;
}

export function createCardService(deps: CardServiceDeps) {
  const { db, processor } = deps;
  const saved = createSavedCards(deps);
  const { ownCard, forgetToken } = saved;

  /** Texts a code for a pending card and records when the next one may be asked for. */
  async function sendCode(row: CardRow): Promise<CardCodeSentResponse> {
    let sent;
    try {
      sent = await processor.sendCardCode(row.providerToken);
    } catch (error) {
      throw cardCallError(error);
    }
    const at = deps.now();
    const waitMs = sent.waitMs > 0 ? sent.waitMs : DEFAULT_RESEND_WAIT_MS;
    await db
      .update(paymentCards)
      .set({
        codePhone: sent.phone,
        codeSentAt: at,
        codeResendAt: new Date(at.getTime() + waitMs),
      })
      .where(eq(paymentCards.id, row.id));
    return {
      card_id: row.id,
      phone: sent.phone,
      resend_after: Math.ceil(waitMs / 1000),
      code_length: CARD_CODE_LENGTH,
    };
  }

  async function create(
    userId: number,
    input: { card_number: string; expiry: string },
  ): Promise<CardCodeSentResponse> {
    const now = deps.now();
    const expiry = parseCardExpiry(input.expiry, now);
    if ('error' in expiry) {
      const message = CARD_EXPIRY_MESSAGES[expiry.error];
      if (expiry.error === 'past') {
        // Judged here, before the number goes anywhere: an expired card cannot pay.
        throw new ShopError('card_expired', message, {
          details: [{ field: 'expiry', message }],
        });
      }
      throw new ShopError('validation_error', 'The request is not valid', {
        details: [{ field: 'expiry', message }],
      });
    }
    const month = String(expiry.month).padStart(2, '0');
    const year = String(expiry.year % 100).padStart(2, '0');
    let token: string;
    try {
      ({ token } = await processor.createCard({ number: input.card_number, expire: month + year }));
    } catch (error) {
      throw cardCallError(error);
    }
    const [row] = await db
      .insert(paymentCards)
      .values({
        userId,
        providerToken: token,
        maskedNumber: maskCard(input.card_number),
        brand: cardBrand(input.card_number),
        expiry: `${month}/${year}`,
        state: 'pending',
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('Card insert returned nothing');
    try {
      return await sendCode(row);
    } catch (error) {
      // A card that cannot get its code can never be confirmed: drop it at once.
      await db.update(paymentCards).set({ state: 'removed' }).where(eq(paymentCards.id, row.id));
      await forgetToken(row.providerToken, row.id);
      throw error;
    }
  }

  async function resend(userId: number, cardId: number): Promise<CardCodeSentResponse> {
    const row = await ownCard(userId, cardId, 'pending');
    if (row.codeTries >= CARD_CODE_TRIES) throw cardCallError(attemptsExceeded());
    const now = deps.now();
    // Claimed with one conditional update, so two quick taps text one code.
    const claimed = await db
      .update(paymentCards)
      .set({ codeResendAt: new Date(now.getTime() + DEFAULT_RESEND_WAIT_MS) })
      .where(
        and(
          eq(paymentCards.id, row.id),
          or(isNull(paymentCards.codeResendAt), lte(paymentCards.codeResendAt, now)),
        ),
      )
      .returning({ id: paymentCards.id });
    if (claimed.length === 0) {
      const wait = (row.codeResendAt?.getTime() ?? now.getTime()) - now.getTime();
      const retryAfter = Math.max(1, Math.ceil(wait / 1000));
      throw new ShopError(
        'card_code_resend_too_soon',
        `A new code can be sent in ${retryAfter} s.`,
        { retryAfter },
      );
    }
    try {
      return await sendCode(row);
    } catch (error) {
      // Nothing was sent: the shopper may ask again at once.
      await db.update(paymentCards).set({ codeResendAt: now }).where(eq(paymentCards.id, row.id));
      throw error;
    }
  }

  function attemptsExceeded(): ProcessorError {
    return new ProcessorError('code_attempts_exceeded', 'cards.verify');
  }

  async function confirm(userId: number, cardId: number, code: string): Promise<SavedCard> {
    const row = await ownCard(userId, cardId, 'pending');
    // The try is counted before the processor hears the code, so parallel guesses cannot get
    // past the limit.
    const [counted] = await db
      .update(paymentCards)
      .set({ codeTries: sql`${paymentCards.codeTries} + 1` })
      .where(
        and(
          eq(paymentCards.id, row.id),
          eq(paymentCards.state, 'pending'),
          lt(paymentCards.codeTries, CARD_CODE_TRIES),
        ),
      )
      .returning({ tries: paymentCards.codeTries });
    if (!counted) throw cardCallError(attemptsExceeded());
    try {
      await processor.verifyCard(row.providerToken, code);
    } catch (error) {
      const failure = error instanceof ProcessorError ? error.failure : null;
      if (failure === 'code_invalid') {
        const attemptsLeft = Math.max(0, CARD_CODE_TRIES - counted.tries);
        if (attemptsLeft === 0) throw cardCallError(attemptsExceeded());
        throw new ShopError('card_code_invalid', 'The code is not right.', { attemptsLeft });
      }
      if (failure === 'code_attempts_exceeded') {
        await db
          .update(paymentCards)
          .set({ codeTries: CARD_CODE_TRIES })
          .where(eq(paymentCards.id, row.id));
      } else if (
        failure === 'code_expired' ||
        failure === 'unavailable' ||
        failure === 'outcome_unknown'
      ) {
        // Not a guess that went wrong: the try is given back.
        await db
          .update(paymentCards)
          .set({ codeTries: sql`greatest(${paymentCards.codeTries} - 1, 0)` })
          .where(eq(paymentCards.id, row.id));
      }
      throw cardCallError(error);
    }
    return saved.activate(userId, row);
  }

  /** The active card a payment uses, with its token; refused when it has expired since. */
  async function cardForPayment(userId: number, cardId: number): Promise<CardRow> {
    const row = await ownCard(userId, cardId, 'active');
    const expiry = parseCardExpiry(row.expiry, deps.now());
    if ('error' in expiry) {
      throw new ShopError('card_expired', 'This card has expired. Pay with another card.');
    }
    return row;
  }

  return {
    create,
    resend,
    confirm,
    list: saved.list,
    remove: saved.remove,
    setDefault: saved.setDefault,
    cardForPayment,
  };
}

export type CardService = ReturnType<typeof createCardService>;
