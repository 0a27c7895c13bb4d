// The bot's side of an order, as a shopper in Telegram lives it, written once for
// the specs that run it: bot-messages.spec.ts on one shop, cluster.spec.ts on two servers behind
// one balancer. Sign in inside Telegram (the app links the chat), order in the app, and the chat
// receives exactly one confirmation in the shopper's language with an "Open order" button; the
// operator's command moves the order along its road and each change arrives once, in order; the
// button opens the order's page, whose timeline lists the same statuses.
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { TELEGRAM_LINK_PATHS, formatMoney, type Order, type OrderStatus } from '@shop/shared';
import type { BotShop } from './bot-shop';
import { checkoutWith, lineOf, nextOrderAnswer, orderOf } from './checkout';
import { completeSignIn } from './sign-in';
import { uniquePhone } from './sms-outbox';
import { mainButtonState, openInTelegram, pressMainButton, type LaunchOptions } from './telegram';

/** What a journey needs of the shop: where it is, its bot's Telegram, the operator's command. */
export type JourneyShop = Pick<
  BotShop,
  'baseUrl' | 'dataDir' | 'telegram' | 'messagesTo' | 'moveOrder'
>;

/** What the shopper reads, written out here rather than taken from the bot's or app's own texts. */
const READS = {
  ru: {
    placed: (number: string) => `Заказ №${number} оформлен. Спасибо!`,
    total: 'Итого',
    changed: (number: string, status: string) => `Заказ №${number}: ${status}.`,
    inChat: {
      new: 'новый',
      confirmed: 'подтверждён',
      assembling: 'собирается',
      ready_for_pickup: 'готов к выдаче',
      delivering: 'в пути',
      completed: 'выполнен',
      cancelled: 'отменён',
    },
    openOrder: 'Открыть заказ',
    onPage: {
      new: 'Новый',
      confirmed: 'Подтверждён',
      assembling: 'Собирается',
      ready_for_pickup: 'Готов к выдаче',
      delivering: 'В пути',
      completed: 'Выполнен',
      cancelled: 'Отменён',
    },
    orderHeading: (number: string) => `Заказ ${number}`,
    history: 'Статус заказа',
    chooseShop: 'Выберите магазин',
    name: 'Имя',
    surname: 'Фамилия',
    placeOrder: 'Подтвердить заказ',
    placedPage: 'Заказ подтверждён!',
  },
  uz: {
    placed: (number: string) => `Buyurtma №${number} qabul qilindi. Rahmat!`,
    total: 'Jami',
    changed: (number: string, status: string) => `Buyurtma №${number}: ${status}.`,
    inChat: {
      new: 'yangi',
      confirmed: 'tasdiqlandi',
      assembling: 'yigʻilmoqda',
      ready_for_pickup: 'olib ketishga tayyor',
      delivering: 'yoʻlda',
      completed: 'bajarildi',
      cancelled: 'bekor qilindi',
    },
    openOrder: 'Buyurtmani ochish',
    onPage: {
      new: 'Yangi',
      confirmed: 'Tasdiqlangan',
      assembling: 'Yigʻilmoqda',
      ready_for_pickup: 'Olib ketishga tayyor',
      delivering: 'Yoʻlda',
      completed: 'Bajarildi',
      cancelled: 'Bekor qilindi',
    },
    orderHeading: (number: string) => `Buyurtma ${number}`,
    history: 'Buyurtma holati',
    chooseShop: 'Doʻkonni tanlang',
    name: 'Ism',
    surname: 'Familiya',
    placeOrder: 'Buyurtma berish',
    placedPage: 'Buyurtma tasdiqlandi!',
  },
} as const;

export type Lang = keyof typeof READS;

/** Where the operator's command takes each kind of order after "new". */
export const ROAD = {
  pickup: ['confirmed', 'assembling', 'ready_for_pickup', 'completed'],
  courier: ['confirmed', 'assembling', 'delivering', 'completed'],
} as const satisfies Record<string, readonly OrderStatus[]>;

/** What the operator's command prints for each status (it speaks English). */
const OPERATOR_READS: Record<OrderStatus, string> = {
  new: 'new',
  confirmed: 'confirmed',
  assembling: 'being assembled',
  ready_for_pickup: 'ready for pickup',
  delivering: 'out for delivery',
  completed: 'completed',
  cancelled: 'cancelled',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const main = (page: Page) => page.getByRole('main');

/** The app's own POST /tg/link, which links the Telegram chat that opened it to the account. */
export function appLinksChat(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === TELEGRAM_LINK_PATHS.link &&
      response.request().method() === 'POST',
  );
}

/** The inline keyboard of a sent message: each button's text and where it leads. */
function buttonsOf(payload: Record<string, unknown>): { text: string; url: string }[] {
  const markup = payload.reply_markup as
    { inline_keyboard?: { text: string; url?: string; web_app?: { url: string } }[][] } | undefined;
  return (markup?.inline_keyboard ?? [])
    .flat()
    .map((button) => ({ text: button.text, url: button.url ?? button.web_app?.url ?? '' }));
}

/**
 * Opens where the chat's button leads, the way Telegram would: the shop's own page (a local http
 * shop gets a plain link, an https one the same URL as a Mini App), or the Mini App with its
 * `startapp` payload when the button is a t.me link.
 */
async function openFromChat(
  shop: JourneyShop,
  page: Page,
  url: string,
  launch: LaunchOptions,
): Promise<void> {
  const target = new URL(url);
  if (target.hostname === 't.me') {
    const startParam = target.searchParams.get('startapp') ?? '';
    await openInTelegram(page, '/', { ...launch, startParam });
  } else {
    expect(target.origin).toBe(shop.baseUrl);
    await openInTelegram(page, `${target.pathname}${target.search}`, launch);
  }
}

export async function placeInApp(
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  how: keyof typeof ROAD,
): Promise<Order> {
  const t = READS[lang];
  await checkoutWith(page, request, lang, [await lineOf(request, 'porcelain-mug', lang, 2)]);
  if (how === 'pickup') {
    await main(page)
      .getByRole('radiogroup', { name: t.chooseShop })
      .getByRole('radio')
      .first()
      .check();
  } else {
    await main(page)
      .getByRole('radio', { name: /Kuryer|Курьер/ })
      .check();
    await expect(page.getByRole('combobox', { name: 'Viloyat' })).toHaveValue('tashkent');
    await page.getByRole('textbox', { name: 'Koʻcha va uy' }).fill('Amir Temur 15');
    await page.getByRole('textbox', { name: 'Xonadon' }).fill('12');
  }
  await page.getByRole('textbox', { name: t.name, exact: true }).fill('Dilnoza');
  await page.getByRole('textbox', { name: t.surname, exact: true }).fill('Karimova');
  await expect.poll(async () => (await mainButtonState(page))?.text).toBe(t.placeOrder);
  const answer = nextOrderAnswer(page, 'create');
  await pressMainButton(page);
  const order = await orderOf(await answer);
  await expect(page.getByText(t.placedPage)).toBeVisible();
  return order;
}

export interface JourneyOptions {
  /** Runs once the order is placed and confirmed in the chat, before its status moves. */
  afterPlaced?: () => void;
}

/**
 * One shopper's journey in `lang`, ordering for `how`, in the chat `chatId`; fails on any message
 * missing, repeated, out of order or in the wrong words.
 */
export async function journey(
  shop: JourneyShop,
  page: Page,
  request: APIRequestContext,
  lang: Lang,
  how: keyof typeof ROAD,
  chatId: number,
  options: JourneyOptions = {},
): Promise<void> {
  const t = READS[lang];
  const launch: LaunchOptions = { languageCode: lang, userId: chatId };

  // Signed in inside Telegram: the app links this Telegram chat to the account.
  await openInTelegram(page, `/${lang}/sign-in?next=/${lang}/account`, launch);
  const linked = appLinksChat(page);
  await completeSignIn(page, uniquePhone(), lang, shop.dataDir);
  // By the path: the sign-in page's own address ends in `?next=/{lang}/account` too.
  await expect(page).toHaveURL((url) => url.pathname === `/${lang}/account`);
  const link = await linked;
  expect(link.status()).toBe(200);
  expect(await link.json()).toEqual({ linked: true, language: lang });

  const order = await placeInApp(page, request, lang, how);
  expect(order.delivery_type).toBe(how);
  const { number } = order;

  // Exactly one confirmation, in the shopper's language, with the order's number, lines, total
  // as the language writes money, and one button that opens the order.
  const sentTo = (call: { payload: Record<string, unknown> }) => call.payload.chat_id === chatId;
  const confirmation = await shop.telegram.waitForCall('sendMessage', sentTo, 20_000);
  const text = String(confirmation.payload.text);
  expect(text.split('\n')[0]).toBe(t.placed(number));
  expect(text).toContain(`${order.items[0]?.name ?? '?'} × 2`);
  expect(text).toContain(`${t.total}: ${formatMoney(order.total, lang)}`);
  const buttons = buttonsOf(confirmation.payload);
  expect(buttons).toHaveLength(1);
  expect(buttons[0]?.text).toBe(t.openOrder);
  const openOrder = buttons[0]?.url ?? '';
  expect(openOrder).toMatch(new RegExp(`(/account/orders/|order_)${escape(number)}$`));

  options.afterPlaced?.();
  // The operator moves the order along its road; each change reaches the chat before the next.
  let from: OrderStatus = 'new';
  for (const status of ROAD[how]) {
    const printed = await shop.moveOrder(number, status);
    expect(printed).toContain(
      `Order ${number}: ${OPERATOR_READS[from]} → ${OPERATOR_READS[status]}.`,
    );
    const expected = t.changed(number, t.inChat[status]);
    const change = await shop.telegram.waitForCall(
      'sendMessage',
      (call) => sentTo(call) && call.payload.text === expected,
      20_000,
    );
    expect(buttonsOf(change.payload)).toEqual(buttons);
    from = status;
  }
  expect(from).toBe('completed');

  // The chat's button opens the order's page in the app, and its timeline is the same road.
  const fromChat = await page.context().newPage();
  await openFromChat(shop, fromChat, openOrder, launch);
  await expect(main(fromChat).getByRole('heading', { name: t.orderHeading(number) })).toBeVisible();
  const steps = main(fromChat).getByRole('region', { name: t.history }).getByRole('listitem');
  const road: OrderStatus[] = ['new', ...ROAD[how]];
  // Every step passed, each with its date and time.
  await expect(steps).toHaveText(
    road.map((status) => new RegExp(`^${escape(t.onPage[status])}.*\\d\\d:\\d\\d$`)),
  );
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');

  // After all that (the page took its time), the chat holds exactly these messages, each once
  // and in order, every one sent at the first try.
  const firstLines = shop
    .messagesTo(chatId)
    .map((call) => String(call.payload.text).split('\n')[0]);
  expect(firstLines).toEqual([
    t.placed(number),
    ...ROAD[how].map((status) => t.changed(number, t.inChat[status])),
  ]);
  expect(shop.telegram.callsOf('sendMessage').filter(sentTo)).toHaveLength(road.length);
}
