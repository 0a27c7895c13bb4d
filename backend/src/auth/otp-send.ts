// Sending a sign-in code: the phone's row is checked and updated under its lock, the SMS goes out
// after the commit, and a code that never left is taken back.
import { randomInt } from 'node:crypto';
import type { Language, SendOtpResponse } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { SmsNotSent, type SmsProvider } from '../sms/sms-provider';
import { signInCodeText } from '../sms/sms-texts';
import { lockedChallenge, type CodeDigest } from './otp-challenge';
import {
  keepsTries,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  sendRefusal,
  sendsOn,
  tashkentDay,
  type ChallengeRow,
} from './otp-rules';

/** Where a code that could not be sent is told (the backend's logger). */
export interface OtpLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface CodeSenderDeps {
  db: Db;
  sms: SmsProvider;
  now: () => Date;
  digest: CodeDigest;
  log?: OtpLog;
}

/** '+998901234567' → '+99890*****67': enough to tell numbers apart in a log, not to text one. */
const maskedPhone = (phone: string) => `${phone.slice(0, 6)}*****${phone.slice(-2)}`;

/**
 * A code that never left is not the shopper's: the row goes back to what it was (the day's
 * count, the resend wait, the code before), unless another send has replaced it meanwhile.
 */
async function undoSend(db: Db, before: ChallengeRow, sentHash: string): Promise<void> {
  await db
    .update(otpChallenges)
    .set({
      codeHash: before.codeHash,
      expiresAt: before.expiresAt,
      attempts: before.attempts,
      lastSentAt: before.lastSentAt,
      sendDay: before.sendDay,
      sendsToday: before.sendsToday,
    })
    .where(and(eq(otpChallenges.phone, before.phone), eq(otpChallenges.codeHash, sentHash)));
}

function logUnsent(log: OtpLog | undefined, phone: string, error: unknown): void {
  const details = {
    phone: maskedPhone(phone),
    reason: error instanceof SmsNotSent ? error.reason : String(error),
  };
  // A refusal (no balance, a text not approved) needs the operator; an outage may pass.
  if (!(error instanceof SmsNotSent)) log?.error(details, 'Sign-in code not sent');
  else if (error.kind === 'refused') {
    log?.error(details, 'Sign-in code not sent: the SMS gateway refused it');
  } else log?.warn(details, 'Sign-in code not sent: the SMS gateway did not answer');
}

export function createCodeSender(deps: CodeSenderDeps) {
  return async function sendCode(phone: string, lang: Language): Promise<SendOtpResponse> {
    const now = deps.now();
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const codeHash = (await deps.digest(phone, code)).toString('hex');

    const taken = await deps.db.transaction(async (tx) => {
      await tx.insert(otpChallenges).values({ phone }).onConflictDoNothing();
      const row = await lockedChallenge(tx, phone);
      if (!row) throw new Error('otp row vanished');
      const refused = sendRefusal(row, now);
      if (refused) return { ok: false as const, refused };
      await tx
        .update(otpChallenges)
        .set({
          codeHash,
          expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
          attempts: keepsTries(row, now) ? row.attempts : 0,
          lastSentAt: now,
          sendDay: tashkentDay(now),
          sendsToday: sendsOn(row, now) + 1,
        })
        .where(eq(otpChallenges.phone, phone));
      return { ok: true as const, before: row };
    });
    if (!taken.ok) throw taken.refused;

    // Sent after the commit: no network call holds the row lock.
    try {
      await deps.sms.send(phone, signInCodeText(lang, code));
    } catch (error) {
      await undoSend(deps.db, taken.before, codeHash);
      logUnsent(deps.log, phone, error);
      throw new ShopError('sms_unavailable', 'The code could not be sent. Try again in a minute.', {
        retryAfter: 60,
      });
    }
    // The same answer whether or not the phone has an account: users appear on first sign-in.
    return {
      message: 'The code has been sent',
      resend_after: OTP_RESEND_SECONDS,
      expires_in: OTP_TTL_SECONDS,
      code_length: OTP_LENGTH,
    };
  };
}
