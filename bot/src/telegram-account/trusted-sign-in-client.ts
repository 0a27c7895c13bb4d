// The backend's sign-in without a code (the operator call OPERATOR_PATHS.trustedSignIn), which
// only this server calls, after it has checked a phone Telegram signed. The secret never leaves
// the server; the answer is read strictly, as the code sign-in's.
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  VerifyOtpResponseSchema,
  type OperatorTrustedSignInRequest,
  type VerifyOtpResponse,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';

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
      const request: OperatorTrustedSignInRequest = { phone };
      response = await fetch(`${api.url}${OPERATOR_PATHS.trustedSignIn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: api.secret },
        body: JSON.stringify(request),
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
