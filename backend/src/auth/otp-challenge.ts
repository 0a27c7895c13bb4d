// What sending and checking a sign-in code share: the phone's challenge row, locked for the
// transaction, and the code's digest. Codes are hashed at rest with a per-installation key.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import type { ChallengeRow } from './otp-rules';

/** The HMAC of a code for a phone, as stored in the challenge row. */
export type CodeDigest = (phone: string, code: string) => Promise<Buffer>;

export function codeDigest(hmacKey: () => Promise<string>): CodeDigest {
  return async (phone, code) =>
    createHmac('sha256', await hmacKey())
      .update(`${phone}:${code}`, 'utf8')
      .digest();
}

/** The phone's challenge row, locked for this transaction. */
export async function lockedChallenge(tx: Db, phone: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.phone, phone))
    .for('update');
  return row;
}
