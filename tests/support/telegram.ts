// A stand-in for the Telegram client in real Chromium. It does what Telegram's Android client does:
// opens the app with signed launch parameters in the URL hash, exposes
// `window.TelegramWebviewProxy.postEvent` to receive what the app posts (recorded here), and answers
// the app's requests through `window.Telegram.WebView.receiveEvent`.
import type { Page } from '@playwright/test';
import { sign, signData } from '@telegram-apps/init-data-node';
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
  /**
   * What the client answers when the app asks for the phone (requestContact): a contact it shares
   * (signed like Telegram signs it, or one of the bad variants), or the shopper's refusal.
   * Unset: the client shares nothing and refuses.
   */
  contact?: ContactOptions | 'cancelled';
  /** Init data's `user.allows_write_to_pm` (default true: the shopper started the bot). */
  allowsWriteToPm?: boolean;
  /** What the shopper answers when the app asks to let the bot write (requestWriteAccess). */
  writeAccess?: 'allowed' | 'cancelled';
}

/** A shared contact: the phone as Telegram writes it (without "+") and how it is signed. */
export interface ContactOptions {
  phoneNumber: string;
  /**
   * genuine: signed now with the test bot's token for the launching user. forged: its number
   * changed after signing. stale: signed two hours ago. otherUser: another Telegram user's.
   * otherBot: signed with another bot's token.
   */
  variant?: 'genuine' | 'forged' | 'stale' | 'otherUser' | 'otherBot';
}

export const DEFAULT_TELEGRAM_USER_ID = 777000111;
const OTHER_BOT_TOKEN = '7000000002:AAAnotherBotsTokenForTests_abcdefg';

/**
 * The string Telegram's client returns for a shared contact (`contact=<JSON>&auth_date=…&hash=…`),
 * HMAC-signed like init data, or one of the variants a server must refuse.
 */
export function signedContact(options: ContactOptions, userId = DEFAULT_TELEGRAM_USER_ID): string {
  const variant = options.variant ?? 'genuine';
  const authDate = new Date(Date.now() - (variant === 'stale' ? 2 * 3600_000 : 2000));
  const fields = new URLSearchParams({
    contact: JSON.stringify({
      user_id: variant === 'otherUser' ? userId + 1 : userId,
      phone_number: options.phoneNumber,
      first_name: 'Dilnoza',
      last_name: 'Karimova',
    }),
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
  });
  const lines = [...fields].map(([key, value]) => `${key}=${value}`).sort();
  const token = variant === 'otherBot' ? OTHER_BOT_TOKEN : TEST_BOT_TOKEN;
  fields.set('hash', signData(lines.join('\n'), token));
  if (variant !== 'forged') return fields.toString();
  // Another number under the hash of the first: what a page script could try.
  const contact = JSON.parse(fields.get('contact') ?? '{}') as Record<string, unknown>;
  fields.set('contact', JSON.stringify({ ...contact, phone_number: '998901110000' }));
  return fields.toString();
}

export function signedLaunchHash(options: LaunchOptions = {}): string {
  const theme = options.colorScheme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const initData = sign(
    {
      user: {
        id: options.userId ?? DEFAULT_TELEGRAM_USER_ID,
        first_name: 'Dilnoza',
        last_name: 'Karimova',
        username: 'dilnoza_k',
        language_code: options.languageCode ?? 'en',
        ...(options.allowsWriteToPm === false ? {} : { allows_write_to_pm: true }),
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
  const contact =
    options.contact === undefined || options.contact === 'cancelled'
      ? null
      : signedContact(options.contact, options.userId);
  await page.addInitScript(
    ({ themeParams, location, contact, writeAccess }) => {
      type Receive = (type: string, data?: unknown) => void;
      const w = window as unknown as {
        __tgEvents: { type: string; data: unknown }[];
        TelegramWebviewProxy: { postEvent(type: string, data?: string): void };
        Telegram?: { WebView?: { receiveEvent?: Receive } };
      };
      w.__tgEvents = [];
      // The contact the client hands over once the shopper agreed to share it.
      let shared = false;
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
          // requestContact: the SDK asks for a contact already shared (custom method), then for
          // the phone, then again for the contact.
          if (type === 'web_app_invoke_custom_method') {
            const call = data as { req_id: string; method: string };
            if (call.method === 'getRequestedContact') {
              reply('custom_method_invoked', {
                req_id: call.req_id,
                result: shared && contact ? contact : '',
              });
            }
          }
          if (type === 'web_app_request_phone') {
            shared = contact !== null;
            reply('phone_requested', { status: shared ? 'sent' : 'cancelled' });
          }
          if (writeAccess && type === 'web_app_request_write_access') {
            reply('write_access_requested', { status: writeAccess });
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
    {
      themeParams: theme,
      location: options.location ?? null,
      contact,
      writeAccess: options.writeAccess ?? null,
    },
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
