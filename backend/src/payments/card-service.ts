// The card calls: add a card (add-card.ts: the processor tokenises it and texts its owner a
// code), text the code again and confirm it (card-code.ts), and hand a payment its card;
// listing, removing and the default card are saved-cards.ts. What is kept of a card is the
// processor's token (never sent to a browser), the number masked to its first 6 and last 4
// digits, the brand and the expiry; the full number only passes through on its way to the
// processor.
import { parseCardExpiry, type SavedCard } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { ShopError } from '@shop/shared/server';
import { addCard } from './add-card';
import { checkCardCode, resendCardCode } from './card-code';
import type { CardProcessor } from './card-processor';
import { createSavedCards, ownCard, type CardRow } from './saved-cards';

export interface CardServiceDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  log: FastifyBaseLogger;
}

export function createCardService(deps: CardServiceDeps) {
  const { db } = deps;
  const saved = createSavedCards(deps);

  async function confirm(userId: number, cardId: number, code: string): Promise<SavedCard> {
    const row = await ownCard(db, userId, cardId, 'pending');
    await checkCardCode(deps, row, code);
    return saved.activate(userId, row);
  }

  /** The active card a payment uses, with its token; refused when it has expired since. */
  async function cardForPayment(userId: number, cardId: number): Promise<CardRow> {
    const row = await ownCard(db, userId, cardId, 'active');
    const expiry = parseCardExpiry(row.expiry, deps.now());
    if ('error' in expiry) {
      throw new ShopError('card_expired', 'This card has expired. Pay with another card.');
    }
    return row;
  }

  return {
    create: (userId: number, input: { card_number: string; expiry: string }) =>
      addCard(deps, userId, input),
    resend: async (userId: number, cardId: number) =>
      resendCardCode(deps, await ownCard(db, userId, cardId, 'pending')),
    confirm,
    list: saved.list,
    remove: saved.remove,
    setDefault: saved.setDefault,
    cardForPayment,
  };
}

export type CardService = ReturnType<typeof createCardService>;
