// Which order events reach a shopper's chat, against the notifier's real store (PGlite): a card
// order says nothing before its money is in, then one paid confirmation; an order never paid is
// still told when it is cancelled.
import { orderEventId, type Order, type OrderEvent } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedEvent, sampleOrder, statusEvent } from '../testing/order-events';
import { openNotifierStore, type NotifierStore } from './store';

let store: NotifierStore;
beforeAll(async () => {
  store = await openNotifierStore({});
  // PGlite takes seconds to start, more on a loaded machine.
}, 120_000);
afterAll(async () => {
  await store.close();
});

function cardOrder(number: string, paid: boolean): Order {
  return sampleOrder(number, {
    payment_type: 'card',
    receipt_payment: null,
    payment_status: paid ? 'paid' : 'unpaid',
    pay_until: paid ? null : '2026-11-24T07:30:00.000Z',
  });
}

function paymentEvent(
  userId: number,
  order: Order,
  type: 'payment_received' | 'payment_declined',
  attempt: number,
): OrderEvent {
  return {
    id: orderEventId(order.number, { type, attempt }),
    type,
    at: '2026-11-24T07:05:00.000Z',
    user_id: userId,
    order,
  };
}

/** The events the chat gets a message of, in order. */
async function toldOf(chatId: number): Promise<string[]> {
  return (await store.sends()).filter((send) => send.chatId === chatId).map((send) => send.eventId);
}

describe('what a shopper’s chat is told', () => {
  it('a card order declined, then paid: one paid confirmation, nothing before it', async () => {
    await store.linkChat({ userId: 901, chatId: 9001, language: 'ru' }, new Date());
    const unpaid = cardOrder('C-901', false);
    const paid = cardOrder('C-901', true);
    await store.recordEvents([placedEvent(901, unpaid)], new Date());
    await store.recordEvents([paymentEvent(901, unpaid, 'payment_declined', 1)], new Date());
    await store.recordEvents([paymentEvent(901, paid, 'payment_received', 2)], new Date());
    // The relay's copy of "placed", from the paid answer, is the same event: nothing more.
    await store.recordEvents([placedEvent(901, paid)], new Date());
    expect(await toldOf(9001)).toEqual(['C-901:payment:2:paid']);
  });

  it('a card order paid before its "placed" arrived: still one confirmation', async () => {
    await store.linkChat({ userId: 902, chatId: 9002, language: 'en' }, new Date());
    const paid = cardOrder('C-902', true);
    await store.recordEvents([placedEvent(902, paid)], new Date());
    await store.recordEvents([paymentEvent(902, paid, 'payment_received', 3)], new Date());
    expect(await toldOf(9002)).toEqual(['C-902:placed']);
  });

  it('a payment told twice (the relay’s paid answer and the backend’s event): one confirmation', async () => {
    await store.linkChat({ userId: 906, chatId: 9006, language: 'en' }, new Date());
    const unpaid = cardOrder('C-906', false);
    const paid = cardOrder('C-906', true);
    await store.recordEvents([placedEvent(906, unpaid)], new Date());
    const fromAnswer: OrderEvent = {
      ...paymentEvent(906, paid, 'payment_received', 0),
      id: orderEventId(paid.number, { type: 'payment_received', attempt: 'answer' }),
    };
    await store.recordEvents([fromAnswer], new Date());
    await store.recordEvents([paymentEvent(906, paid, 'payment_received', 5)], new Date());
    expect(await toldOf(9006)).toEqual(['C-906:payment:answer:paid']);
  });

  it('a card order never paid: its cancellation is told', async () => {
    await store.linkChat({ userId: 903, chatId: 9003, language: 'uz' }, new Date());
    const unpaid = cardOrder('C-903', false);
    await store.recordEvents([placedEvent(903, unpaid)], new Date());
    await store.recordEvents([statusEvent(903, unpaid, 'cancelled')], new Date());
    expect(await toldOf(9003)).toEqual(['C-903:status:cancelled']);
  });

  it('an order paid on receipt is confirmed when placed, and a decline after staff confirmed is told', async () => {
    await store.linkChat({ userId: 904, chatId: 9004, language: 'ru' }, new Date());
    await store.recordEvents([placedEvent(904, sampleOrder('C-904'))], new Date());
    const confirmed = { ...cardOrder('C-905', false), status: 'confirmed' as const };
    await store.recordEvents([paymentEvent(904, confirmed, 'payment_declined', 4)], new Date());
    expect(await toldOf(9004)).toEqual(['C-904:placed', 'C-905:payment:4:declined']);
  });
});
