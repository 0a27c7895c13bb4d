import {
  TELEGRAM_LINK_PATHS,
  VerifyOtpResponseSchema,
  type TelegramPhoneSignInRequest,
  type VerifyOtpResponse,
} from '@shop/shared';
import type { ApiClient, ServerCallDef } from '../../../lib/api/client';

// The server's own call (shared/src/contracts/telegram-link.ts), with no token: it signs in.
const PHONE_SIGN_IN = {
  method: 'POST',
  path: TELEGRAM_LINK_PATHS.phoneSignIn,
  auth: 'none',
  response: VerifyOtpResponseSchema,
} as const satisfies ServerCallDef;

/** Inside Telegram: signs in with the contact the shopper shared, checked by the server. */
export function signInWithTelegramPhone(
  api: ApiClient,
  body: TelegramPhoneSignInRequest,
): Promise<VerifyOtpResponse> {
  return api.server(PHONE_SIGN_IN, { body });
}
