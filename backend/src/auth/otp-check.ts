// Checking a sign-in code, compared in constant time. Across codes and days, wrong codes are
// counted per phone over a rolling window (15 in 24 hours by default, abuse-limits.ts) that no
// midnight resets, and a phone that reaches it gets no code checked for a cooling-off period.
import { timingSafeEqual } from 'node:crypto';
import type { User } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import type { ShopError } from '@shop/shared/server';
import type { SignInLimits } from '../abuse-limits';
import { findOrCreateUser, toUser } from '../profile/users';
import { lockedChallenge, type CodeDigest } from './otp-challenge';
import {
  checkRefusal,
  failuresSince,
  phoneLocked,
  wrongCode,
  type ChallengeRow,
} from './otp-rules';
import { issueToken } from './tokens';

const HOUR_MS = 3600 * 1000;

export interface SignedIn {
  accessToken: string;
  expiresIn: number;
  user: User;
}

type VerifyOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: ShopError };

export interface CodeCheckerDeps {
  db: Db;
  now: () => Date;
  digest: CodeDigest;
  limits: SignInLimits;
}

/**
 * Counts a wrong code on the phone's row and answers its refusal. The phone's wrong codes in
 * the window that reach the limit lock it: the code is burned too, and the count starts afresh
 * once the lock ends.
 */
async function recordWrongCode(
  tx: Db,
  limits: SignInLimits,
  row: ChallengeRow,
  now: Date,
): Promise<ShopError> {
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

export function createCodeChecker(deps: CodeCheckerDeps) {
  return async function verifyCode(phone: string, otp: string): Promise<SignedIn> {
    const now = deps.now();
    const candidate = await deps.digest(phone, otp);
    // Failures are returned, not thrown, so the wrong-try counter commits with the transaction.
    const outcome = await deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      const row = await lockedChallenge(tx, phone);
      const refusal = checkRefusal(row, now);
      if (refusal) return { ok: false, error: refusal };
      if (!row?.codeHash) throw new Error('Checked by checkRefusal');
      const stored = Buffer.from(row.codeHash, 'hex');
      const matches = stored.length === candidate.length && timingSafeEqual(stored, candidate);
      if (!matches) return { ok: false, error: await recordWrongCode(tx, deps.limits, row, now) };
      return { ok: true, signedIn: await signIn(tx, phone, now) };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.signedIn;
  };
}
