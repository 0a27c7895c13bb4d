import { CALLS } from '@shop/shared';
import type { Db } from '../db/client';
import type { Route } from '../http/route-binder';
import { getUser, toUser } from '../profile/users';
import type { OtpService } from './otp-service';
import { revokeToken } from './tokens';

export function registerAuthRoutes(route: Route, db: Db, otp: OtpService, now: () => Date): void {
  route(CALLS.sendOtp, ({ body, lang }) => otp.sendCode(body.phone, lang));

  route(CALLS.verifyOtp, async ({ body }) => {
    const signedIn = await otp.verifyCode(body.phone, body.otp);
    return {
      access_token: signedIn.accessToken,
      token_type: 'Bearer' as const,
      expires_in: signedIn.expiresIn,
      user: signedIn.user,
    };
  });

  route(CALLS.authUser, async ({ user }) => toUser(await getUser(db, user.id)));

  route(CALLS.logout, async ({ user }) => {
    await revokeToken(db, user.tokenHash, now());
    return { message: 'Logged out' };
  });
}
