import { describe, expect, it } from 'vitest';
import { productShareLink } from './share-link';

const origin = 'https://shop.uz';
const bot = { telegramBotUsername: 'uy_shop_bot', telegramMiniAppName: 'shop' };

describe('productShareLink', () => {
  it('opens the product in the Mini App when its short name is set', () => {
    expect(productShareLink('porcelain-mug', 'ru', origin, bot, true)).toBe(
      'https://t.me/uy_shop_bot/shop?startapp=product_porcelain-mug',
    );
  });

  it("opens the bot's chat with the product as its start when there is no Mini App name", () => {
    const target = { ...bot, telegramMiniAppName: null };
    expect(productShareLink('porcelain-mug', 'ru', origin, target, true)).toBe(
      'https://t.me/uy_shop_bot?start=product_porcelain-mug',
    );
  });

  it('is the web page outside Telegram, without a bot, or past the start limit', () => {
    const web = 'https://shop.uz/en/products/porcelain-mug';
    expect(productShareLink('porcelain-mug', 'en', origin, bot, false)).toBe(web);
    const none = { telegramBotUsername: null, telegramMiniAppName: null };
    expect(productShareLink('porcelain-mug', 'en', origin, none, true)).toBe(web);
    const long = 'a'.repeat(57);
    expect(productShareLink(long, 'en', origin, bot, true)).toBe(
      `https://shop.uz/en/products/${long}`,
    );
  });
});
