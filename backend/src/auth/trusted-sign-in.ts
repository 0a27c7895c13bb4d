// Sign-in without a code, for a caller that has proven the phone by other means (the shop server,
// after checking a contact Telegram signed). It is an operator call, never relayed to shoppers:
// whoever holds the operator secret could sign in as any phone.
import type { User } from '@shop/shared';
import type { Db } from '../db/client';
import { findOrCreateUser, toUser } from '../profile/users';
import { issueToken } from './tokens';

export interface TrustedSignIn {
  accessToken: string;
  expiresIn: number;
  user: User;
}

/**
 * The same account and token the code sign-in gives: the account is made on its first sign-in.
 * A pending code for the phone, and its wrong-try count, are left as they are.
 */
export async function trustedSignIn(db: Db, phone: string, now: Date): Promise<TrustedSignIn> {
  return db.transaction(async (tx) => {
    const user = await findOrCreateUser(tx, phone, now);
    const { token, expiresIn } = await issueToken(tx, user.id, now);
    return { accessToken: token, expiresIn, user: toUser(user) };
  });
}
