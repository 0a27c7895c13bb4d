// Saved cards through the real routes, the real Payme adapter and the sandbox over HTTP: add,
// confirm by the texted code, resend, list, remove, choose the default; and every way adding a
// card can go wrong gets a clear error and leaves nothing behind.
import { SavedCardsResponseSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCards } from '../db/schema';
import { call, signIn } from '../testing/http-client';
import {
  addCard,
  confirmCard,
  createCard,
  GOOD_CARD,
  HUMO_CARD,
  listCards,
  NO_SMS_CARD,
  OTHER_GOOD_CARD,
  UNKNOWN_CARD,
} from '../testing/payments';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';
import { bankPhone } from './sandbox/test-cards';

describe.each(DATABASE_KINDS)('saved cards on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  async function cardRows(userId: number) {
    return t.db.select().from(paymentCards).where(eq(paymentCards.userId, userId));
  }

  it('adds a card: the code goes to the card’s phone, confirming it lists the card, masked', async () => {
    const { token } = await signIn(t);
    const outboxBefore = (await t.outbox()).length;
    const created = await createCard(t, token, '8600 0691 9540 6311');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      card_id: expect.any(Number) as number,
      phone: '99890*****11',
      resend_after: 60,
      code_length: 6,
    });
    const sms = (await t.outbox()).slice(outboxBefore);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.phone).toBe(bankPhone(GOOD_CARD));
    expect(sms[0]?.text).toContain('666666');
    // Not listed until confirmed.
    expect(await listCards(t, token)).toEqual([]);

    const { card_id: cardId } = created.body as { card_id: number };
    const confirmed = await confirmCard(t, token, cardId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      data: {
        id: cardId,
        masked_number: '860006******6311',
        expiry: '03/99',
        brand: 'uzcard',
        is_default: true,
      },
    });
    expect(await listCards(t, token)).toEqual([
      {
        id: cardId,
        masked_number: '860006******6311',
        expiry: '03/99',
        brand: 'uzcard',
        is_default: true,
      },
    ]);
  });

  it('keeps the first card as the default, lists it first, and switches the default', async () => {
    const { token } = await signIn(t);
    const first = await addCard(t, token, GOOD_CARD);
    const humo = await addCard(t, token, HUMO_CARD);
    expect(first.is_default).toBe(true);
    expect(humo).toMatchObject({
      brand: 'humo',
      masked_number: '986010******0008',
      is_default: false,
    });
    expect((await listCards(t, token)).map((c) => [c.id, c.is_default])).toEqual([
      [first.id, true],
      [humo.id, false],
    ]);

    const switched = await call(t, 'POST', `/api/payments/cards/${humo.id}/default`, { token });
    expect(switched.status).toBe(200);
    expect(
      SavedCardsResponseSchema.parse(switched.body).data.map((c) => [c.id, c.is_default]),
    ).toEqual([
      [humo.id, true],
      [first.id, false],
    ]);
  });

  it('removes a card here and at the processor; the next card becomes the default', async () => {
    const { token, userId } = await signIn(t);
    const first = await addCard(t, token, GOOD_CARD);
    const second = await addCard(t, token, OTHER_GOOD_CARD);
    const removesBefore = t.sandbox.calls('cards.remove');
    const removed = await call(t, 'DELETE', `/api/payments/cards/${first.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: [{ ...second, is_default: true }] });
    expect(t.sandbox.calls('cards.remove')).toBe(removesBefore + 1);
    expect((await cardRows(userId)).find((r) => r.id === first.id)?.state).toBe('removed');
    // Removing it again: it is gone.
    const again = await call(t, 'DELETE', `/api/payments/cards/${first.id}`, { token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'card_not_found' });
  });

  it('still removes a card when the processor is down (the failure is only logged)', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, GOOD_CARD);
    t.sandbox.setOutage(true);
    try {
      const removed = await call(t, 'DELETE', `/api/payments/cards/${card.id}`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ data: [] });
    } finally {
      t.sandbox.setOutage(false);
    }
    expect(t.logs.some((line) => line.includes('did not remove a card token'))).toBe(true);
  });

  it('replaces a card saved again instead of listing it twice', async () => {
    const { token } = await signIn(t);
    const first = await addCard(t, token, GOOD_CARD);
    const again = await addCard(t, token, GOOD_CARD);
    expect(await listCards(t, token)).toEqual([{ ...again, is_default: true }]);
    expect(again.id).not.toBe(first.id);
  });

  it.each([
    ['a typo (Luhn fails)', '8600069195406312'],
    ['15 digits', '860006919540631'],
    ['17 digits', '86000691954063110'],
    ['letters', '8600 0691 9540 63ab'],
  ])('refuses %s with 400 and asks the processor nothing', async (_label, number) => {
    const { token, userId } = await signIn(t);
    const creates = t.sandbox.calls('cards.create');
    const answer = await createCard(t, token, number);
    expect(answer.status).toBe(400);
    const body = answer.body as { code: string; details: { field: string }[] };
    expect(body.code).toBe('validation_error');
    expect(body.details.map((detail) => detail.field)).toContain('card_number');
    expect(t.sandbox.calls('cards.create')).toBe(creates);
    expect(await cardRows(userId)).toEqual([]);
  });

  it('refuses a card past its expiry before the number goes anywhere', async () => {
    const { token, userId } = await signIn(t);
    const creates = t.sandbox.calls('cards.create');
    // The test clock stands in March 2026.
    const answer = await createCard(t, token, GOOD_CARD, '02/26');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'card_expired',
      details: [{ field: 'expiry', message: 'This card has expired' }],
    });
    expect(t.sandbox.calls('cards.create')).toBe(creates);
    expect(await cardRows(userId)).toEqual([]);
    // A 13th month is not a date at all: that is the request's fault, 400.
    expect((await createCard(t, token, GOOD_CARD, '13/30')).status).toBe(400);
  });

  it('refuses a number the processor does not know, or the wrong expiry, with card_invalid', async () => {
    const { token, userId } = await signIn(t);
    const unknown = await createCard(t, token, UNKNOWN_CARD);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'card_invalid' });
    const wrongExpiry = await createCard(t, token, GOOD_CARD, '04/99');
    expect(wrongExpiry.status).toBe(422);
    expect(wrongExpiry.body).toMatchObject({ code: 'card_invalid' });
    expect(await cardRows(userId)).toEqual([]);
  });

  it('refuses a card without SMS service and keeps nothing of it', async () => {
    const { token, userId } = await signIn(t);
    const answer = await createCard(t, token, NO_SMS_CARD);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'card_sms_unavailable' });
    expect((await cardRows(userId)).map((r) => r.state)).toEqual(['removed']);
    expect(await listCards(t, token)).toEqual([]);
  });

  it('answers 503 when the processor is down, and saves nothing', async () => {
    const { token, userId } = await signIn(t);
    t.sandbox.setOutage(true);
    try {
      const answer = await createCard(t, token, GOOD_CARD);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ code: 'payment_unavailable' });
    } finally {
      t.sandbox.setOutage(false);
    }
    expect(await cardRows(userId)).toEqual([]);
  });

  it('counts wrong codes down to the try limit, then burns the confirmation', async () => {
    const { token } = await signIn(t);
    const created = await createCard(t, token, GOOD_CARD);
    const { card_id: cardId } = created.body as { card_id: number };
    const first = await confirmCard(t, token, cardId, '123456');
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ code: 'card_code_invalid', attempts_left: 2 });
    const second = await confirmCard(t, token, cardId, '654321');
    expect(second.body).toMatchObject({ code: 'card_code_invalid', attempts_left: 1 });
    const third = await confirmCard(t, token, cardId, '111111');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'card_code_attempts_exceeded' });
    // The right code no longer helps, and no new code can be asked for.
    const right = await confirmCard(t, token, cardId);
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'card_code_attempts_exceeded' });
    t.clock.advance(61_000);
    const resend = await call(t, 'POST', '/api/payments/card/resend', {
      token,
      body: { card_id: cardId },
    });
    expect(resend.status).toBe(429);
    expect(resend.body).toMatchObject({ code: 'card_code_attempts_exceeded' });
    expect(await listCards(t, token)).toEqual([]);
  });

  it('resends a code only after the wait, and a resend keeps the wrong tries', async () => {
    const { token } = await signIn(t);
    const created = await createCard(t, token, GOOD_CARD);
    const { card_id: cardId } = created.body as { card_id: number };
    expect((await confirmCard(t, token, cardId, '000000')).body).toMatchObject({
      attempts_left: 2,
    });
    const resend = () =>
      call(t, 'POST', '/api/payments/card/resend', { token, body: { card_id: cardId } });
    const early = await resend();
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'card_code_resend_too_soon' });
    expect((early.body as { retry_after: number }).retry_after).toBeGreaterThan(0);
    expect(early.headers['retry-after']).toBeDefined();

    t.clock.advance(60_000);
    const outboxBefore = (await t.outbox()).length;
    const later = await resend();
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ card_id: cardId, resend_after: 60, code_length: 6 });
    expect((await t.outbox()).length).toBe(outboxBefore + 1);
    expect((await confirmCard(t, token, cardId, '000001')).body).toMatchObject({
      attempts_left: 1,
    });
    expect((await confirmCard(t, token, cardId)).status).toBe(200);
  });

  it('says a code has expired, and a new code confirms the card', async () => {
    const { token } = await signIn(t);
    const created = await createCard(t, token, GOOD_CARD);
    const { card_id: cardId } = created.body as { card_id: number };
    t.clock.advance(6 * 60_000);
    const late = await confirmCard(t, token, cardId);
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'card_code_expired' });
    expect(
      (await call(t, 'POST', '/api/payments/card/resend', { token, body: { card_id: cardId } }))
        .status,
    ).toBe(200);
    expect((await confirmCard(t, token, cardId)).status).toBe(200);
  });

  it('treats another shopper’s card exactly like a missing one', async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const saved = await addCard(t, owner.token, GOOD_CARD);
    const pending = await createCard(t, owner.token, OTHER_GOOD_CARD);
    const { card_id: pendingId } = pending.body as { card_id: number };
    const attempts = [
      confirmCard(t, stranger.token, pendingId),
      call(t, 'POST', '/api/payments/card/resend', {
        token: stranger.token,
        body: { card_id: pendingId },
      }),
      call(t, 'DELETE', `/api/payments/cards/${saved.id}`, { token: stranger.token }),
      call(t, 'POST', `/api/payments/cards/${saved.id}/default`, { token: stranger.token }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'card_not_found' });
    }
    expect(await listCards(t, stranger.token)).toEqual([]);
    expect(await listCards(t, owner.token)).toEqual([saved]);
    // The owner's pending card was not touched by the stranger's guess.
    expect((await confirmCard(t, owner.token, pendingId, '999999')).body).toMatchObject({
      attempts_left: 2,
    });
  });

  it('never sends the processor’s token to the browser', async () => {
    const { token, userId } = await signIn(t);
    await addCard(t, token, GOOD_CARD);
    const [row] = await cardRows(userId);
    const answer = await call(t, 'GET', '/api/payments/cards', { token });
    expect(row?.providerToken.length).toBeGreaterThan(20);
    expect(answer.text).not.toContain(row?.providerToken ?? 'no token');
  });
});
