// `/start product_<slug>` against the real relay and reference backend (the demo catalogue) and
// the Bot API stand-in: the product's name, price in sum and photo, and a button that opens it.
import { CALLS, formatMoney, ProductResponseSchema, type Language } from '@shop/shared';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN as TOKEN,
  TEST_PUBLIC_URL as PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../testing/fake-bot-api';
import { QUIET_LOGGER } from '../testing/notifier-stand';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { privateMessage } from '../testing/updates';
import { createBot } from './create-bot';
import { productCardsFrom } from './product-cards';
import { TEXTS } from './texts';

let stand: RelayStand;
let api: FakeBotApi;
beforeAll(async () => {
  stand = await startRelayStand({ upstreamTimeoutMs: 10_000, logLevel: 'warn' });
  api = await startFakeBotApi({ token: TOKEN });
  // The backend's PGlite starts cold.
}, 180_000);
afterAll(async () => {
  await api.close();
  await stand.close();
}, 60_000);

function botOn(publicUrl: string) {
  return createBot({
    token: TOKEN,
    apiRoot: api.apiRoot,
    botInfo: TEST_BOT_INFO,
    publicUrl,
    logger: QUIET_LOGGER,
    products: productCardsFrom(stand.app, publicUrl),
  });
}

let nextUpdateId = 1;
function start(chatId: number, payload: string, lang: Language): Update {
  return { update_id: nextUpdateId++, ...privateMessage(chatId, `/start ${payload}`, lang) };
}

async function productIn(slug: string, lang: Language) {
  const answer = await stand.app.inject({
    url: CALLS.product.path.replace(':slug', slug),
    headers: { 'x-lang': lang },
  });
  return ProductResponseSchema.parse(answer.json()).data;
}

const to = (chatId: number) => (call: RecordedCall) => call.payload.chat_id === chatId;

function onlyButton(call: RecordedCall | undefined) {
  const markup = call?.payload.reply_markup as
    { inline_keyboard: { text: string; url?: string; web_app?: { url: string } }[][] } | undefined;
  return markup?.inline_keyboard.flat();
}

describe('/start product_<slug>', () => {
  it('shows the product in the chat’s language: photo, name, price in sum, a button that opens it', async () => {
    const bot = botOn(PUBLIC_URL);
    await bot.handleUpdate(start(7101, 'product_terry-bathrobe', 'ru'));
    const product = await productIn('terry-bathrobe', 'ru');
    const [photo] = api.callsOf('sendPhoto').filter(to(7101));
    expect(photo?.payload.caption).toBe(`${product.name}\n${formatMoney(product.price, 'ru')}`);
    expect(String(photo?.payload.caption)).toMatch(/сум$/);
    expect(String(photo?.payload.photo)).toMatch(/^https:\/\/shop\.example\.uz\//);
    expect(onlyButton(photo)).toEqual([
      {
        text: TEXTS.ru.openProduct,
        web_app: { url: `${PUBLIC_URL}/ru?tgWebAppStartParam=product_terry-bathrobe` },
      },
    ]);
    expect(api.callsOf('sendMessage').filter(to(7101))).toEqual([]);
  });

  it('sends the same in text when Telegram refuses the photo, with a plain link on http', async () => {
    const bot = botOn('http://127.0.0.1:3000');
    api.failNext('sendPhoto', 400, 'Bad Request: wrong HTTP URL specified');
    await bot.handleUpdate(start(7102, 'product_terry-bathrobe', 'uz'));
    const product = await productIn('terry-bathrobe', 'uz');
    const [text] = api.callsOf('sendMessage').filter(to(7102));
    expect(text?.payload.text).toBe(`${product.name}\n${formatMoney(product.price, 'uz')}`);
    expect(onlyButton(text)).toEqual([
      {
        text: TEXTS.uz.openProduct,
        url: 'http://127.0.0.1:3000/uz?tgWebAppStartParam=product_terry-bathrobe',
      },
    ]);
  });

  it('greets as usual for a product the catalogue does not have', async () => {
    const bot = botOn(PUBLIC_URL);
    await bot.handleUpdate(start(7103, 'product_no-such-thing', 'en'));
    const [greeting] = api.callsOf('sendMessage').filter(to(7103));
    expect(greeting?.payload.text).toBe(TEXTS.en.greeting('Aziz'));
    expect(api.callsOf('sendPhoto').filter(to(7103))).toEqual([]);
  });
});
