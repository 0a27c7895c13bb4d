import type { Language } from '@shop/shared';

export interface BotTexts {
  greeting: (firstName: string | undefined) => string;
  help: string;
  fallback: string;
  openShop: string;
  /** The button under a product a /start link named. */
  openProduct: string;
  /** The label of the chat menu button next to the message field. */
  menuButton: string;
  /** /start link_<token>: the chat now gets the account's order messages. */
  linked: string;
  linkUsed: string;
  linkExpired: string;
  linkInvalid: string;
  /** /orders */
  ordersHeader: string;
  ordersNone: string;
  ordersNotLinked: string;
  /** /language */
  languagePrompt: string;
  languageSaved: string;
  /** The command menu (setMyCommands), in this language. */
  commands: Record<BotCommandName, string>;
}

export const BOT_COMMANDS = ['start', 'orders', 'language', 'help'] as const;
export type BotCommandName = (typeof BOT_COMMANDS)[number];

/** Each language by its own name, on the /language buttons. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  uz: 'Oʻzbekcha',
  ru: 'Русский',
  en: 'English',
};

/** Everything the bot says, in the store's three languages; plain text, so nothing to escape. */
export const TEXTS: Readonly<Record<Language, BotTexts>> = {
  uz: {
    greeting: (name) =>
      `Assalomu alaykum${name ? `, ${name}` : ''}! Uy-roʻzgʻor buyumlari doʻkonimizga xush kelibsiz. Doʻkonni ochish uchun quyidagi tugmani bosing.`,
    help: [
      'Buyruqlar:',
      '/start — doʻkonni ochish',
      '/orders — soʻnggi buyurtmalarim',
      '/language — tilni oʻzgartirish',
      '/help — yordam',
      '',
      'Doʻkondagi hisobingiz shu chatga bogʻlangach, buyurtmalaringiz holati haqidagi xabarlar shu yerga keladi.',
    ].join('\n'),
    fallback: 'Doʻkonni ochish uchun quyidagi tugmani bosing.',
    openShop: 'Doʻkonni ochish',
    openProduct: 'Mahsulotni ochish',
    menuButton: 'Doʻkon',
    linked: 'Doʻkondagi hisobingiz buyurtmalari haqidagi xabarlar endi shu yerga keladi.',
    linkUsed:
      'Bu havola allaqachon ishlatilgan. Yangi havolani doʻkondagi hisobingiz sahifasidan oling.',
    linkExpired:
      'Bu havolaning muddati tugagan. Yangi havolani doʻkondagi hisobingiz sahifasidan oling.',
    linkInvalid: 'Bu havola yaroqsiz. Yangi havolani doʻkondagi hisobingiz sahifasidan oling.',
    ordersHeader: 'Soʻnggi buyurtmalaringiz:',
    ordersNone: 'Hozircha buyurtmalaringiz yoʻq. Doʻkonni ochish uchun quyidagi tugmani bosing.',
    ordersNotLinked:
      'Bu chat hali doʻkondagi hisobingizga bogʻlanmagan. Doʻkonni Telegram ichida oching va hisobingizga kiring: buyurtmalaringiz shu yerda koʻrinadi.',
    languagePrompt: 'Tilni tanlang:',
    languageSaved: 'Til: oʻzbekcha. Buyurtmalar haqidagi xabarlar shu tilda keladi.',
    commands: {
      start: 'Doʻkonni ochish',
      orders: 'Soʻnggi buyurtmalarim',
      language: 'Tilni oʻzgartirish',
      help: 'Yordam',
    },
  },
  ru: {
    greeting: (name) =>
      `Здравствуйте${name ? `, ${name}` : ''}! Добро пожаловать в наш магазин товаров для дома. Нажмите кнопку ниже, чтобы открыть магазин.`,
    help: [
      'Команды:',
      '/start — открыть магазин',
      '/orders — мои последние заказы',
      '/language — сменить язык',
      '/help — помощь',
      '',
      'Когда аккаунт в магазине связан с этим чатом, сюда приходят сообщения о статусе ваших заказов.',
    ].join('\n'),
    fallback: 'Нажмите кнопку ниже, чтобы открыть магазин.',
    openShop: 'Открыть магазин',
    openProduct: 'Открыть товар',
    menuButton: 'Магазин',
    linked: 'Сообщения о заказах вашего аккаунта в магазине теперь будут приходить сюда.',
    linkUsed: 'Эта ссылка уже использована. Получите новую на странице аккаунта в магазине.',
    linkExpired: 'Срок действия ссылки истёк. Получите новую на странице аккаунта в магазине.',
    linkInvalid: 'Ссылка недействительна. Получите новую на странице аккаунта в магазине.',
    ordersHeader: 'Ваши последние заказы:',
    ordersNone: 'У вас пока нет заказов. Нажмите кнопку ниже, чтобы открыть магазин.',
    ordersNotLinked:
      'Этот чат ещё не связан с аккаунтом в магазине. Откройте магазин в Telegram и войдите: ваши заказы появятся здесь.',
    languagePrompt: 'Выберите язык:',
    languageSaved: 'Язык: русский. Сообщения о заказах будут приходить на нём.',
    commands: {
      start: 'Открыть магазин',
      orders: 'Мои последние заказы',
      language: 'Сменить язык',
      help: 'Помощь',
    },
  },
  en: {
    greeting: (name) =>
      `Hello${name ? `, ${name}` : ''}! Welcome to our home goods shop. Tap the button below to open the shop.`,
    help: [
      'Commands:',
      '/start — open the shop',
      '/orders — my latest orders',
      '/language — change the language',
      '/help — help',
      '',
      'Once your shop account is linked to this chat, updates about your orders arrive here.',
    ].join('\n'),
    fallback: 'Tap the button below to open the shop.',
    openShop: 'Open the shop',
    openProduct: 'Open the product',
    menuButton: 'Shop',
    linked: 'Order updates for your shop account will come here.',
    linkUsed: 'This link was already used. Get a new one on your account page in the shop.',
    linkExpired: 'This link has expired. Get a new one on your account page in the shop.',
    linkInvalid: 'This link is not valid. Get a new one on your account page in the shop.',
    ordersHeader: 'Your latest orders:',
    ordersNone: 'You have no orders yet. Tap the button below to open the shop.',
    ordersNotLinked:
      'This chat is not linked to a shop account yet. Open the shop in Telegram and sign in: your orders will show here.',
    languagePrompt: 'Choose a language:',
    languageSaved: 'Language: English. Order updates will come in English.',
    commands: {
      start: 'Open the shop',
      orders: 'My latest orders',
      language: 'Change the language',
      help: 'Help',
    },
  },
};
