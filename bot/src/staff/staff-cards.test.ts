// Staff cards through the notifier's send queue: one card per order in the staff chat, in the
// staff language, with what staff need (lines, total, delivery, tappable phone, payment), every
// shopper-typed value escaped; edits of the same card on every later event, never before the
// post they edit, and "message is not modified" taken as done.
import { formatMoney, orderEventId, type OrderEvent } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { cleanUpAfterEach } from '../testing/cleanups';
import { TEST_BOT_TOKEN, startFakeBotApi, type FakeBotApi } from '../testing/fake-bot-api';
import { QUIET_LOGGER, testNotifier } from '../testing/notifier-stand';
import { placedEvent, sampleOrder, statusEvent, waitFor } from '../testing/order-events';
import { decodeStaffAction, encodeStaffAction } from './callback-data';
import { staffCardKeyboard } from './staff-card';

const STAFF_CHAT = -1001234567890;
const SHOPPER = 601;
const SHOPPER_CHAT = 9601;

let store: NotifierStore;
beforeAll(async () => {
  store = await openNotifierStore({ staffChatId: STAFF_CHAT });
  await store.ensureStaffChat(STAFF_CHAT, 'en', new Date());
  await store.linkChat({ userId: SHOPPER, chatId: SHOPPER_CHAT, language: 'en' }, new Date());
});
afterAll(async () => {
  await store.close();
});
const cleanUpLater = cleanUpAfterEach();

async function startSending(language: 'en' | 'ru' = 'en'): Promise<{
  api: FakeBotApi;
  record: (events: OrderEvent[]) => Promise<string[]>;
}> {
  const api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  cleanUpLater(() => api.close());
  const notifier = testNotifier({
    store,
    apiRoot: api.apiRoot,
    sender: { staffCards: { language, buttons: true } },
  });
  notifier.start(QUIET_LOGGER);
  cleanUpLater(() => notifier.stop());
  return { api, record: (events) => notifier.record(events) };
}

function staffCalls(api: FakeBotApi, method: string) {
  return api.callsOf(method).filter((call) => call.payload.chat_id === STAFF_CHAT);
}

async function settled(): Promise<void> {
  await waitFor('every send settled', async () =>
    (await store.sends()).every((send) => send.state !== 'pending'),
  );
}

function buttonsOf(markup: unknown): { text: string; callback_data: string }[] {
  if (typeof markup !== 'object' || markup === null || !('inline_keyboard' in markup)) return [];
  const rows: unknown = markup.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  return rows.flat().map((button: unknown) => {
    const text =
      typeof button === 'object' && button !== null && 'text' in button ? button.text : '';
    const data =
      typeof button === 'object' && button !== null && 'callback_data' in button
        ? button.callback_data
        : '';
    return { text: String(text), callback_data: String(data) };
  });
}

describe('staff cards', () => {
  it('posts one card per new order with its lines, total, delivery, phone and payment, escaped', async () => {
    const { api, record } = await startSending();
    const order = sampleOrder('UY-002001', {
      address: {
        region: 'Tashkent',
        city: null,
        address: 'Amir Temur 1',
        flat: '12',
        entrance: '3',
        floor: '4',
        intercom: '12K',
        comment: 'Ring <b>twice</b> & wait',
      },
      location: { lat: 41.3111, lng: 69.2797 },
      recipient: { name: 'Dilnoza <i>', surname: 'Karimova', phone: '+998901234567' },
    });
    // The same event told twice (pushed and polled) is one card.
    await record([placedEvent(SHOPPER, order)]);
    await record([placedEvent(SHOPPER, order)]);
    await settled();
    const posts = staffCalls(api, 'sendMessage');
    expect(posts).toHaveLength(1);
    const post = posts[0]?.payload;
    expect(post?.parse_mode).toBe('HTML');
    const text = String(post?.text);
    expect(text).toContain('<b>Order №UY-002001</b> · 24.11.2026 12:00');
    expect(text).toContain(`• Tea cup × 2 — ${formatMoney(90_000, 'en')}`);
    expect(text).toContain(`Delivery: ${formatMoney(25_000, 'en')}`);
    expect(text).toContain(`<b>Total: ${formatMoney(115_000, 'en')}</b>`);
    expect(text).toContain('Tashkent, Amir Temur 1, flat 12, entrance 3, floor 4, intercom 12K');
    expect(text).toContain('Comment: Ring &lt;b&gt;twice&lt;/b&gt; &amp; wait');
    expect(text).toContain('href="https://yandex.uz/maps/?pt=69.2797,41.3111&amp;z=17&amp;l=map"');
    expect(text).toContain('Recipient: Dilnoza &lt;i&gt; Karimova, +998 90 123 45 67');
    expect(text).toContain('Payment: <b>on receipt (cash)</b>');
    expect(text).not.toContain('<i>');
    expect(buttonsOf(post?.reply_markup)).toEqual([
      { text: '✅ Confirm', callback_data: 'm:UY-002001:n:c' },
      { text: '✖️ Cancel', callback_data: 'c:UY-002001:n' },
    ]);
    // The shopper got their own message, as before.
    expect(
      api.callsOf('sendMessage').filter((c) => c.payload.chat_id === SHOPPER_CHAT),
    ).toHaveLength(1);
  });

  it('edits the same card on each move, a payment and a hold running out, with who moved it', async () => {
    const { api, record } = await startSending('ru');
    const order = sampleOrder('UY-002002', {
      payment_type: 'card',
      receipt_payment: null,
      payment_status: 'unpaid',
      pay_until: '2026-11-24T07:15:00.000Z',
    });
    await record([placedEvent(SHOPPER, order)]);
    await settled();
    const [post] = staffCalls(api, 'sendMessage');
    expect(String(post?.payload.text)).toContain(
      'Оплата: <b>ждём оплату картой, до 24.11.2026 12:15</b>',
    );
    const cardId = (await store.staffCardMessage('UY-002002', STAFF_CHAT)) ?? 0;
    expect(cardId).toBeGreaterThan(0);

    const confirmed: OrderEvent = { ...statusEvent(SHOPPER, order, 'confirmed'), by: 'Ali (@ali)' };
    await record([confirmed]);
    await settled();
    const paid: OrderEvent = {
      id: orderEventId(order.number, { type: 'payment_received', attempt: 7 }),
      type: 'payment_received',
      at: '2026-11-24T08:05:00.000Z',
      user_id: SHOPPER,
      order: { ...order, status: 'confirmed', payment_status: 'paid' },
    };
    await record([paid]);
    await settled();
    const shown = api.message(STAFF_CHAT, cardId);
    expect(shown?.text).toContain('Статус: <b>подтверждён</b> — Ali (@ali), 24.11.2026 13:00');
    expect(shown?.text).toContain('Оплата: <b>оплачен картой</b>');
    expect(buttonsOf(shown?.replyMarkup).map((b) => b.callback_data)).toEqual([
      'm:UY-002002:c:a',
      'c:UY-002002:c',
    ]);
    // A hold running out: cancelled by the shop itself; no buttons are left.
    const other = sampleOrder('UY-002003', {
      payment_type: 'card',
      receipt_payment: null,
      payment_status: 'unpaid',
      pay_until: '2026-11-24T07:15:00.000Z',
    });
    await record([placedEvent(SHOPPER, other)]);
    await record([statusEvent(SHOPPER, other, 'cancelled')]);
    await settled();
    const otherId = Number(await store.staffCardMessage('UY-002003', STAFF_CHAT));
    const expired = api.message(STAFF_CHAT, otherId);
    expect(expired?.text).toContain('Статус: <b>отменён</b> — магазин, 24.11.2026 13:00');
    // No deadline is offered any more, nor any button.
    expect(expired?.text).toContain('Оплата: <b>ждём оплату картой</b>');
    expect(buttonsOf(expired?.replyMarkup)).toEqual([]);
    // Only edits after the posts: one card per order.
    expect(staffCalls(api, 'sendMessage')).toHaveLength(2);
    expect(staffCalls(api, 'editMessageText').every((c) => c.ok)).toBe(true);
  });

  it('names who took the money and the refund staff owe by hand, then the refund made', async () => {
    const { api, record } = await startSending('ru');
    const order = sampleOrder('UY-002009', {
      payment_type: 'payme',
      receipt_payment: null,
      payment_status: 'unpaid',
      pay_until: '2026-11-24T07:15:00.000Z',
    });
    await record([placedEvent(SHOPPER, order)]);
    await settled();
    const cardId = Number(await store.staffCardMessage('UY-002009', STAFF_CHAT));
    expect(api.message(STAFF_CHAT, cardId)?.text).toContain(
      'Оплата: <b>ждём оплату (Приложение Payme), до 24.11.2026 12:15</b>',
    );
    const paidWith = {
      provider: 'payme' as const,
      transaction_id: '5305e3bab097f420a62ced0b',
      at: '2026-11-24T07:05:00.000Z',
    };
    const refund = {
      status: 'due' as const,
      amount: 115_000,
      provider: 'payme' as const,
      transaction_id: paidWith.transaction_id,
      automatic: false,
      made_at: null,
    };
    const cancelled: OrderEvent = {
      ...statusEvent(SHOPPER, order, 'cancelled'),
      order: {
        ...order,
        status: 'cancelled',
        payment_status: 'paid',
        paid_with: paidWith,
        refund,
      },
    };
    await record([cancelled]);
    await settled();
    const due = api.message(STAFF_CHAT, cardId)?.text ?? '';
    expect(due).toContain('Оплата: <b>оплачен: приложение Payme · 5305e3bab097f420a62ced0b</b>');
    expect(due).toContain(
      `⚠️ Возврат: <b>нужно вернуть ${formatMoney(115_000, 'ru')} в кабинете приложение Payme, транзакция 5305e3bab097f420a62ced0b</b>`,
    );
    const refunded: OrderEvent = {
      id: orderEventId(order.number, { type: 'refund_made', refund: 1 }),
      type: 'refund_made',
      at: '2026-11-24T08:00:00.000Z',
      user_id: SHOPPER,
      order: {
        ...cancelled.order,
        refund: { ...refund, status: 'made', made_at: '2026-11-24T08:00:00.000Z' },
      },
    };
    await record([refunded]);
    await settled();
    const made = api.message(STAFF_CHAT, cardId)?.text ?? '';
    expect(made).toContain(
      `Возврат: <b>возвращено ${formatMoney(115_000, 'ru')}, 24.11.2026 13:00`,
    );
    expect(made).not.toContain('⚠️');
  });

  it('never edits before the post, and counts "message is not modified" as done', async () => {
    const { api, record } = await startSending();
    const order = sampleOrder('UY-002004');
    // Telegram is down for the post: the edit behind it waits, then both go, in order.
    api.failNext('sendMessage', 502, 'Bad Gateway');
    await record([placedEvent(SHOPPER, order), statusEvent(SHOPPER, order, 'confirmed')]);
    await settled();
    const mine = api.calls.filter(
      (c) =>
        c.payload.chat_id === STAFF_CHAT &&
        String(c.payload.text).includes('UY-002004') &&
        ['sendMessage', 'editMessageText'].includes(c.method),
    );
    const firstEdit = mine.findIndex((c) => c.method === 'editMessageText');
    const lastPost = mine.map((c) => c.method).lastIndexOf('sendMessage');
    expect(mine.filter((c) => c.method === 'sendMessage' && c.ok)).toHaveLength(1);
    expect(lastPost).toBeLessThan(firstEdit === -1 ? Infinity : firstEdit);
    // The same state told again (a second copy of the move under another id): not modified.
    const again: OrderEvent = {
      ...statusEvent(SHOPPER, order, 'confirmed'),
      id: `${order.number}:status:confirmed:copy`,
    };
    await record([again]);
    await settled();
    const sends = (await store.sends()).filter((s) => s.chatId === STAFF_CHAT);
    expect(sends.every((s) => s.state === 'sent')).toBe(true);
    expect(staffCalls(api, 'editMessageText').some((c) => !c.ok)).toBe(true);
  });
});

describe('staff buttons', () => {
  it('offer the next status of the order’s road and Cancel while it is open', () => {
    const data = (
      status: Parameters<typeof staffCardKeyboard>[0]['status'],
      type: 'pickup' | 'courier' | 'express',
    ) =>
      staffCardKeyboard({ order: { number: 'UY-1', delivery_type: type }, status }, 'en')
        .inline_keyboard.flat()
        .map((button) => ('callback_data' in button ? button.callback_data : ''));
    expect(data('assembling', 'pickup')).toEqual(['m:UY-1:a:r', 'c:UY-1:a']);
    expect(data('assembling', 'courier')).toEqual(['m:UY-1:a:d', 'c:UY-1:a']);
    expect(data('assembling', 'express')).toEqual(['m:UY-1:a:d', 'c:UY-1:a']);
    expect(data('ready_for_pickup', 'pickup')).toEqual(['m:UY-1:r:f', 'c:UY-1:r']);
    expect(data('delivering', 'courier')).toEqual(['m:UY-1:d:f', 'c:UY-1:d']);
    expect(data('completed', 'courier')).toEqual([]);
    expect(data('cancelled', 'pickup')).toEqual([]);
  });

  it('read back exactly what they wrote, and nothing else', () => {
    for (const action of [
      { kind: 'move', number: 'UY-001001', from: 'new', to: 'confirmed' },
      { kind: 'ask_cancel', number: 'UY-001001', from: 'delivering' },
      { kind: 'back', number: 'UY-001001' },
      { kind: 'open', number: 'UY-001001' },
    ] as const) {
      expect(decodeStaffAction(encodeStaffAction(action))).toEqual(action);
    }
    for (const bad of [
      '',
      'm',
      'm:UY-1',
      'm:UY-1:n',
      'm:UY-1:n:n',
      'm:UY-1:n:z',
      'm:UY-1:n:c:x',
      'c:UY-1:n:c',
      'b:UY-1:n',
      'z:UY-1',
      'm::n:c',
      'm:UY 1:n:c',
      'm:<b>:n:c',
      `o:${'9'.repeat(41)}`,
      `m:UY-1:n:c${' '.repeat(70)}`,
      'o:UY-1\n',
    ]) {
      expect(decodeStaffAction(bad)).toBeNull();
    }
  });
});
