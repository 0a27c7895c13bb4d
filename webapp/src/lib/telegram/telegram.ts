// Everything the app asks of the Telegram SDK: this module and the ones it re-exports (comforts,
// access, location) are a chunk of their own that only a launch inside Telegram downloads
// (telegram-loader.ts). Nothing outside this folder imports them.
import {
  backButton,
  hapticFeedback,
  init,
  isColorDark,
  isTMA,
  mainButton,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { logWarning } from '../log';
import type { HexColor } from './theme-colors';
import './telegram-ui.css';

// Only Telegram's own palette needs the contrast maths: it comes with this chunk, and a plain
// browser never loads it.
export { telegramPaletteOfPage } from '../ui/palette';

export * from './comforts';
export { requestTelegramContact, requestTelegramWriteAccess } from './telegram-access';
export { openTelegramInvoice, telegramInvoiceAvailable } from './telegram-invoice';
export {
  requestTelegramLocation,
  type TelegramLocation,
  type TelegramLocationFailure,
} from './telegram-location';

/** What the rest of the app may know about the Telegram launch. */
export interface TelegramEnv {
  /** tgWebAppPlatform: 'ios', 'android', 'tdesktop', 'weba', … */
  platform: string;
  /** The Telegram client's colour scheme at launch. */
  colorScheme: 'light' | 'dark';
  /** `user.language_code` of the init data, e.g. 'ru'. */
  languageCode: string | null;
  /** `start_param` of a deep link (t.me/<bot>/<app>?startapp=…). */
  startParam: string | null;
  /** The signed init data string: only this may go to the server, never the parsed copy. */
  rawInitData: string | null;
  /** The Telegram profile's name parts, to prefill a form; null when Telegram gave none. */
  profileName: { firstName: string; lastName: string } | null;
}

function safely(what: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    logWarning(`Telegram: ${what} failed`, error);
  }
}

let viewportMounted: Promise<void> = Promise.resolve();

/**
 * Settles once the viewport's sizes and safe areas are bound as CSS variables (or failed to
 * be). A page drawn before would move down by the safe area when it arrives.
 */
export function viewportBound(): Promise<void> {
  return viewportMounted;
}

/**
 * Detects the Mini App (launch parameters in the URL hash, or kept in sessionStorage by the SDK
 * after the router rewrote the URL) and mounts what the app uses. Must run before the router is
 * created: the router would otherwise replace the hash that carries the launch parameters.
 * Returns null in a plain browser, where the app is the standalone PWA.
 */
export function initTelegram(): TelegramEnv | null {
  let env: TelegramEnv;
  try {
    if (!isTMA()) return null;
    const lp = retrieveLaunchParams();
    const initData = lp.tgWebAppData;
    env = {
      platform: lp.tgWebAppPlatform,
      colorScheme: isColorDark(lp.tgWebAppThemeParams.bg_color ?? '#ffffff') ? 'dark' : 'light',
      languageCode: initData?.user?.language_code ?? null,
      startParam: lp.tgWebAppStartParam ?? initData?.start_param ?? null,
      rawInitData: retrieveRawInitData() ?? null,
      profileName: initData?.user
        ? { firstName: initData.user.first_name, lastName: initData.user.last_name ?? '' }
        : null,
    };
    init();
  } catch (error) {
    // Launch parameters that do not parse, or no bridge to post to: run as a plain web page
    // rather than hide the in-page buttons behind a MainButton nobody can see.
    logWarning('Telegram launch parameters unusable; running as a web page', error);
    return null;
  }

  safely('back button', () => {
    if (backButton.mount.isAvailable()) backButton.mount();
  });
  safely('mini app', () => {
    if (miniApp.mountSync.isAvailable()) miniApp.mountSync();
  });
  safely('theme', () => {
    if (themeParams.mountSync.isAvailable()) themeParams.mountSync();
    if (themeParams.bindCssVars.isAvailable()) themeParams.bindCssVars();
  });
  // The MainButton reads its default colours from the theme, so it comes after it.
  safely('main button', () => {
    if (mainButton.mount.isAvailable()) mainButton.mount();
  });
  // Safe areas arrive asynchronously: startTelegram waits a moment for them (viewportBound).
  if (viewport.mount.isAvailable()) {
    viewportMounted = viewport
      .mount()
      .then(() => {
        if (viewport.bindCssVars.isAvailable()) viewport.bindCssVars();
        // Telegram opens a Mini App half height on phones: a checkout form needs all of it.
        if (viewport.expand.isAvailable()) viewport.expand();
        keepFocusedFieldVisible();
      })
      .catch((error: unknown) => {
        logWarning('Telegram: viewport failed', error);
      });
  }
  // swipeBehavior is deliberately not mounted: in SDK 3.11 mounting it disables swipe-to-close.
  return env;
}

/** Tells Telegram to drop its loading placeholder; call after the first meaningful render. */
export function telegramReady(): void {
  safely('ready', () => {
    if (miniApp.ready.isAvailable()) miniApp.ready();
  });
}

/**
 * Opens an http(s) address through Telegram (its in-app browser or the phone's), keeping the Mini
 * App open; a plain link would replace the app inside the webview or do nothing. Returns false
 * where the client cannot, so the caller lets the browser follow the link.
 */
export function telegramOpenLink(url: string): boolean {
  try {
    if (!openLink.isAvailable()) return false;
    openLink(url);
    return true;
  } catch (error) {
    logWarning('Telegram: openLink failed', error);
    return false;
  }
}

/**
 * Opens a https://t.me/… link inside Telegram itself (a bot's chat with its Start button), which
 * openLink would send to a browser instead. Returns false where the client cannot, so the caller
 * shows a plain link.
 */
export function telegramOpenTelegramLink(url: string): boolean {
  try {
    if (!openTelegramLink.isAvailable()) return false;
    openTelegramLink(url);
    return true;
  } catch (error) {
    logWarning('Telegram: openTelegramLink failed', error);
    return false;
  }
}

/**
 * Paints Telegram's header, the area behind the app and the bottom bar in the page's own
 * background, so the app's chrome matches the palette the page shows (Telegram's, or the light
 * or dark brand palette the shopper chose).
 */
export function telegramPaintChrome(color: HexColor): void {
  safely('header colour', () => {
    if (miniApp.setHeaderColor.isAvailable() && miniApp.setHeaderColor.supports.rgb()) {
      miniApp.setHeaderColor(color);
    }
  });
  safely('background colour', () => {
    if (miniApp.setBackgroundColor.isAvailable()) miniApp.setBackgroundColor(color);
  });
  // Bot API 7.10 and later; older clients simply have no bottom bar to paint.
  safely('bottom bar colour', () => {
    if (miniApp.setBottomBarColor.isAvailable()) miniApp.setBottomBarColor(color);
  });
}

/** Calls `onChange` whenever Telegram sends a new theme; returns the unsubscribe. */
export function onTelegramThemeChange(onChange: () => void): () => void {
  try {
    return themeParams.state.sub(onChange);
  } catch (error) {
    logWarning('Telegram: theme subscription failed', error);
    return () => undefined;
  }
}

/** A short buzz: success (added, paid) or error (refused, declined); nothing outside Telegram. */
export function telegramHaptic(kind: 'success' | 'error'): void {
  safely('haptic', () => {
    if (hapticFeedback.notificationOccurred.isAvailable()) {
      hapticFeedback.notificationOccurred(kind);
    }
  });
}

/** A short success buzz, e.g. after "Add to cart"; nothing outside Telegram. */
export function telegramHapticSuccess(): void {
  telegramHaptic('success');
}

/**
 * The keyboard shrinks Telegram's viewport without the page noticing (the webview keeps its
 * size on Android), so the field being typed into can end up under the keyboard. Each time the
 * viewport gets shorter, the focused field is brought back into view.
 */
function keepFocusedFieldVisible(): void {
  let last = viewport.height();
  viewport.height.sub((height) => {
    const shrank = height < last;
    last = height;
    if (shrank) scrollFocusedIntoView();
  });
}

function scrollFocusedIntoView(): void {
  const active = document.activeElement;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    active.scrollIntoView({ block: 'center', behavior: 'smooth' });
  } else if (active instanceof HTMLSelectElement) {
    active.scrollIntoView({ block: 'center' });
  }
}

/** Telegram's Back button calls `handler`; returns the unsubscribe, or null where unavailable. */
export function onTelegramBackButton(handler: () => void): (() => void) | null {
  return backButton.onClick.isAvailable() ? backButton.onClick(handler) : null;
}

export function showTelegramBackButton(visible: boolean): void {
  if (visible && backButton.show.isAvailable()) backButton.show();
  if (!visible && backButton.hide.isAvailable()) backButton.hide();
}

/** Telegram's MainButton calls `handler`; returns the unsubscribe, or null where unavailable. */
export function onTelegramMainButton(handler: () => void): (() => void) | null {
  return mainButton.onClick.isAvailable() ? mainButton.onClick(handler) : null;
}

export function setTelegramMainButton(params: {
  text?: string;
  isVisible?: boolean;
  isEnabled?: boolean;
  isLoaderVisible?: boolean;
}): void {
  if (mainButton.setParams.isAvailable()) mainButton.setParams(params);
}

/** Whether Telegram's theme is dark now, or null before the theme is mounted. */
export function telegramThemeIsDark(): boolean | null {
  return themeParams.isMounted() ? themeParams.isDark() : null;
}

/** Calls `onChange` when Telegram's theme turns dark or light; returns the unsubscribe. */
export function onTelegramDarkChange(onChange: () => void): () => void {
  return themeParams.isDark.sub(onChange);
}

/**
 * Telegram UI's root, which the app wraps its pages in inside Telegram (with an explicit
 * appearance and platform: it cannot read them from this SDK). Outside Telegram neither its code
 * nor its stylesheet is downloaded.
 */
export const TelegramAppRoot = AppRoot;
