import {
  formatMoney,
  orderItemNaming,
  type Language,
  type OrderItem,
  type OrderStatus,
  type PaymentType,
} from '@shop/shared';

type DeliveryType = 'pickup' | 'courier' | 'express';

export interface OrderTexts {
  placed: (number: string) => string;
  /** A card order's confirmation, sent once it is paid. */
  paid: (number: string) => string;
  total: string;
  delivery: string;
  payment: string;
  deliveryTypes: Record<DeliveryType, string>;
  paymentTypes: Record<PaymentType, string>;
  /** With payment on receipt: cash or card at a shop's till. */
  receiptPayments: Record<'cash' | 'card', string>;
  pickupAt: (store: string) => string;
  statusChanged: (number: string, status: string) => string;
  statuses: Record<OrderStatus, string>;
  paymentReceived: (number: string, total: string) => string;
  paymentDeclined: (number: string) => string;
  /** Money came for an order already cancelled: it goes back. */
  paidCancelled: (number: string, total: string) => string;
  refundMade: (number: string, total: string) => string;
  /** The inline button that opens the order in the Mini App. */
  openOrder: string;
}

type Row = Readonly<Record<Language, string>>;

/**
 * Every text in the three languages side by side, so a missing or stale translation shows.
 * Plain text, nothing to escape; `{name}` marks a value filled in (see `fill`).
 */
const TABLE = {
  placed: {
    uz: 'Buyurtma №{number} qabul qilindi. Rahmat!',
    ru: 'Заказ №{number} оформлен. Спасибо!',
    en: 'Order №{number} is placed. Thank you!',
  },
  paid: {
    uz: 'Buyurtma №{number} toʻlandi. Rahmat!',
    ru: 'Заказ №{number} оплачен. Спасибо!',
    en: 'Order №{number} is paid. Thank you!',
  },
  total: { uz: 'Jami', ru: 'Итого', en: 'Total' },
  delivery: { uz: 'Yetkazib berish', ru: 'Доставка', en: 'Delivery' },
  payment: { uz: 'Toʻlov', ru: 'Оплата', en: 'Payment' },
  deliveryPickup: {
    uz: 'Doʻkondan olib ketish',
    ru: 'Самовывоз из магазина',
    en: 'Pickup from a shop',
  },
  deliveryCourier: {
    uz: 'Kuryer orqali eshikkacha',
    ru: 'Курьером до двери',
    en: 'Courier to the door',
  },
  deliveryExpress: { uz: 'Taksi orqali tezkor', ru: 'Экспресс на такси', en: 'Express by taxi' },
  paymentOnReceipt: {
    uz: 'Qabul qilganda toʻlash',
    ru: 'Оплата при получении',
    en: 'Payment on receipt',
  },
  paymentCard: { uz: 'Karta orqali onlayn', ru: 'Картой онлайн', en: 'Card online' },
  paymentClick: { uz: 'Click ilovasi', ru: 'Приложение Click', en: 'Click app' },
  paymentPayme: { uz: 'Payme ilovasi', ru: 'Приложение Payme', en: 'Payme app' },
  paymentTelegram: { uz: 'Telegram orqali', ru: 'Через Telegram', en: 'In Telegram' },
  receiptCash: { uz: 'naqd pul', ru: 'наличными', en: 'cash' },
  receiptCard: { uz: 'karta', ru: 'картой', en: 'card' },
  pickupAt: { uz: 'Doʻkon: {store}', ru: 'Магазин: {store}', en: 'Shop: {store}' },
  statusChanged: {
    uz: 'Buyurtma №{number}: {status}.',
    ru: 'Заказ №{number}: {status}.',
    en: 'Order №{number}: {status}.',
  },
  paymentReceived: {
    uz: 'Buyurtma №{number} uchun {total} toʻlov qabul qilindi.',
    ru: 'Оплата {total} по заказу №{number} получена.',
    en: 'Payment of {total} for order №{number} received.',
  },
  paymentDeclined: {
    uz: 'Buyurtma №{number} uchun toʻlov rad etildi. Buyurtma kutmoqda: boshqa karta bilan toʻlang.',
    ru: 'Оплата по заказу №{number} отклонена. Заказ ждёт: оплатите другой картой.',
    en: 'The payment for order №{number} was declined. The order is waiting: pay with another card.',
  },
  paidCancelled: {
    uz: 'Buyurtma №{number} uchun {total} toʻlov qabul qilindi, lekin buyurtma bekor qilingan. Pul qaytariladi.',
    ru: 'Оплата {total} по заказу №{number} получена, но заказ отменён. Деньги будут возвращены.',
    en: 'Payment of {total} for order №{number} received, but the order is cancelled. The money will be returned.',
  },
  refundMade: {
    uz: 'Buyurtma №{number} uchun {total} qaytarildi. Pul bir necha kun ichida kartangizga tushadi.',
    ru: 'По заказу №{number} возвращено {total}. Деньги поступят на карту в течение нескольких дней.',
    en: '{total} for order №{number} has been refunded. It reaches your card within a few days.',
  },
  openOrder: { uz: 'Buyurtmani ochish', ru: 'Открыть заказ', en: 'Open order' },
} as const satisfies Record<string, Row>;

/** Order statuses as a sentence's end ("Order №…: confirmed."). */
const STATUSES: Readonly<Record<OrderStatus, Row>> = {
  new: { uz: 'yangi', ru: 'новый', en: 'new' },
  confirmed: { uz: 'tasdiqlandi', ru: 'подтверждён', en: 'confirmed' },
  assembling: { uz: 'yigʻilmoqda', ru: 'собирается', en: 'being assembled' },
  ready_for_pickup: { uz: 'olib ketishga tayyor', ru: 'готов к выдаче', en: 'ready for pickup' },
  delivering: { uz: 'yoʻlda', ru: 'в пути', en: 'on the way' },
  completed: { uz: 'bajarildi', ru: 'выполнен', en: 'completed' },
  cancelled: { uz: 'bekor qilindi', ru: 'отменён', en: 'cancelled' },
};

/** Puts values into a template's `{name}` marks (a value is inserted as is, `$` included). */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark);
}

function textsIn(language: Language): OrderTexts {
  const t = (key: keyof typeof TABLE): string => TABLE[key][language];
  return {
    placed: (number) => fill(t('placed'), { number }),
    paid: (number) => fill(t('paid'), { number }),
    total: t('total'),
    delivery: t('delivery'),
    payment: t('payment'),
    deliveryTypes: {
      pickup: t('deliveryPickup'),
      courier: t('deliveryCourier'),
      express: t('deliveryExpress'),
    },
    paymentTypes: {
      on_receipt: t('paymentOnReceipt'),
      card: t('paymentCard'),
      click: t('paymentClick'),
      payme: t('paymentPayme'),
      telegram: t('paymentTelegram'),
    },
    receiptPayments: { cash: t('receiptCash'), card: t('receiptCard') },
    pickupAt: (store) => fill(t('pickupAt'), { store }),
    statusChanged: (number, status) => fill(t('statusChanged'), { number, status }),
    statuses: {
      new: STATUSES.new[language],
      confirmed: STATUSES.confirmed[language],
      assembling: STATUSES.assembling[language],
      ready_for_pickup: STATUSES.ready_for_pickup[language],
      delivering: STATUSES.delivering[language],
      completed: STATUSES.completed[language],
      cancelled: STATUSES.cancelled[language],
    },
    paymentReceived: (number, total) => fill(t('paymentReceived'), { number, total }),
    paymentDeclined: (number) => fill(t('paymentDeclined'), { number }),
    paidCancelled: (number, total) => fill(t('paidCancelled'), { number, total }),
    refundMade: (number, total) => fill(t('refundMade'), { number, total }),
    openOrder: t('openOrder'),
  };
}

/** What the bot says about orders, in the store's three languages. */
export const ORDER_TEXTS: Readonly<Record<Language, OrderTexts>> = {
  uz: textsIn('uz'),
  ru: textsIn('ru'),
  en: textsIn('en'),
};

/**
 * One order line as a message lists it, named in the chat's language when the order carries that
 * language, else as it was bought.
 */
export function orderLineText(item: OrderItem, language: Language): string {
  const { name } = orderItemNaming(item, language);
  return `• ${name} × ${item.quantity} — ${formatMoney(item.total, language)}`;
}
