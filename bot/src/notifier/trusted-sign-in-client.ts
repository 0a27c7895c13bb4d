// The backend's sign-in without a code (`POST /operator/trusted-sign-in`, x-operator-secret), which
// only this server calls, after it has checked a phone Telegram signed. The secret never leaves
// the server; the answer is read strictly, as the code sign-in's.
import { VerifyOtpResponseSchema, type VerifyOtpResponse } from '@shop/shared';
import { ShopError } from '@shop/shared/server';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';
export const TRUSTED_SIGN_IN_PATH = '/operator/trusted-sign-in';

/** Where a backend serves the trusted sign-in, and the operator secret it asks for. */
export interface TrustedSignInApi {
  url: string;
  secret: string;
}

/** Signs in `phone` ('+998…'), the same session as a code sign-in; ShopError when it cannot. */
export type TrustedSignInCall = (phone: string) => Promise<VerifyOtpResponse>;

export function createTrustedSignIn(api: TrustedSignInApi, timeoutMs = 10_000): TrustedSignInCall {
  return async (phone) => {
    let response: Response;
    try {
      response = await fetch(`${api.url}${TRUSTED_SIGN_IN_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: api.secret },
        body: JSON.stringify({ phone }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ShopError('upstream_unavailable', 'The shop could not sign you in just now');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const signedIn = VerifyOtpResponseSchema.safeParse(body);
    if (response.status !== 200 || !signedIn.success) {
      throw new ShopError('upstream_invalid', 'The shop could not sign you in just now');
    }
    return signedIn.data;
  };
}
