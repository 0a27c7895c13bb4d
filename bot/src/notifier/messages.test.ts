// What the shopper reads in the chat for each kind of order event, in each language: written out
// here in full, so a changed text or a money format gone wrong shows as a failure.
import { formatMoney, orderEventId, type OrderEvent } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { placedEvent, sampleOrder, statusEvent } from '../testing/order-events';
import { orderEventMessage } from './messages';

const NBSP = '\u00A0';
const HTTPS_SHOP = 'https://shop.example.uz';
const order = sampleOrder('UY-001234');

function paymentEvent(type: 'payment_received' | 'payment_declined'): OrderEvent {
  const paid = sampleOrder('UY-001234', {
    payment_type: 'card',
    receipt_payment: null,
    payment_status: type === 'payment_received' ? 'paid' : 'unpaid',
  });
  return {
    id: orderEventId(paid.number, { type, attempt: 7 }),
    type,
    at: '2026-11-24T07:05:00.000Z',
    user_id: 5,
    order: paid,
  };
}

/** The one button of a message: its label and where it leads. */
function button(event: OrderEvent, language: 'uz' | 'ru' | 'en', publicUrl = HTTPS_SHOP) {
  const rows = orderEventMessage(event, language, publicUrl).replyMarkup.inline_keyboard;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toHaveLength(1);
  return rows[0]?.[0];
}

describe('order messages', () => {
  it('confirms a placed order with its lines, totals, delivery and payment, per language', () => {
    const event = placedEvent(5, order);
    expect(orderEventMessage(event, 'ru', HTTPS_SHOP).text).toBe(
      [
        'Заказ №UY-001234 оформлен. Спасибо!',
        '',
        `• Tea cup × 2 — 90${NBSP}000${NBSP}сум`,
        '',
        `Доставка: 25${NBSP}000${NBSP}сум`,
        `Итого: 115${NBSP}000${NBSP}сум`,
        'Доставка: Курьером до двери',
        'Оплата: Оплата при получении (наличными)',
      ].join('\n'),
    );
    expect(orderEventMessage(event, 'en', HTTPS_SHOP).text).toContain(
      `• Tea cup × 2 — 90,000${NBSP}sum`,
    );
    expect(orderEventMessage(event, 'en', HTTPS_SHOP).text).toContain(`Total: 115,000${NBSP}sum`);
    const uz = orderEventMessage(event, 'uz', HTTPS_SHOP).text;
    expect(uz.split('\n')[0]).toBe('Buyurtma №UY-001234 qabul qilindi. Rahmat!');
    expect(uz).toContain(`Jami: 115${NBSP}000${NBSP}soʻm`);
  });

  it('names the shop of a pickup and leaves out a free delivery', () => {
    const pickup = sampleOrder('UY-001235', {
      delivery_type: 'pickup',
      delivery_price: 0,
      total: 90_000,
      address: null,
      store: {
        id: 2,
        name: 'Chilonzor',
        address: 'Bunyodkor 1',
        phone: '+998712000000',
        hours: '09:00–21:00',
        location: { lat: 41.28, lng: 69.2 },
      },
      receipt_payment: 'card',
    });
    const text = orderEventMessage(placedEvent(5, pickup), 'en', HTTPS_SHOP).text;
    expect(text).toContain('Delivery: Pickup from a shop. Shop: Chilonzor');
    expect(text).toContain('Payment: Payment on receipt (card)');
    expect(text).not.toMatch(/Delivery: 0/);
  });

  it('tells a status change in the chat’s language', () => {
    expect(orderEventMessage(statusEvent(5, order, 'delivering'), 'ru', HTTPS_SHOP).text).toBe(
      'Заказ №UY-001234: в пути.',
    );
    expect(
      orderEventMessage(statusEvent(5, order, 'ready_for_pickup'), 'uz', HTTPS_SHOP).text,
    ).toBe('Buyurtma №UY-001234: olib ketishga tayyor.');
    expect(orderEventMessage(statusEvent(5, order, 'cancelled'), 'en', HTTPS_SHOP).text).toBe(
      'Order №UY-001234: cancelled.',
    );
  });

  it('confirms a card order once paid, with its lines and totals, and a declined one says what to do', () => {
    expect(orderEventMessage(paymentEvent('payment_received'), 'ru', HTTPS_SHOP).text).toBe(
      [
        'Заказ №UY-001234 оплачен. Спасибо!',
        '',
        `• Tea cup × 2 — 90${NBSP}000${NBSP}сум`,
        '',
        `Доставка: 25${NBSP}000${NBSP}сум`,
        `Итого: 115${NBSP}000${NBSP}сум`,
        'Доставка: Курьером до двери',
        'Оплата: Картой онлайн',
      ].join('\n'),
    );
    const paidFirst = placedEvent(5, paymentEvent('payment_received').order);
    expect(orderEventMessage(paidFirst, 'en', HTTPS_SHOP).text.split('\n')[0]).toBe(
      'Order №UY-001234 is paid. Thank you!',
    );
    expect(orderEventMessage(paidFirst, 'uz', HTTPS_SHOP).text.split('\n')[0]).toBe(
      'Buyurtma №UY-001234 toʻlandi. Rahmat!',
    );
    // A payment taken on receipt is told in a line.
    const onReceipt = { ...paymentEvent('payment_received'), order };
    expect(orderEventMessage(onReceipt, 'en', HTTPS_SHOP).text).toBe(
      `Payment of 115,000${NBSP}sum for order №UY-001234 received.`,
    );
    expect(orderEventMessage(paymentEvent('payment_declined'), 'uz', HTTPS_SHOP).text).toBe(
      'Buyurtma №UY-001234 uchun toʻlov rad etildi. Buyurtma kutmoqda: boshqa karta bilan toʻlang.',
    );
  });

  it('opens the order in the Mini App over https, and as a plain link on a local http shop', () => {
    expect(button(paymentEvent('payment_declined'), 'ru')).toEqual({
      text: 'Открыть заказ',
      web_app: { url: 'https://shop.example.uz/ru/account/orders/UY-001234' },
    });
    expect(button(placedEvent(5, order), 'uz', 'http://127.0.0.1:3000')).toEqual({
      text: 'Buyurtmani ochish',
      url: 'http://127.0.0.1:3000/uz/account/orders/UY-001234',
    });
  });
});

describe('refund messages', () => {
  const paidWith = {
    provider: 'telegram' as const,
    transaction_id: 'prov-1',
    at: '2026-11-24T07:05:00.000Z',
  };
  const refunded = (status: 'due' | 'made') =>
    sampleOrder('UY-001235', {
      payment_type: 'telegram',
      receipt_payment: null,
      status: 'cancelled',
      payment_status: 'paid',
      paid_with: paidWith,
      refund: {
        status,
        amount: 115_000,
        provider: 'telegram',
        transaction_id: 'prov-1',
        automatic: false,
        made_at: status === 'made' ? '2026-11-25T07:05:00.000Z' : null,
      },
    });

  it('tells of money that came for a cancelled order, and of the refund once made, per language', () => {
    const late: OrderEvent = {
      id: orderEventId('UY-001235', { type: 'payment_received', attempt: 'telegram-1' }),
      type: 'payment_received',
      at: '2026-11-24T07:05:00.000Z',
      user_id: 5,
      order: refunded('due'),
    };
    expect(orderEventMessage(late, 'ru', HTTPS_SHOP).text).toBe(
      `Оплата ${formatMoney(115_000, 'ru')} по заказу №UY-001235 получена, но заказ отменён. Деньги будут возвращены.`,
    );
    const made: OrderEvent = {
      id: orderEventId('UY-001235', { type: 'refund_made', refund: 3 }),
      type: 'refund_made',
      at: '2026-11-25T07:05:00.000Z',
      user_id: 5,
      order: refunded('made'),
    };
    expect(orderEventMessage(made, 'uz', HTTPS_SHOP).text).toBe(
      `Buyurtma №UY-001235 uchun ${formatMoney(115_000, 'uz')} qaytarildi. Pul bir necha kun ichida kartangizga tushadi.`,
    );
    expect(orderEventMessage(made, 'en', HTTPS_SHOP).text).toBe(
      `${formatMoney(115_000, 'en')} for order №UY-001235 has been refunded. It reaches your card within a few days.`,
    );
  });
});
