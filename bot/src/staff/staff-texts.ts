// What the bot says to staff, in the shop's three languages side by side (Uzbek Latin writes ʻ).
// Plain text: the card escapes every value it puts in, and these hold no markup.
import type { Language, OrderStatus } from '@shop/shared';
import { fill } from '../telegram/order-texts';

type Row = Readonly<Record<Language, string>>;

const TABLE = {
  order: { uz: 'Buyurtma №{number}', ru: 'Заказ №{number}', en: 'Order №{number}' },
  status: { uz: 'Holati', ru: 'Статус', en: 'Status' },
  movedBy: { uz: '{who}, {at}', ru: '{who}, {at}', en: '{who}, {at}' },
  theShop: { uz: 'doʻkon', ru: 'магазин', en: 'the shop' },
  deliveryPrice: { uz: 'Yetkazib berish', ru: 'Доставка', en: 'Delivery' },
  total: { uz: 'Jami', ru: 'Итого', en: 'Total' },
  flat: { uz: 'xonadon {value}', ru: 'кв. {value}', en: 'flat {value}' },
  entrance: { uz: 'podyezd {value}', ru: 'подъезд {value}', en: 'entrance {value}' },
  floor: { uz: 'qavat {value}', ru: 'этаж {value}', en: 'floor {value}' },
  intercom: { uz: 'domofon {value}', ru: 'домофон {value}', en: 'intercom {value}' },
  comment: { uz: 'Izoh', ru: 'Комментарий', en: 'Comment' },
  map: { uz: 'Xaritada', ru: 'На карте', en: 'On the map' },
  recipient: { uz: 'Qabul qiluvchi', ru: 'Получатель', en: 'Recipient' },
  payment: { uz: 'Toʻlov', ru: 'Оплата', en: 'Payment' },
  payOnReceipt: {
    uz: 'qabul qilganda ({how})',
    ru: 'при получении ({how})',
    en: 'on receipt ({how})',
  },
  cash: { uz: 'naqd', ru: 'наличными', en: 'cash' },
  cardAtTill: { uz: 'karta bilan', ru: 'картой', en: 'by card' },
  paidByCard: { uz: 'karta bilan toʻlangan', ru: 'оплачен картой', en: 'paid by card' },
  paidWith: { uz: '{how} orqali toʻlangan', ru: 'оплачен: {how}', en: 'paid: {how}' },
  waitingForPayment: {
    uz: 'toʻlov kutilmoqda (karta)',
    ru: 'ждём оплату картой',
    en: 'waiting for card payment',
  },
  waitingForPaymentVia: {
    uz: 'toʻlov kutilmoqda ({how})',
    ru: 'ждём оплату ({how})',
    en: 'waiting for payment ({how})',
  },
  refund: { uz: 'Qaytarish', ru: 'Возврат', en: 'Refund' },
  refundDueByHand: {
    uz: '{amount} qaytarish kerak: {provider} kabinetida, tranzaksiya {id}',
    ru: 'нужно вернуть {amount} в кабинете {provider}, транзакция {id}',
    en: '{amount} to refund in the {provider} office, transaction {id}',
  },
  refundUnderWay: {
    uz: '{amount} qaytarilmoqda ({provider}, {id})',
    ru: 'возвращаем {amount} ({provider}, {id})',
    en: 'refunding {amount} ({provider}, {id})',
  },
  refundMade: {
    uz: '{amount} qaytarildi, {at} ({provider}, {id})',
    ru: 'возвращено {amount}, {at} ({provider}, {id})',
    en: '{amount} refunded, {at} ({provider}, {id})',
  },
  payUntil: { uz: '{at} gacha', ru: 'до {at}', en: 'until {at}' },
  providerPaymeCard: { uz: 'Payme, karta', ru: 'Payme, карта', en: 'Payme, card' },
  providerClickCard: { uz: 'Click, karta', ru: 'Click, карта', en: 'Click, card' },
  providerClick: { uz: 'Click ilovasi', ru: 'приложение Click', en: 'Click app' },
  providerPayme: { uz: 'Payme ilovasi', ru: 'приложение Payme', en: 'Payme app' },
  providerTelegram: { uz: 'Telegram', ru: 'Telegram', en: 'Telegram' },
  cancelAsk: {
    uz: 'Buyurtma №{number} bekor qilinsinmi? Tovarlar omborga qaytadi.',
    ru: 'Отменить заказ №{number}? Товары вернутся на склад.',
    en: 'Cancel order №{number}? Its items go back on sale.',
  },
  cancelYes: { uz: 'Ha, bekor qilish', ru: 'Да, отменить', en: 'Yes, cancel' },
  back: { uz: 'Orqaga', ru: 'Назад', en: 'Back' },
  notAllowed: {
    uz: 'Sizga buyurtmalarni oʻzgartirish mumkin emas.',
    ru: 'Вам нельзя менять заказы.',
    en: 'You are not allowed to change orders.',
  },
  notStaffChat: {
    uz: 'Buyurtmalar faqat xodimlar chatida oʻzgartiriladi.',
    ru: 'Заказы меняются только в чате сотрудников.',
    en: 'Orders are changed only in the staff chat.',
  },
  movedAlready: {
    uz: 'Kechikdingiz: {who} allaqachon oʻzgartirdi ({status}).',
    ru: 'Уже изменён: {who} успел раньше ({status}).',
    en: 'Too late: {who} moved it first ({status}).',
  },
  moved: { uz: 'Bajarildi: {status}.', ru: 'Готово: {status}.', en: 'Done: {status}.' },
  refused: {
    uz: 'Oʻzgartirib boʻlmadi: {why}',
    ru: 'Не изменён: {why}',
    en: 'Not changed: {why}',
  },
  failed: {
    uz: 'Doʻkon javob bermadi, birozdan keyin qayta bosing.',
    ru: 'Магазин не ответил, нажмите ещё раз чуть позже.',
    en: 'The shop did not answer; press again in a moment.',
  },
  badButton: {
    uz: 'Bu tugma eskirgan. /order bilan buyurtmani qayta oching.',
    ru: 'Эта кнопка устарела. Откройте заказ заново через /order.',
    en: 'This button is out of date. Open the order again with /order.',
  },
  noButtons: {
    uz: 'Bu doʻkonda buyurtmani shu yerdan oʻzgartirib boʻlmaydi.',
    ru: 'В этом магазине заказы отсюда не меняются.',
    en: 'Orders cannot be moved from here in this shop.',
  },
  openHeader: { uz: 'Ochiq buyurtmalar', ru: 'Открытые заказы', en: 'Open orders' },
  openNone: {
    uz: 'Ochiq buyurtmalar yoʻq.',
    ru: 'Открытых заказов нет.',
    en: 'There are no open orders.',
  },
  orderUsage: {
    uz: 'Shunday yozing: /order UY-001001',
    ru: 'Напишите так: /order UY-001001',
    en: 'Write it like this: /order UY-001001',
  },
  orderUnknown: {
    uz: '№{number} buyurtma topilmadi.',
    ru: 'Заказ №{number} не найден.',
    en: 'There is no order №{number}.',
  },
  cardComing: {
    uz: 'Buyurtma kartasi yuborilmoqda.',
    ru: 'Карточка заказа сейчас придёт.',
    en: 'The order card is on its way.',
  },
} as const satisfies Record<string, Row>;

/** What a button moving an order to each status says. */
const MOVE_BUTTONS: Readonly<Record<OrderStatus, Row>> = {
  new: { uz: 'Yangi', ru: 'Новый', en: 'New' },
  confirmed: { uz: '✅ Tasdiqlash', ru: '✅ Подтвердить', en: '✅ Confirm' },
  assembling: { uz: '📦 Yigʻishni boshlash', ru: '📦 Собирать', en: '📦 Start assembling' },
  ready_for_pickup: {
    uz: '🏬 Olib ketishga tayyor',
    ru: '🏬 Готов к выдаче',
    en: '🏬 Ready for pickup',
  },
  delivering: {
    uz: '🚚 Yetkazishga berildi',
    ru: '🚚 Передан в доставку',
    en: '🚚 Out for delivery',
  },
  completed: { uz: '🏁 Yakunlash', ru: '🏁 Выполнен', en: '🏁 Completed' },
  cancelled: { uz: '✖️ Bekor qilish', ru: '✖️ Отменить', en: '✖️ Cancel' },
};

export type StaffTextKey = keyof typeof TABLE;

/** A staff text in `language`, with its `{name}` marks filled. */
export function staffText(
  language: Language,
  key: StaffTextKey,
  values: Readonly<Record<string, string>> = {},
): string {
  return fill(TABLE[key][language], values);
}

export function moveButtonText(language: Language, to: OrderStatus): string {
  return MOVE_BUTTONS[to][language];
}
