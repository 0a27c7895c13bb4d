// Sending and checking sign-in codes (the rules are otp-rules.ts): codes are hashed at rest with
// a per-installation key and compared in constant time. Across codes and days, wrong codes are
// counted per phone over a rolling window (15 in 24 hours by default, abuse-limits.ts) that no
// midnight resets, and a phone that reaches it gets no code sent or checked for a cooling-off
// period. All counting lives in the database row of the phone, locked with SELECT … FOR UPDATE,
// so several instances enforce one set of limits.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language, SendOtpResponse, User } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../abuse-limits';
import { SmsNotSent, type SmsProvider } from '../sms/sms-provider';
import { signInCodeText } from '../sms/sms-texts';
import { findOrCreateUser, toUser } from '../profile/users';
import {
  checkRefusal,
  failuresSince,
  keepsTries,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  phoneLocked,
  sendRefusal,
  sendsOn,
  tashkentDay,
  wrongCode,
  type ChallengeRow,
} from './otp-rules';
import { issueToken } from './tokens';

const HOUR_MS = 3600 * 1000;

/** Where a code that could not be sent is told (the backend's logger). */
export interface OtpLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** '+998901234567' → '+99890*****67': enough to tell numbers apart in a log, not to text one. */
const maskedPhone = (phone: string) => `${phone.slice(0, 6)}*****${phone.slice(-2)}`;

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

export interface SignedIn {
  accessToken: string;
  expiresIn: number;
  user: User;
}

type VerifyOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: ShopError };

/** The phone's challenge row, locked for this transaction. */
async function lockedChallenge(tx: Db, phone: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.phone, phone))
    .for('update');
  return row;
}

export function createOtpService(deps: OtpServiceDeps) {
  const limits = deps.limits ?? DEFAULT_SIGN_IN_LIMITS;

  async function digest(phone: string, code: string): Promise<Buffer> {
    return createHmac('sha256', await deps.hmacKey())
      .update(`${phone}:${code}`, 'utf8')
      .digest();
  }

  async function sendCode(phone: string, lang: Language): Promise<SendOtpResponse> {
    const now = deps.now();
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const codeHash = (await digest(phone, code)).toString('hex');

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
      await undoSend(taken.before, codeHash);
      logUnsent(phone, error);
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
  }

  /**
   * A code that never left is not the shopper's: the row goes back to what it was (the day's
   * count, the resend wait, the code before), unless another send has replaced it meanwhile.
   */
  async function undoSend(before: ChallengeRow, sentHash: string): Promise<void> {
    await deps.db
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

  function logUnsent(phone: string, error: unknown): void {
    const details = {
      phone: maskedPhone(phone),
      reason: error instanceof SmsNotSent ? error.reason : String(error),
    };
    // A refusal (no balance, a text not approved) needs the operator; an outage may pass.
    if (!(error instanceof SmsNotSent)) deps.log?.error(details, 'Sign-in code not sent');
    else if (error.kind === 'refused') {
      deps.log?.error(details, 'Sign-in code not sent: the SMS gateway refused it');
    } else deps.log?.warn(details, 'Sign-in code not sent: the SMS gateway did not answer');
  }

  /**
   * Counts a wrong code on the phone's row and answers its refusal. The phone's wrong codes in
   * the window that reach the limit lock it: the code is burned too, and the count starts afresh
   * once the lock ends.
   */
  async function recordWrongCode(tx: Db, row: ChallengeRow, now: Date): Promise<ShopError> {
    const attempts = row.attempts + 1;
    const windowStart = new Date(now.getTime() - limits.failedChecksWindowHours * HOUR_MS);
    const failures = [...failuresSince(row.failedChecks, windowStart), now.toISOString()];
    if (failures.length >= limits.failedChecks) {
      await tx
        .update(otpChallenges)
        .set({
          attempts,
          codeHash: null,
          expiresAt: null,
          failedChecks: [],
          lockedUntil: new Date(now.getTime() + limits.lockHours * HOUR_MS),
        })
        .where(eq(otpChallenges.phone, row.phone));
      return phoneLocked(limits.lockHours * 3600);
    }
    await tx
      .update(otpChallenges)
      .set({ attempts, failedChecks: failures })
      .where(eq(otpChallenges.phone, row.phone));
    return wrongCode(row, attempts, now);
  }

  /** The right code: it is used up, the account made on its first sign-in, a token issued. */
  async function signIn(tx: Db, phone: string, now: Date): Promise<SignedIn> {
    await tx
      .update(otpChallenges)
      .set({ codeHash: null, expiresAt: null, attempts: 0 })
      .where(eq(otpChallenges.phone, phone));
    const user = await findOrCreateUser(tx, phone, now);
    const { token, expiresIn } = await issueToken(tx, user.id, now);
    return { accessToken: token, expiresIn, user: toUser(user) };
  }

  async function verifyCode(phone: string, otp: string): Promise<SignedIn> {
    const now = deps.now();
    const candidate = await digest(phone, otp);
    // Failures are returned, not thrown, so the wrong-try counter commits with the transaction.
    const outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      const row = await lockedChallenge(tx, phone);
      const refusal = checkRefusal(row, now);
      if (refusal) return { ok: false, error: refusal };
      if (!row?.codeHash) throw new Error('Checked by checkRefusal');
      const stored = Buffer.from(row.codeHash, 'hex');
      const matches = stored.length === candidate.length && timingSafeEqual(stored, candidate);
      if (!matches) return { ok: false, error: await recordWrongCode(tx, row, now) };
      return { ok: true, signedIn: await signIn(tx, phone, now) };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.signedIn;
  }

  return { sendCode, verifyCode };
}

export type OtpService = ReturnType<typeof createOtpService>;
