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
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, ServerCallDef } from '../api/client';
import { telegramLinkKeys } from './telegram-link-keys';

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

/**
 * Whether the bot is on and this account's chat is linked. Asked again when the page comes back
 * into view (the shopper returns from Telegram after pressing Start) and, while a link is waiting
 * for its Start press, every few seconds.
 */
export function telegramLinkStatusQueryOptions(
  api: ApiClient,
  customerId: number | null,
  waitingForStart: boolean,
) {
  return queryOptions({
    queryKey: telegramLinkKeys.status(customerId),
    queryFn: ({ signal }) => getTelegramLinkStatus(api, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      waitingForStart && query.state.data?.linked !== true ? WAITING_POLL_MS : false,
  });
}

const WAITING_POLL_MS = 4_000;
