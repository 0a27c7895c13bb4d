// The Telegram SDK is its own chunk, downloaded only when the page was launched by Telegram
// (build/bundle-budget.test.ts keeps it out of the standalone first load). Everything outside
// this folder reaches it through these functions, which do nothing until it has loaded.
import { mayBeTelegramLaunch, pageLaunchSources, type LaunchSources } from './launch';
import type * as TelegramSdkModule from './telegram';
import type { TelegramEnv, TelegramLocation, TelegramLocationFailure } from './telegram';

type TelegramModule = typeof TelegramSdkModule;

/**
 * How long the first render waits for Telegram's safe areas (its answer takes a few ms; the
 * server's outline and Telegram's own placeholder show meanwhile). Drawn before them, the page
 * would jump down by the inset when they arrive.
 */
const SAFE_AREA_WAIT_MS = 200;

let sdk: TelegramModule | null = null;

/** The loaded SDK adapter, or null outside Telegram (and before startTelegram resolved). */
export function telegramSdk(): TelegramModule | null {
  return sdk;
}

/**
 * Loads the SDK and mounts the Mini App when the page carries launch parameters; null in a plain
 * browser without downloading anything. Must run before the router rewrites the URL.
 */
export async function startTelegram(
  sources: LaunchSources = pageLaunchSources(),
  load: () => Promise<TelegramModule> = () => import('./telegram'),
): Promise<TelegramEnv | null> {
  if (!mayBeTelegramLaunch(sources)) return null;
  const loaded = await load();
  const env = loaded.initTelegram();
  if (!env) return null;
  sdk = loaded;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loaded.viewportBound(),
    new Promise((resolve) => (timer = setTimeout(resolve, SAFE_AREA_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return env;
}

/** Telegram UI's AppRoot, once the SDK chunk (which carries it) has loaded; null outside Telegram. */
export function telegramAppRoot(): TelegramModule['TelegramAppRoot'] | null {
  return sdk?.TelegramAppRoot ?? null;
}

export function telegramReady(): void {
  sdk?.telegramReady();
}

export function telegramOpenLink(url: string): boolean {
  return sdk?.telegramOpenLink(url) ?? false;
}

export function telegramOpenTelegramLink(url: string): boolean {
  return sdk?.telegramOpenTelegramLink(url) ?? false;
}

export function telegramHaptic(kind: 'success' | 'error'): void {
  sdk?.telegramHaptic(kind);
}

export function telegramHapticSuccess(): void {
  sdk?.telegramHapticSuccess();
}

export async function requestTelegramLocation(): Promise<
  TelegramLocation | { failure: TelegramLocationFailure }
> {
  return sdk ? sdk.requestTelegramLocation() : { failure: 'unsupported' };
}

/** The app's colour tokens for Telegram's theme on the page; none outside Telegram. */
export function telegramPaletteOfPage(): Record<string, string> {
  return sdk?.telegramPaletteOfPage() ?? {};
}
