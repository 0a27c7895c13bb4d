// Sign-in codes. A 5-digit code is only 16.6 bits, so the limits carry the weight (see
// /work/shared/notes.md): 5-minute life, 5 wrong tries burn it, a resend no sooner than 60 s and
// never resetting the tries, at most 10 codes per phone per Tashkent calendar day, hashed at rest,
// compared in constant time. Across codes and days, wrong codes are counted per phone over a
// rolling window (15 in 24 hours by default, abuse-limits.ts) that no midnight resets, and a phone that
// reaches it gets no code sent or checked for a cooling-off period. All counting lives in the
// database row of the phone, locked with SELECT … FOR UPDATE, so several instances enforce one
// set of limits.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PHONE_LOCKED_RULE, type Language, type SendOtpResponse, type User } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import { AppError } from '../errors';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../abuse-limits';
import type { SmsProvider } from '../sms/sms-provider';
import { findOrCreateUser, toUser } from '../profile/users';
import { issueToken } from './tokens';

export const OTP_LENGTH = 5;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_DAILY_LIMIT = 10;
// Uzbekistan has no daylight saving time: Tashkent is UTC+5 all year.
const TASHKENT_OFFSET_MS = 5 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

export function tashkentDay(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 10);
}

function secondsToNextTashkentMidnight(at: Date): number {
  const local = at.getTime() + TASHKENT_OFFSET_MS;
  const nextMidnight = (Math.floor(local / 86_400_000) + 1) * 86_400_000;
  return Math.ceil((nextMidnight - local) / 1000);
}

const SMS_TEXT: Record<Language, (code: string) => string> = {
  uz: (code) => `Uy Shop: kirish kodi ${code}. Uni hech kimga aytmang.`,
  ru: (code) => `Uy Shop: код для входа ${code}. Никому его не сообщайте.`,
  en: (code) => `Uy Shop: your sign-in code is ${code}. Do not share it with anyone.`,
};

export interface OtpServiceDeps {
  db: Db;
  sms: SmsProvider;
  now: () => Date;
  /** Per-installation HMAC key (from install_state). */
  hmacKey: () => Promise<string>;
  /** Wrong codes per phone across codes and days; DEFAULT_SIGN_IN_LIMITS when left out. */
  limits?: SignInLimits;
}

/** The wrong codes of a phone still inside the window (stored oldest first). */
function failuresSince(stored: readonly string[], since: Date): string[] {
  return stored.filter((at) => {
    const time = Date.parse(at);
    return Number.isFinite(time) && time > since.getTime();
  });
}

/** Seconds until a locked phone may sign in again; null when it is not locked. */
function lockSecondsLeft(lockedUntil: Date | null, now: Date): number | null {
  if (lockedUntil === null || lockedUntil.getTime() <= now.getTime()) return null;
  return Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
}

/** The same refusal for every locked phone, whether or not it has an account. */
function phoneLocked(retryAfter: number): AppError {
  return new AppError(
    'otp_attempts_exceeded',
    'Too many wrong codes for this number. Try again later.',
    {
      retryAfter,
      details: [
        {
          field: 'phone',
          message: 'Too many wrong codes for this number',
          rule: PHONE_LOCKED_RULE,
        },
      ],
    },
  );
}

export interface SignedIn {
  accessToken: string;
  expiresIn: number;
  user: User;
}

type VerifyOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: AppError };

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

    const refusal = await deps.db.transaction(async (tx) => {
      await tx.insert(otpChallenges).values({ phone }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.phone, phone))
        .for('update');
      if (!row) throw new Error('otp row vanished');

      const locked = lockSecondsLeft(row.lockedUntil, now);
      if (locked !== null) return phoneLocked(locked);
      const today = tashkentDay(now);
      const sendsToday = row.sendDay === today ? row.sendsToday : 0;
      if (sendsToday >= OTP_DAILY_LIMIT) {
        return new AppError(
          'otp_daily_limit',
          'Too many codes for this number today. Try again tomorrow.',
          {
            retryAfter: secondsToNextTashkentMidnight(now),
          },
        );
      }
      if (row.lastSentAt) {
        const wait = Math.ceil(
          (row.lastSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
        );
        if (wait > 0) {
          return new AppError(
            'otp_resend_too_soon',
            `Wait ${wait} s before asking for another code.`,
            {
              retryAfter: wait,
            },
          );
        }
      }
      // A resend while the current challenge is still live keeps its wrong-try count, so asking
      // for new codes never buys extra guesses; a used, burned or expired challenge starts over.
      const live =
        row.codeHash !== null &&
        row.expiresAt !== null &&
        row.expiresAt.getTime() > now.getTime() &&
        row.attempts < OTP_MAX_ATTEMPTS;
      await tx
        .update(otpChallenges)
        .set({
          codeHash,
          expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
          attempts: live ? row.attempts : 0,
          lastSentAt: now,
          sendDay: today,
          sendsToday: sendsToday + 1,
        })
        .where(eq(otpChallenges.phone, phone));
      return null;
    });
    if (refusal) throw refusal;

    // Sent after the commit: no network call holds the row lock.
    try {
      await deps.sms.send(phone, SMS_TEXT[lang](code));
    } catch {
      throw new AppError('upstream_unavailable', 'The SMS could not be sent. Try again shortly.');
    }
    // The same answer whether or not the phone has an account: users appear on first sign-in.
    return {
      message: 'The code has been sent',
      resend_after: OTP_RESEND_SECONDS,
      expires_in: OTP_TTL_SECONDS,
      code_length: OTP_LENGTH,
    };
  }

  async function verifyCode(phone: string, otp: string): Promise<SignedIn> {
    const now = deps.now();
    const candidate = await digest(phone, otp);
    // Failures are returned, not thrown, so the wrong-try counter commits with the transaction.
    const outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      const [row] = await tx
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.phone, phone))
        .for('update');
      const locked = lockSecondsLeft(row?.lockedUntil ?? null, now);
      if (locked !== null) return { ok: false, error: phoneLocked(locked) };
      if (!row?.codeHash || !row.expiresAt) {
        return {
          ok: false,
          error: new AppError(
            'otp_expired',
            'There is no active code for this number. Request a new one.',
          ),
        };
      }
      const resendWait = row.lastSentAt
        ? Math.max(
            0,
            Math.ceil(
              (row.lastSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000,
            ),
          )
        : 0;
      if (row.attempts >= OTP_MAX_ATTEMPTS) {
        return {
          ok: false,
          error: new AppError('otp_attempts_exceeded', 'Too many wrong codes. Request a new one.', {
            retryAfter: resendWait,
          }),
        };
      }
      if (row.expiresAt.getTime() <= now.getTime()) {
        return {
          ok: false,
          error: new AppError('otp_expired', 'The code has expired. Request a new one.'),
        };
      }
      const stored = Buffer.from(row.codeHash, 'hex');
      const matches = stored.length === candidate.length && timingSafeEqual(stored, candidate);
      if (!matches) {
        const attempts = row.attempts + 1;
        const windowStart = new Date(now.getTime() - limits.failedChecksWindowHours * HOUR_MS);
        const failures = [...failuresSince(row.failedChecks, windowStart), now.toISOString()];
        if (failures.length >= limits.failedChecks) {
          // Locked: the code is burned too, and the count starts afresh once the lock ends.
          await tx
            .update(otpChallenges)
            .set({
              attempts,
              codeHash: null,
              expiresAt: null,
              failedChecks: [],
              lockedUntil: new Date(now.getTime() + limits.lockHours * HOUR_MS),
            })
            .where(eq(otpChallenges.phone, phone));
          return { ok: false, error: phoneLocked(limits.lockHours * 3600) };
        }
        await tx
          .update(otpChallenges)
          .set({ attempts, failedChecks: failures })
          .where(eq(otpChallenges.phone, phone));
        const left = OTP_MAX_ATTEMPTS - attempts;
        return {
          ok: false,
          error:
            left === 0
              ? new AppError('otp_attempts_exceeded', 'Too many wrong codes. Request a new one.', {
                  retryAfter: resendWait,
                })
              : new AppError(
                  'otp_invalid',
                  `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
                  {
                    attemptsLeft: left,
                    details: [{ field: 'otp', message: 'Wrong code' }],
                  },
                ),
        };
      }
      await tx
        .update(otpChallenges)
        .set({ codeHash: null, expiresAt: null, attempts: 0 })
        .where(eq(otpChallenges.phone, phone));
      const user = await findOrCreateUser(tx, phone, now);
      const { token, expiresIn } = await issueToken(tx, user.id, now);
      return { ok: true, signedIn: { accessToken: token, expiresIn, user: toUser(user) } };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.signedIn;
  }

  return { sendCode, verifyCode };
}

export type OtpService = ReturnType<typeof createOtpService>;
