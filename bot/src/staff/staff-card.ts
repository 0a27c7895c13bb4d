// An order's card in the staff chat: what it shows (HTML: every value the shopper typed is
// escaped) and the buttons for the moves the order may make now.
import {
  formatMoney,
  isOpenStatus,
  nextStatus,
  orderItemNaming,
  type Language,
  type Order,
  type OrderStatus,
  type PaymentProvider,
} from '@shop/shared';
import { InlineKeyboard } from 'grammy';
import type { StaffCardState } from '../notifier/store';
import { ORDER_TEXTS } from '../telegram/order-texts';
import { escapeHtml } from '../web/html-escape';
import { encodeStaffAction } from './callback-data';
import { moveButtonText, staffText } from './staff-texts';

/** The shop works on Tashkent time, whatever the server's clock zone. */
const SHOP_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tashkent',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `27.11.2026 10:21`, Tashkent time; the text as given when it is not a time. */
export function shopTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    SHOP_TIME.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/** `+998 90 111 22 33`, which Telegram shows as a phone number to tap; other numbers as given. */
export function phoneText(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const match = /^998(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(digits);
  return match ? `+998 ${match.slice(1).join(' ')}` : phone;
}

function mapUrl(location: { lat: number; lng: number }): string {
  return `https://yandex.uz/maps/?pt=${location.lng},${location.lat}&z=17&l=map`;
}

function deliveryLines(order: Order, language: Language): string[] {
  const t = ORDER_TEXTS[language];
  const kind = `<b>${escapeHtml(t.deliveryTypes[order.delivery_type])}</b>`;
  if (order.delivery_type === 'pickup') {
    return order.store ? [kind, escapeHtml(t.pickupAt(order.store.name))] : [kind];
  }
  const lines = [kind];
  const address = order.address;
  if (address) {
    const parts = [
      address.region,
      address.city,
      address.address,
      address.flat && staffText(language, 'flat', { value: address.flat }),
      address.entrance && staffText(language, 'entrance', { value: address.entrance }),
      address.floor && staffText(language, 'floor', { value: address.floor }),
      address.intercom && staffText(language, 'intercom', { value: address.intercom }),
    ].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
    if (parts.length > 0) lines.push(escapeHtml(parts.join(', ')));
    if (address.comment?.trim()) {
      lines.push(`${staffText(language, 'comment')}: ${escapeHtml(address.comment)}`);
    }
  }
  if (order.location) {
    lines.push(`<a href="${escapeHtml(mapUrl(order.location))}">${staffText(language, 'map')}</a>`);
  }
  return lines;
}

const PROVIDER_TEXT = {
  payme_card: 'providerPaymeCard',
  click_card: 'providerClickCard',
  click: 'providerClick',
  payme: 'providerPayme',
  telegram: 'providerTelegram',
} as const satisfies Record<PaymentProvider, Parameters<typeof staffText>[1]>;

function paymentLine(order: Order, language: Language): string {
  let how: string;
  if (order.payment_type === 'on_receipt') {
    how = staffText(language, 'payOnReceipt', {
      how: staffText(language, order.receipt_payment === 'card' ? 'cardAtTill' : 'cash'),
    });
  } else if (order.payment_status === 'paid') {
    how = order.paid_with
      ? `${staffText(language, 'paidWith', { how: staffText(language, PROVIDER_TEXT[order.paid_with.provider]) })} · ${order.paid_with.transaction_id}`
      : staffText(language, 'paidByCard');
  } else {
    how =
      order.payment_type === 'card'
        ? staffText(language, 'waitingForPayment')
        : staffText(language, 'waitingForPaymentVia', {
            how: ORDER_TEXTS[language].paymentTypes[order.payment_type],
          });
    if (order.pay_until && isOpenStatus(order.status)) {
      how += `, ${staffText(language, 'payUntil', { at: shopTime(order.pay_until) })}`;
    }
  }
  return `${staffText(language, 'payment')}: <b>${escapeHtml(how)}</b>`;
}

/** A paid order's money going back: by hand in the provider's office, under way, or made. */
function refundLines(order: Order, language: Language): string[] {
  const { refund } = order;
  if (!refund) return [];
  const values = {
    amount: formatMoney(refund.amount, language),
    provider: staffText(language, PROVIDER_TEXT[refund.provider]),
    id: refund.transaction_id,
  };
  let text: string;
  if (refund.status === 'made') {
    text = staffText(language, 'refundMade', {
      ...values,
      at: refund.made_at ? shopTime(refund.made_at) : '',
    });
  } else {
    text = staffText(language, refund.automatic ? 'refundUnderWay' : 'refundDueByHand', values);
  }
  const line = `${staffText(language, 'refund')}: <b>${escapeHtml(text)}</b>`;
  // Money staff must return by hand is the card's loudest line.
  return [refund.status === 'due' && !refund.automatic ? `⚠️ ${line}` : line];
}

function statusLine(state: StaffCardState, language: Language): string {
  const status = ORDER_TEXTS[language].statuses[state.status];
  const line = `${staffText(language, 'status')}: <b>${escapeHtml(status)}</b>`;
  if (!state.lastMove) return line;
  const who = state.lastMove.by ?? staffText(language, 'theShop');
  return `${line} — ${escapeHtml(staffText(language, 'movedBy', { who, at: shopTime(state.lastMove.at) }))}`;
}

/** The card's text (HTML parse mode). */
export function staffCardText(state: StaffCardState, language: Language): string {
  const { order } = state;
  const items = order.items.map(
    (item) =>
      `• ${escapeHtml(orderItemNaming(item, language).name)} × ${item.quantity} — ${escapeHtml(formatMoney(item.total, language))}`,
  );
  const money = (amount: number) => escapeHtml(formatMoney(amount, language));
  const totals = [
    ...(order.delivery_price > 0
      ? [`${staffText(language, 'deliveryPrice')}: ${money(order.delivery_price)}`]
      : []),
    `<b>${staffText(language, 'total')}: ${money(order.total)}</b>`,
  ];
  const name = [order.recipient.name, order.recipient.surname].filter(Boolean).join(' ');
  return [
    `<b>${escapeHtml(staffText(language, 'order', { number: order.number }))}</b> · ${shopTime(order.created_at)}`,
    statusLine(state, language),
    '',
    ...items,
    ...totals,
    '',
    ...deliveryLines(order, language),
    '',
    `${staffText(language, 'recipient')}: ${escapeHtml(name)}, ${escapeHtml(phoneText(order.recipient.phone))}`,
    paymentLine(order, language),
    ...refundLines(order, language),
  ].join('\n');
}

/** The moves the order may make now: its next status, and Cancel (which asks first). */
export function staffCardKeyboard(
  state: { order: Pick<Order, 'number' | 'delivery_type'>; status: OrderStatus },
  language: Language,
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const { number } = state.order;
  const next = nextStatus(state.status, state.order.delivery_type);
  if (next !== null && next !== 'cancelled') {
    keyboard.text(
      moveButtonText(language, next),
      encodeStaffAction({ kind: 'move', number, from: state.status, to: next }),
    );
  }
  if (isOpenStatus(state.status)) {
    keyboard.text(
      moveButtonText(language, 'cancelled'),
      encodeStaffAction({ kind: 'ask_cancel', number, from: state.status }),
    );
  }
  return keyboard;
}

/** Cancel asked once more: yes (from the status the card showed), or back to the buttons. */
export function cancelQuestionKeyboard(
  number: string,
  from: OrderStatus,
  language: Language,
): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      staffText(language, 'cancelYes'),
      encodeStaffAction({ kind: 'move', number, from, to: 'cancelled' }),
    )
    .text(staffText(language, 'back'), encodeStaffAction({ kind: 'back', number }));
}
