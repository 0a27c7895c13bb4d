import { useEffect } from 'react';
import { useIsTelegram } from './telegram-context';
import { telegramSdk } from './telegram-loader';
import { cssColorToHex } from './theme-colors';

function paintFromPage(): void {
  // What the page actually paints: body's background resolves whichever palette is active
  // (Telegram's --tg-theme-* on <html>, or the brand palette declared on <body>).
  const color = cssColorToHex(getComputedStyle(document.body).backgroundColor);
  if (color) telegramSdk()?.telegramPaintChrome(color);
}

/**
 * Keeps Telegram's header, background and bottom bar in the page's colour: at start, whenever
 * the app's own palette changes (`palette` is a key such as 'telegram', 'light', 'dark'), and
 * whenever Telegram sends theme_changed. Call it after the palette is applied to the document.
 */
export function useTelegramChromeColors(palette: string): void {
  const isTelegram = useIsTelegram();

  useEffect(() => {
    if (!isTelegram) return;
    paintFromPage();
  }, [isTelegram, palette]);

  useEffect(() => {
    if (!isTelegram) return;
    let frame = 0;
    const unsubscribe = telegramSdk()?.onTelegramThemeChange(() => {
      // The SDK rewrites --tg-theme-* in its own subscriber; read the page once it has.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(paintFromPage);
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe?.();
    };
  }, [isTelegram]);
}
