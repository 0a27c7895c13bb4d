import {
  TELEGRAM_LINK_PATHS,
  TelegramWriteAccessAnswerSchema,
  type TelegramWriteAccessAnswer,
} from '@shop/shared';
import type { ApiClient, ServerCallDef } from '../api/client';

// The server's own call (shared/src/contracts/telegram-access.ts): no token, the init data names
// the chat.
const WRITE_ACCESS = {
  method: 'POST',
  path: TELEGRAM_LINK_PATHS.writeAccess,
  auth: 'none',
  response: TelegramWriteAccessAnswerSchema,
} as const satisfies ServerCallDef;

/** Tells the server whether the shopper let the bot write to the chat of `initData`. */
export function reportWriteAccess(
  api: ApiClient,
  initData: string,
  allowed: boolean,
): Promise<TelegramWriteAccessAnswer> {
  return api.server(WRITE_ACCESS, { body: { init_data: initData, allowed } });
}
