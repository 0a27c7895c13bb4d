// Adding a card: its expiry is judged here, before the number goes anywhere; the processor
// tokenises it and texts its owner a code. Kept is the token, the number masked to its first 6
// and last 4 digits, the brand and the expiry; the full number only passes through.
import {
  CARD_EXPIRY_MESSAGES,
  cardBrand,
  maskCard,
  parseCardExpiry,
  type CardCodeSentResponse,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { paymentCards } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { recordCodeSent, sendCardCode, type CardCodeDeps } from './card-code';
import type { CreatedCard } from './card-processor';
import { cardCallError } from './processor-errors';
import { forgetToken } from './saved-cards';

export interface AddCardDeps extends CardCodeDeps {
  log: FastifyBaseLogger;
}

/** The card's expiry as the processor takes it ('MMYY'), or the shopper's error. */
function expiryOrRefusal(text: string, now: Date): { month: string; year: string } {
  const expiry = parseCardExpiry(text, now);
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
  return {
    month: String(expiry.month).padStart(2, '0'),
    year: String(expiry.year % 100).padStart(2, '0'),
  };
}

export async function addCard(
  deps: AddCardDeps,
  userId: number,
  input: { card_number: string; expiry: string },
): Promise<CardCodeSentResponse> {
  const { db } = deps;
  const now = deps.now();
  const { month, year } = expiryOrRefusal(input.expiry, now);
  let created: CreatedCard;
  try {
    created = await deps.processor.createCard({
      number: input.card_number,
      expire: month + year,
    });
  } catch (error) {
    throw cardCallError(error);
  }
  const { token, codeSent } = created;
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
    // Some processors text the code while tokenising; the others are asked to now.
    return codeSent ? await recordCodeSent(deps, row, codeSent) : await sendCardCode(deps, row);
  } catch (error) {
    // A card that cannot get its code can never be confirmed: drop it at once.
    await db.update(paymentCards).set({ state: 'removed' }).where(eq(paymentCards.id, row.id));
    await forgetToken(deps, row.providerToken, row.id);
    throw error;
  }
}
