// Turns a stored order event into the chat message that tells the shopper about it.
import { formatMoney, type Language, type Order, type OrderEvent } from '@shop/shared';
import { InlineKeyboard } from 'grammy';
import { ORDER_TEXTS, orderLineText } from '../telegram/order-texts';
import { isPaidConfirmation } from './shopper-news';

export interface ChatMessage {
  text: string;
  replyMarkup: InlineKeyboard;
}

/** The order's page in the Mini App (the webapp's `/{lang}/account/orders/{number}`). */
function orderPageUrl(publicUrl: string, language: Language, number: string): string {
  return `${publicUrl}/${language}/account/orders/${encodeURIComponent(number)}`;
}

/** Telegram opens web_app buttons only over https; a local http shop gets a plain link. */
function openOrderButton(publicUrl: string, language: Language, number: string): InlineKeyboard {
  const url = orderPageUrl(publicUrl, language, number);
  const text = ORDER_TEXTS[language].openOrder;
  return url.startsWith('https://')
    ? new InlineKeyboard().webApp(text, url)
    : new InlineKeyboard().url(text, url);
}

/** The order's lines, totals, delivery and payment under `heading`. */
function confirmation(order: Order, language: Language, heading: string): string {
  const t = ORDER_TEXTS[language];
  const lines = order.items.map((item) => orderLineText(item, language));
  const delivery =
    order.delivery_type === 'pickup' && order.store
      ? `${t.deliveryTypes.pickup}. ${t.pickupAt(order.store.name)}`
      : t.deliveryTypes[order.delivery_type];
  const payment =
    order.payment_type === 'on_receipt' && order.receipt_payment
      ? `${t.paymentTypes.on_receipt} (${t.receiptPayments[order.receipt_payment]})`
      : t.paymentTypes[order.payment_type];
  const totals =
    order.delivery_price > 0
      ? [
          `${t.delivery}: ${formatMoney(order.delivery_price, language)}`,
          `${t.total}: ${formatMoney(order.total, language)}`,
        ]
      : [`${t.total}: ${formatMoney(order.total, language)}`];
  return [
    heading,
    '',
    ...lines,
    '',
    ...totals,
    `${t.delivery}: ${delivery}`,
    `${t.payment}: ${payment}`,
  ].join('\n');
}

export function orderEventMessage(
  event: OrderEvent,
  language: Language,
  publicUrl: string,
): ChatMessage {
  const t = ORDER_TEXTS[language];
  const { order } = event;
  let text: string;
  switch (event.type) {
    case 'order_placed':
      // A card order is told of once paid (shopper-news.ts): then it is the paid confirmation.
      text = confirmation(
        order,
        language,
        isPaidConfirmation(event) ? t.paid(order.number) : t.placed(order.number),
      );
      break;
    case 'status_changed':
      text = t.statusChanged(order.number, t.statuses[event.status ?? order.status]);
      break;
    case 'payment_received':
      // A prepaid order's first word in the chat: the whole confirmation, now that it is paid.
      if (order.status === 'cancelled' && order.refund) {
        text = t.paidCancelled(order.number, formatMoney(order.refund.amount, language));
      } else {
        text = isPaidConfirmation(event)
          ? confirmation(order, language, t.paid(order.number))
          : t.paymentReceived(order.number, formatMoney(order.total, language));
      }
      break;
    case 'payment_declined':
      text = t.paymentDeclined(order.number);
      break;
    case 'refund_made':
      text = t.refundMade(order.number, formatMoney(order.refund?.amount ?? order.total, language));
      break;
  }
  return { text, replyMarkup: openOrderButton(publicUrl, language, order.number) };
}
