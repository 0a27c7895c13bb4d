// What the shopper may let the shop have from Telegram: the phone of their account (one-tap
// sign-in) and messages from the bot (order updates). Part of the SDK chunk (telegram.ts re-exports
// it); reached from outside through telegram-access-loader.ts.
import {
  isAccessDeniedError,
  requestContactComplete,
  requestWriteAccess,
} from '@telegram-apps/sdk-react';
import { logWarning } from '../log';

/**
 * The answer to "Share my Telegram number": the raw signed contact for the server (never trust
 * the parsed copy), a refusal, or a client that cannot share one.
 */
export type TelegramContactAnswer =
  | { kind: 'shared'; raw: string }
  | { kind: 'cancelled' }
  | { kind: 'unsupported' }
  | { kind: 'failed' };

// Telegram asks the shopper in a popup; a client that never answers must not hang the button.
const CONTACT_TIMEOUT_MS = 60_000;

export async function requestTelegramContact(): Promise<TelegramContactAnswer> {
  try {
    if (!requestContactComplete.isAvailable()) return { kind: 'unsupported' };
    const answer = await requestContactComplete({ timeout: CONTACT_TIMEOUT_MS });
    return { kind: 'shared', raw: answer.raw };
  } catch (error) {
    if (isAccessDeniedError(error)) return { kind: 'cancelled' };
    logWarning('Telegram: contact request failed', error);
    return { kind: 'failed' };
  }
}

/** Asks the shopper to let the bot message them; 'unsupported' where the client cannot ask. */
export async function requestTelegramWriteAccess(): Promise<
  'allowed' | 'cancelled' | 'unsupported'
> {
  try {
    if (!requestWriteAccess.isAvailable()) return 'unsupported';
    const status = await requestWriteAccess();
    return status === 'allowed' ? 'allowed' : 'cancelled';
  } catch (error) {
    logWarning('Telegram: write access request failed', error);
    return 'unsupported';
  }
}
