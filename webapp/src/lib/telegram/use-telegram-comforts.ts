// What pages ask of comforts.ts, through the loaded SDK: each does nothing outside Telegram.
import { useEffect } from 'react';
import { telegramSdk } from './telegram-loader';

// Several parts of one page may each hold unsaved input (the checkout form and its card form):
// the confirmation stays on until the last of them lets go.
const holders = new Set<symbol>();

function holdClosing(holder: symbol, holds: boolean): void {
  const before = holders.size > 0;
  if (holds) holders.add(holder);
  else holders.delete(holder);
  const after = holders.size > 0;
  if (before !== after) telegramSdk()?.telegramSetClosingConfirmation(after);
}

/**
 * While `unsaved` is true, Telegram asks before the shopper closes the app (a swipe down, the
 * close button); off again once the input is sent or the page is left.
 */
export function useTelegramClosingConfirmation(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return undefined;
    const holder = Symbol('closing confirmation');
    holdClosing(holder, true);
    return () => {
      holdClosing(holder, false);
    };
  }, [unsaved]);
}

/**
 * While the calling component is shown, a vertical swipe does not minimise or close the app: a
 * map dragged downwards would otherwise take the whole app with it.
 */
export function useTelegramVerticalSwipesOff(): void {
  useEffect(() => {
    telegramSdk()?.telegramSetVerticalSwipes(false);
    return () => {
      telegramSdk()?.telegramSetVerticalSwipes(true);
    };
  }, []);
}

/** Telegram's share-to-a-chat sheet for `url`; false outside Telegram or where it cannot. */
export function telegramShare(url: string, text: string): boolean {
  return telegramSdk()?.telegramShareUrl(url, text) ?? false;
}

/** The tick of a changed choice (a quantity step, a chip); nothing outside Telegram. */
export function telegramSelectionHaptic(): void {
  telegramSdk()?.telegramSelectionChanged();
}
