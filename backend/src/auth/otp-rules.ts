// The rules of sign-in codes, as pure functions of a phone's challenge row and the time. A
// 5-digit code is only 16.6 bits, so the limits carry the weight: a code lives 5 minutes, 5 wrong
// tries burn it, another is sent no sooner than 60 s later (without resetting the tries), and a
// phone gets at most 10 codes per Tashkent calendar day.
import { PHONE_LOCKED_RULE } from '@shop/shared';
import type { otpChallenges } from '../db/schema';
import { ShopError } from '@shop/shared/server';

export const OTP_LENGTH = 5;
export const OTP_TTL_SECONDS = 300;
export const OTP_RESEND_SECONDS = 60;
const OTP_MAX_ATTEMPTS = 5;
const OTP_DAILY_LIMIT = 10;
// Uzbekistan has no daylight saving time: Tashkent is UTC+5 all year.
const TASHKENT_OFFSET_MS = 5 * 3600 * 1000;

export type ChallengeRow = typeof otpChallenges.$inferSelect;

export function tashkentDay(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(0, 10);
}

function secondsToNextTashkentMidnight(at: Date): number {
  const local = at.getTime() + TASHKENT_OFFSET_MS;
  const nextMidnight = (Math.floor(local / 86_400_000) + 1) * 86_400_000;
  return Math.ceil((nextMidnight - local) / 1000);
}

/** Codes sent to the phone on the Tashkent day of `now`. */
export function sendsOn(row: ChallengeRow, now: Date): number {
  return row.sendDay === tashkentDay(now) ? row.sendsToday : 0;
}

/** Seconds until another code may be sent: zero or less once it may. */
function resendWaitSeconds(row: ChallengeRow, now: Date): number {
  if (!row.lastSentAt) return 0;
  return Math.ceil((row.lastSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime()) / 1000);
}

/** The wrong codes of a phone still inside the window (stored oldest first). */
export function failuresSince(stored: readonly string[], since: Date): string[] {
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
export function phoneLocked(retryAfter: number): ShopError {
  return new ShopError(
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

function attemptsExceeded(row: ChallengeRow, now: Date): ShopError {
  return new ShopError('otp_attempts_exceeded', 'Too many wrong codes. Request a new one.', {
    retryAfter: Math.max(0, resendWaitSeconds(row, now)),
  });
}

/** Why no code may be sent to the phone now (locked, the day's codes used, too soon), or null. */
export function sendRefusal(row: ChallengeRow, now: Date): ShopError | null {
  const locked = lockSecondsLeft(row.lockedUntil, now);
  if (locked !== null) return phoneLocked(locked);
  if (sendsOn(row, now) >= OTP_DAILY_LIMIT) {
    return new ShopError(
      'otp_daily_limit',
      'Too many codes for this number today. Try again tomorrow.',
      { retryAfter: secondsToNextTashkentMidnight(now) },
    );
  }
  const wait = resendWaitSeconds(row, now);
  if (wait > 0) {
    return new ShopError('otp_resend_too_soon', `Wait ${wait} s before asking for another code.`, {
      retryAfter: wait,
    });
  }
  return null;
}

/**
 * Whether a new code keeps the current challenge's wrong-try count: it does while that challenge
 * is live, so asking for new codes never buys extra guesses; a used, burned or expired challenge
 * starts over.
 */
export function keepsTries(row: ChallengeRow, now: Date): boolean {
  return (
    row.codeHash !== null &&
    row.expiresAt !== null &&
    row.expiresAt.getTime() > now.getTime() &&
    row.attempts < OTP_MAX_ATTEMPTS
  );
}

/** Why no code may be checked for the phone now (locked, none sent, burned, expired), or null. */
export function checkRefusal(row: ChallengeRow | undefined, now: Date): ShopError | null {
  const locked = lockSecondsLeft(row?.lockedUntil ?? null, now);
  if (locked !== null) return phoneLocked(locked);
  if (!row?.codeHash || !row.expiresAt) {
    return new ShopError(
      'otp_expired',
      'There is no active code for this number. Request a new one.',
    );
  }
  if (row.attempts >= OTP_MAX_ATTEMPTS) return attemptsExceeded(row, now);
  if (row.expiresAt.getTime() <= now.getTime()) {
    return new ShopError('otp_expired', 'The code has expired. Request a new one.');
  }
  return null;
}

/** The answer to a wrong code that did not lock the phone: tries left, or the code burned. */
export function wrongCode(row: ChallengeRow, attempts: number, now: Date): ShopError {
  const left = OTP_MAX_ATTEMPTS - attempts;
  if (left === 0) return attemptsExceeded(row, now);
  return new ShopError('otp_invalid', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
    attemptsLeft: left,
    details: [{ field: 'otp', message: 'Wrong code' }],
  });
}
