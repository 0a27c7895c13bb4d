// A shopper's saved cards once confirmed: the list (active cards only, the default first), the
// one default card (chosen, or the card that last paid), replacing a card saved again, and
// removing one. Every change of one shopper's cards runs under that shopper's row lock, so "is
// there a default?" stays true.
import type { CardBrand, SavedCard } from '@shop/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { paymentCards, users } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { ProcessorError, type CardProcessor } from './card-processor';

export type CardRow = typeof paymentCards.$inferSelect;

function asBrand(value: string): CardBrand {
  return value === 'uzcard' || value === 'humo' || value === 'visa' || value === 'mastercard'
    ? value
    : 'unknown';
}

function toSavedCard(row: CardRow): SavedCard {
  return {
    id: row.id,
    masked_number: row.maskedNumber,
    expiry: row.expiry,
    brand: asBrand(row.brand),
    is_default: row.isDefault,
  };
}

const cardNotFound = () => new ShopError('card_not_found', 'Card not found');

export interface SavedCardsDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  log: FastifyBaseLogger;
}

/** A card of this shopper in `state`; another shopper's card looks exactly like a missing one. */
export async function ownCard(
  db: Db,
  userId: number,
  cardId: number,
  state: string,
): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.id, cardId),
        eq(paymentCards.userId, userId),
        eq(paymentCards.state, state),
      ),
    );
  if (!row) throw cardNotFound();
  return row;
}

async function listCards(db: Db, userId: number): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), eq(paymentCards.state, 'active')))
    .orderBy(desc(paymentCards.isDefault), asc(paymentCards.id));
  return rows.map(toSavedCard);
}

/** Forgets a token at the processor; a failure there is logged and left (the card is gone
 * for us either way, and the token charges nothing without our key). */
export async function forgetToken(
  deps: Pick<SavedCardsDeps, 'processor' | 'log'>,
  token: string,
  cardId: number,
): Promise<void> {
  try {
    await deps.processor.removeCard(token);
  } catch (error) {
    const failure = error instanceof ProcessorError ? error.failure : 'error';
    deps.log.warn({ cardId, failure }, 'the card processor did not remove a card token');
  }
}

/** The confirmed card becomes active; the first one is the default. A card saved again
 * (same masked number and expiry) replaces the old entry and keeps its default mark. */
async function activate(deps: SavedCardsDeps, userId: number, row: CardRow): Promise<SavedCard> {
  const { db } = deps;
  const at = deps.now();
  const replaced: CardRow[] = [];
  const activated = await db.transaction(async (tx) => {
    // One shopper's card changes run one at a time, so "is there a default?" stays true.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const active = await tx
      .select()
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.userId, userId),
          eq(paymentCards.state, 'active'),
          ne(paymentCards.id, row.id),
        ),
      );
    const same = active.filter(
      (card) => card.maskedNumber === row.maskedNumber && card.expiry === row.expiry,
    );
    for (const old of same) {
      await tx
        .update(paymentCards)
        .set({ state: 'removed', isDefault: false })
        .where(eq(paymentCards.id, old.id));
      replaced.push(old);
    }
    const remaining = active.filter((card) => !same.includes(card));
    const isDefault = !remaining.some((card) => card.isDefault);
    const [updated] = await tx
      .update(paymentCards)
      .set({ state: 'active', isDefault, verifiedAt: at, codeResendAt: null })
      .where(and(eq(paymentCards.id, row.id), eq(paymentCards.state, 'pending')))
      .returning();
    return updated;
  });
  for (const old of replaced) await forgetToken(deps, old.providerToken, old.id);
  if (activated) return toSavedCard(activated);
  // Confirmed twice at once: the other request activated it.
  return toSavedCard(await ownCard(db, userId, row.id, 'active'));
}

async function remove(deps: SavedCardsDeps, userId: number, cardId: number): Promise<SavedCard[]> {
  const { db } = deps;
  const row = await ownCard(db, userId, cardId, 'active');
  const removed = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [gone] = await tx
      .update(paymentCards)
      .set({ state: 'removed', isDefault: false })
      .where(and(eq(paymentCards.id, row.id), eq(paymentCards.state, 'active')))
      .returning();
    if (gone && row.isDefault) {
      // The oldest remaining card takes over as the default.
      const [next] = await tx
        .select({ id: paymentCards.id })
        .from(paymentCards)
        .where(and(eq(paymentCards.userId, userId), eq(paymentCards.state, 'active')))
        .orderBy(asc(paymentCards.id))
        .limit(1);
      if (next) {
        await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, next.id));
      }
    }
    return gone;
  });
  if (removed) await forgetToken(deps, row.providerToken, row.id);
  return listCards(db, userId);
}

/**
 * Makes an active card its shopper's one default, in the caller's transaction: chosen on /account,
 * or the card that just paid an order. It takes the shopper's row lock first, as every change of
 * their cards does; a card removed meanwhile changes nothing, so the shopper keeps a default.
 */
export async function makeDefaultCard(tx: Db, userId: number, cardId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [card] = await tx
    .select({ isDefault: paymentCards.isDefault })
    .from(paymentCards)
    .where(
      and(
        eq(paymentCards.id, cardId),
        eq(paymentCards.userId, userId),
        eq(paymentCards.state, 'active'),
      ),
    );
  if (!card || card.isDefault) return;
  // The old default first: the one-default index is checked statement by statement.
  await tx
    .update(paymentCards)
    .set({ isDefault: false })
    .where(and(eq(paymentCards.userId, userId), ne(paymentCards.id, cardId)));
  await tx.update(paymentCards).set({ isDefault: true }).where(eq(paymentCards.id, cardId));
}

async function setDefault(db: Db, userId: number, cardId: number): Promise<SavedCard[]> {
  await ownCard(db, userId, cardId, 'active');
  await db.transaction((tx) => makeDefaultCard(tx, userId, cardId));
  return listCards(db, userId);
}

export function createSavedCards(deps: SavedCardsDeps) {
  const { db } = deps;
  return {
    list: (userId: number) => listCards(db, userId),
    activate: (userId: number, row: CardRow) => activate(deps, userId, row),
    remove: (userId: number, cardId: number) => remove(deps, userId, cardId),
    setDefault: (userId: number, cardId: number) => setDefault(db, userId, cardId),
  };
}
