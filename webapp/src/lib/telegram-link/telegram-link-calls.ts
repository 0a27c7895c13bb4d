import {
  TELEGRAM_LINK_PATHS,
  TelegramLinkAnswerSchema,
  TelegramLinkStatusSchema,
  TelegramLinkTokenAnswerSchema,
  type TelegramLinkAnswer,
  type TelegramLinkRequest,
  type TelegramLinkStatus,
  type TelegramLinkTokenAnswer,
} from '@shop/shared';
import type { ApiClient, ServerCallDef } from '../api/client';

// The server's own Telegram link calls (shared/src/contracts/telegram-link.ts), all with the
// shopper's bearer token.
export const TELEGRAM_LINK_CALLS = {
  link: {
    method: 'POST',
    path: TELEGRAM_LINK_PATHS.link,
    auth: 'bearer',
    response: TelegramLinkAnswerSchema,
  },
  status: {
    method: 'GET',
    path: TELEGRAM_LINK_PATHS.link,
    auth: 'bearer',
    response: TelegramLinkStatusSchema,
  },
  linkToken: {
    method: 'POST',
    path: TELEGRAM_LINK_PATHS.linkToken,
    auth: 'bearer',
    response: TelegramLinkTokenAnswerSchema,
  },
} as const satisfies Record<string, ServerCallDef>;

/** Inside Telegram: links the signed-in account to the chat that opened the Mini App. */
export function linkTelegramChat(api: ApiClient, initData: string): Promise<TelegramLinkAnswer> {
  const body: TelegramLinkRequest = { init_data: initData };
  return api.server(TELEGRAM_LINK_CALLS.link, { body });
}

export function getTelegramLinkStatus(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<TelegramLinkStatus> {
  return api.server(TELEGRAM_LINK_CALLS.status, { signal });
}

/** Outside Telegram: a one-time t.me link to the bot that links the chat pressing Start. */
export function createTelegramLinkToken(api: ApiClient): Promise<TelegramLinkTokenAnswer> {
  return api.server(TELEGRAM_LINK_CALLS.linkToken);
}
