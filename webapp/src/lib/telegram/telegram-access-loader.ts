// The shopper's phone and the bot's messages through Telegram, for code outside this folder: each
// answers 'unsupported' until the SDK chunk has loaded (outside Telegram it never does).
import type { TelegramContactAnswer } from './telegram-access';
import { telegramSdk } from './telegram-loader';

export async function requestTelegramContact(): Promise<TelegramContactAnswer> {
  const sdk = telegramSdk();
  return sdk ? sdk.requestTelegramContact() : { kind: 'unsupported' };
}

export async function requestTelegramWriteAccess(): Promise<
  'allowed' | 'cancelled' | 'unsupported'
> {
  const sdk = telegramSdk();
  return sdk ? sdk.requestTelegramWriteAccess() : 'unsupported';
}

/**
 * Whether the launch's init data says the bot may message this user (`allows_write_to_pm`): read
 * from the raw string for what the page shows; the server reads its own checked copy.
 */
export function initDataAllowsWrite(rawInitData: string | null): boolean {
  if (!rawInitData) return false;
  try {
    const user: unknown = JSON.parse(new URLSearchParams(rawInitData).get('user') ?? 'null');
    return (
      typeof user === 'object' &&
      user !== null &&
      (user as { allows_write_to_pm?: unknown }).allows_write_to_pm === true
    );
  } catch {
    return false;
  }
}
