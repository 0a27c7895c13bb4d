import type { Language, OrderStatus } from '@shop/shared';

type DeliveryType = 'pickup' | 'courier' | 'express';
type PaymentType = 'on_receipt' | 'card';

export interface OrderTexts {
  placed: (number: string) => string;
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
  /** The inline button that opens the order in the Mini App. */
  openOrder: string;
}

/** What the bot says about orders, in the store's three languages; plain text, nothing to escape. */
export const ORDER_TEXTS: Readonly<Record<Language, OrderTexts>> = {
  uz: {
    placed: (number) => `Buyurtma №${number} qabul qilindi. Rahmat!`,
    total: 'Jami',
    delivery: 'Yetkazib berish',
    payment: 'Toʻlov',
    deliveryTypes: {
      pickup: 'Doʻkondan olib ketish',
      courier: 'Kuryer orqali eshikkacha',
      express: 'Taksi orqali tezkor',
    },
    paymentTypes: { on_receipt: 'Qabul qilganda toʻlash', card: 'Karta orqali onlayn' },
    receiptPayments: { cash: 'naqd pul', card: 'karta' },
    pickupAt: (store) => `Doʻkon: ${store}`,
    statusChanged: (number, status) => `Buyurtma №${number}: ${status}.`,
    statuses: {
      new: 'yangi',
      confirmed: 'tasdiqlandi',
      assembling: 'yigʻilmoqda',
      ready_for_pickup: 'olib ketishga tayyor',
      delivering: 'yoʻlda',
      completed: 'bajarildi',
      cancelled: 'bekor qilindi',
    },
    paymentReceived: (number, total) => `Buyurtma №${number} uchun ${total} toʻlov qabul qilindi.`,
    paymentDeclined: (number) =>
      `Buyurtma №${number} uchun toʻlov rad etildi. Buyurtma kutmoqda: boshqa karta bilan toʻlang.`,
    openOrder: 'Buyurtmani ochish',
  },
  ru: {
    placed: (number) => `Заказ №${number} оформлен. Спасибо!`,
    total: 'Итого',
    delivery: 'Доставка',
    payment: 'Оплата',
    deliveryTypes: {
      pickup: 'Самовывоз из магазина',
      courier: 'Курьером до двери',
      express: 'Экспресс на такси',
    },
    paymentTypes: { on_receipt: 'Оплата при получении', card: 'Картой онлайн' },
    receiptPayments: { cash: 'наличными', card: 'картой' },
    pickupAt: (store) => `Магазин: ${store}`,
    statusChanged: (number, status) => `Заказ №${number}: ${status}.`,
    statuses: {
      new: 'новый',
      confirmed: 'подтверждён',
      assembling: 'собирается',
      ready_for_pickup: 'готов к выдаче',
      delivering: 'в пути',
      completed: 'выполнен',
      cancelled: 'отменён',
    },
    paymentReceived: (number, total) => `Оплата ${total} по заказу №${number} получена.`,
    paymentDeclined: (number) =>
      `Оплата по заказу №${number} отклонена. Заказ ждёт: оплатите другой картой.`,
    openOrder: 'Открыть заказ',
  },
  en: {
    placed: (number) => `Order №${number} is placed. Thank you!`,
    total: 'Total',
    delivery: 'Delivery',
    payment: 'Payment',
    deliveryTypes: {
      pickup: 'Pickup from a shop',
      courier: 'Courier to the door',
      express: 'Express by taxi',
    },
    paymentTypes: { on_receipt: 'Payment on receipt', card: 'Card online' },
    receiptPayments: { cash: 'cash', card: 'card' },
    pickupAt: (store) => `Shop: ${store}`,
    statusChanged: (number, status) => `Order №${number}: ${status}.`,
    statuses: {
      new: 'new',
      confirmed: 'confirmed',
      assembling: 'being assembled',
      ready_for_pickup: 'ready for pickup',
      delivering: 'on the way',
      completed: 'completed',
      cancelled: 'cancelled',
    },
    paymentReceived: (number, total) => `Payment of ${total} for order №${number} received.`,
    paymentDeclined: (number) =>
      `The payment for order №${number} was declined. The order is waiting: pay with another card.`,
    openOrder: 'Open order',
  },
};
