// The code that confirms a new card: the processor texts it to the card's owner, may text it
// again after a wait, and checks it. Wrong codes are counted here too (3 per card), whatever
// the processor's own limit.
import { CARD_CODE_LENGTH, type CardCodeSentResponse } from '@shop/shared';
import { and, eq, lt, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentCards } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { ProcessorError, type CardProcessor, type CodeSent } from './card-processor';
import { cardCallError } from './processor-errors';
import type { CardRow } from './saved-cards';

/** Wrong codes a card's confirmation allows here, whatever the processor's own limit. */
const CARD_CODE_TRIES = 3;
/** When the processor does not say how long to wait before another code. */
const DEFAULT_RESEND_WAIT_MS = 60_000;

export interface CardCodeDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
}

function attemptsExceeded(): ProcessorError {
  return new ProcessorError('code_attempts_exceeded', 'cards.verify');
}

/** Texts a code for a pending card and records when the next one may be asked for. */
export async function sendCardCode(
  deps: CardCodeDeps,
  row: CardRow,
): Promise<CardCodeSentResponse> {
  let sent;
  try {
    sent = await deps.processor.sendCardCode(row.providerToken);
  } catch (error) {
    throw cardCallError(error);
  }
  return recordCodeSent(deps, row, sent);
}

/** Records a code the processor texted for a pending card, and when the next may be asked for. */
export async function recordCodeSent(
  deps: CardCodeDeps,
  row: CardRow,
  sent: CodeSent,
): Promise<CardCodeSentResponse> {
  const at = deps.now();
  const waitMs = sent.waitMs > 0 ? sent.waitMs : DEFAULT_RESEND_WAIT_MS;
  await deps.db
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

/** Texts the pending card's code again, once its wait is over. */
export async function resendCardCode(
  deps: CardCodeDeps,
  row: CardRow,
): Promise<CardCodeSentResponse> {
  const { db } = deps;
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
    throw new ShopError('card_code_resend_too_soon', `A new code can be sent in ${retryAfter} s.`, {
      retryAfter,
    });
  }
  try {
    return await sendCardCode(deps, row);
  } catch (error) {
    // Nothing was sent: the shopper may ask again at once.
    await db.update(paymentCards).set({ codeResendAt: now }).where(eq(paymentCards.id, row.id));
    throw error;
  }
}

/** Checks the pending card's code at the processor; throws the shopper's error when it fails. */
export async function checkCardCode(deps: CardCodeDeps, row: CardRow, code: string): Promise<void> {
  const { db } = deps;
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
    await deps.processor.verifyCard(row.providerToken, code);
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
}
