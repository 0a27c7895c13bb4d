// What Telegram's payment sheet tells a shopper it refused (pre_checkout_query's error_message),
// and the invoice's own words, in the shop's three languages. Plain text.
import type { Language, TelegramRefusal } from '@shop/shared';

/** Why the sheet may not take the money: the backend's reasons, and the backend not answering. */
export type PaymentRefusal = TelegramRefusal | 'unavailable';

export const REFUSAL_TEXTS: Readonly<Record<Language, Record<PaymentRefusal, string>>> = {
  uz: {
    not_found: 'Buyurtma topilmadi. Doʻkondan qaytadan toʻlab koʻring.',
    paid: 'Bu buyurtma allaqachon toʻlangan.',
    cancelled: 'Bu buyurtma bekor qilingan: toʻlov olinmadi.',
    expired: 'Toʻlov vaqti tugadi: buyurtma endi toʻlovni kutmaydi.',
    amount: 'Buyurtma summasi oʻzgargan. Doʻkondan qaytadan toʻlang.',
    not_prepaid: 'Bu buyurtma qabul qilinganda toʻlanadi.',
    in_progress: 'Bu buyurtma uchun toʻlov allaqachon bajarilmoqda.',
    unavailable: 'Doʻkon hozir javob bermayapti. Birozdan keyin qayta urinib koʻring.',
  },
  ru: {
    not_found: 'Заказ не найден. Попробуйте оплатить ещё раз из магазина.',
    paid: 'Этот заказ уже оплачен.',
    cancelled: 'Этот заказ отменён: оплата не списана.',
    expired: 'Время на оплату истекло: заказ больше не ждёт оплаты.',
    amount: 'Сумма заказа изменилась. Оплатите заново из магазина.',
    not_prepaid: 'Этот заказ оплачивается при получении.',
    in_progress: 'Оплата этого заказа уже идёт.',
    unavailable: 'Магазин сейчас не отвечает. Попробуйте чуть позже.',
  },
  en: {
    not_found: 'Order not found. Try paying again from the shop.',
    paid: 'This order is already paid.',
    cancelled: 'This order was cancelled: nothing was charged.',
    expired: 'The time to pay is over: the order no longer waits for payment.',
    amount: 'The order total has changed. Pay again from the shop.',
    not_prepaid: 'This order is paid on receipt.',
    in_progress: 'A payment for this order is already under way.',
    unavailable: 'The shop is not answering just now. Try again in a moment.',
  },
};

/** The invoice's delivery line. */
export const DELIVERY_LABEL: Readonly<Record<Language, string>> = {
  uz: 'Yetkazib berish',
  ru: 'Доставка',
  en: 'Delivery',
};
