// A stand-in for the Telegram client in real Chromium. It does what Telegram's Android client does:
// opens the app with signed launch parameters in the URL hash, exposes
// `window.TelegramWebviewProxy.postEvent` to receive what the app posts (recorded here), and answers
// the app's requests through `window.Telegram.WebView.receiveEvent`.
import type { Page } from '@playwright/test';
import { sign } from '@telegram-apps/init-data-node';
import { TEST_BOT_TOKEN } from './paths';
import { DARK_THEME, LIGHT_THEME } from './telegram-themes';

export interface TelegramEvent {
  type: string;
  data: unknown;
}

export interface LaunchOptions {
  languageCode?: string;
  colorScheme?: 'light' | 'dark';
  startParam?: string;
  userId?: number;
  /** What the client's location manager answers: a point, or a refusal. Unset: no answer. */
  location?: { latitude: number; longitude: number } | 'denied';
  /** When the page counts as opened: 'commit' for a page whose scripts a test holds back. */
  waitUntil?: 'commit' | 'load';
}

export function signedLaunchHash(options: LaunchOptions = {}): string {
  const theme = options.colorScheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const initData = sign(
    {
      user: {
        id: options.userId ?? 777000111,
        first_name: 'Dilnoza',
        last_name: 'Karimova',
        username: 'dilnoza_k',
        language_code: options.languageCode ?? 'en',
        allows_write_to_pm: true,
      },
      chat_instance: '8428209589180549439',
      chat_type: 'sender',
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    TEST_BOT_TOKEN,
    new Date(),
  );
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (options.startParam) params.set('tgWebAppStartParam', options.startParam);
  return params.toString();
}

/**
 * Installs the client stand-in before any page script runs, then opens `path` the way Telegram
 * opens a Mini App: the launch parameters in the hash of the first URL.
 */
export async function openInTelegram(page: Page, path: string, options: LaunchOptions = {}) {
  const theme = options.colorScheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  await page.addInitScript(
    ({ themeParams, location }) => {
      type Receive = (type: string, data?: unknown) => void;
      const w = window as unknown as {
        __tgEvents: { type: string; data: unknown }[];
        TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
        Telegram?: { WebView?: { receiveEvent?: Receive } };
      };
      w.__tgEvents = [];
      const reply = (type: string, data: unknown) => {
        // Telegram answers asynchronously, after the app's own call has returned.
        setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
      };
      w.TelegramWebviewProxy = {
        postEvent(type, raw) {
          const data: unknown = raw ? JSON.parse(raw) : null;
          w.__tgEvents.push({ type, data });
          if (type === 'web_app_request_theme')
            reply('theme_changed', { theme_params: themeParams });
          if (type === 'web_app_request_viewport') {
            reply('viewport_changed', {
              height: window.innerHeight,
              width: window.innerWidth,
              is_expanded: true,
              is_state_stable: true,
            });
          }
          if (type === 'web_app_request_safe_area') {
            reply('safe_area_changed', { top: 24, bottom: 16, left: 0, right: 0 });
          }
          if (type === 'web_app_request_content_safe_area') {
            reply('content_safe_area_changed', { top: 48, bottom: 0, left: 0, right: 0 });
          }
          // The location manager (Bot API 8.0): access granted with a point, or refused.
          if (location && type === 'web_app_check_location') {
            const granted = location !== 'denied';
            reply('location_checked', {
              available: true,
              access_requested: true,
              access_granted: granted,
            });
          }
          if (location && type === 'web_app_request_location') {
            reply(
              'location_requested',
              location === 'denied'
                ? { available: false }
                : { available: true, ...location, altitude: null, course: null, speed: null },
            );
          }
        },
      };
    },
    { themeParams: theme, location: options.location ?? null },
  );
  await page.goto(`${path}#${signedLaunchHash(options)}`, {
    waitUntil: options.waitUntil ?? 'load',
  });
}

export async function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __tgEvents: TelegramEvent[] }).__tgEvents);
}

/** The MainButton as the app last configured it. */
export async function mainButtonState(page: Page): Promise<Record<string, unknown> | undefined> {
  const events = await telegramEvents(page);
  const last = events.filter((e) => e.type === 'web_app_setup_main_button').at(-1);
  return last?.data as Record<string, unknown> | undefined;
}

export async function backButtonVisible(page: Page): Promise<boolean | undefined> {
  const events = await telegramEvents(page);
  const last = events.filter((e) => e.type === 'web_app_setup_back_button').at(-1);
  return (last?.data as { is_visible?: boolean } | undefined)?.is_visible;
}

async function receive(page: Page, type: string) {
  await page.evaluate((eventType) => {
    const w = window as unknown as {
      Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } };
    };
    w.Telegram.WebView.receiveEvent(eventType, null);
  }, type);
}

export const pressMainButton = (page: Page) => receive(page, 'main_button_pressed');
export const pressBackButton = (page: Page) => receive(page, 'back_button_pressed');
