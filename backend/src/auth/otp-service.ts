// Sending and checking sign-in codes (the rules are otp-rules.ts; sending otp-send.ts, checking
// otp-check.ts): codes are hashed at rest with a per-installation key and compared in constant
// time. Across codes and days, wrong codes are counted per phone over a rolling window (15 in 24
// hours by default, abuse-limits.ts) that no midnight resets, and a phone that reaches it gets no
// code sent or checked for a cooling-off period. All counting lives in the database row of the
// phone, locked with SELECT … FOR UPDATE, so several instances enforce one set of limits.
import type { Db } from '../db/client';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../abuse-limits';
import type { SmsProvider } from '../sms/sms-provider';
import { codeDigest } from './otp-challenge';
import { createCodeChecker } from './otp-check';
import { createCodeSender, type OtpLog } from './otp-send';

export interface OtpServiceDeps {
  db: Db;
  sms: SmsProvider;
  now: () => Date;
  /** Per-installation HMAC key (from install_state). */
  hmacKey: () => Promise<string>;
  /** Wrong codes per phone across codes and days; DEFAULT_SIGN_IN_LIMITS when left out. */
  limits?: SignInLimits;
  log?: OtpLog;
}

export function createOtpService(deps: OtpServiceDeps) {
  const digest = codeDigest(deps.hmacKey);
  return {
    sendCode: createCodeSender({ ...deps, digest }),
    verifyCode: createCodeChecker({
      db: deps.db,
      now: deps.now,
      digest,
      limits: deps.limits ?? DEFAULT_SIGN_IN_LIMITS,
    }),
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
