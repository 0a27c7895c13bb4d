import type { Language } from '@shop/shared';

export interface BotTexts {
  greeting: (firstName: string | undefined) => string;
  help: string;
  fallback: string;
  openShop: string;
  /** The label of the chat menu button next to the message field. */
  menuButton: string;
}

/** Everything the bot says, in the store's three languages; plain text, so nothing to escape. */
export const TEXTS: Readonly<Record<Language, BotTexts>> = {
  uz: {
    greeting: (name) =>
      `Assalomu alaykum${name ? `, ${name}` : ''}! Uy-roʻzgʻor buyumlari doʻkonimizga xush kelibsiz. Doʻkonni ochish uchun quyidagi tugmani bosing.`,
    help: 'Doʻkonni ochish uchun quyidagi tugmani bosing. Buyurtmangiz holati haqidagi xabarlar shu yerga keladi.',
    fallback: 'Doʻkonni ochish uchun quyidagi tugmani bosing.',
    openShop: 'Doʻkonni ochish',
    menuButton: 'Doʻkon',
  },
  ru: {
    greeting: (name) =>
      `Здравствуйте${name ? `, ${name}` : ''}! Добро пожаловать в наш магазин товаров для дома. Нажмите кнопку ниже, чтобы открыть магазин.`,
    help: 'Нажмите кнопку ниже, чтобы открыть магазин. Сообщения о статусе ваших заказов будут приходить сюда.',
    fallback: 'Нажмите кнопку ниже, чтобы открыть магазин.',
    openShop: 'Открыть магазин',
    menuButton: 'Магазин',
  },
  en: {
    greeting: (name) =>
      `Hello${name ? `, ${name}` : ''}! Welcome to our home goods shop. Tap the button below to open the shop.`,
    help: 'Tap the button below to open the shop. Updates about your orders will arrive here.',
    fallback: 'Tap the button below to open the shop.',
    openShop: 'Open the shop',
    menuButton: 'Shop',
  },
};
