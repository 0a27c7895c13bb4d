// Whose order it is, for the orders-per-account limit: every sign-in gets a token of its own, so
// counting per token let a shopper sign in again for another round of orders. The backend says
// which account a token belongs to (GET /api/auth/user); the answer is kept a while, since a
// token never changes hands, and a shopper's next orders then cost no extra call.
import { createHash } from 'node:crypto';
import { CALLS, UserSchema } from '@shop/shared';
import { pick } from 'zod/mini';
import { isBearer } from '../relay/request-headers';
import type { UpstreamClient } from '../relay/upstream-client';
import type { AccountOf } from './rate-limits';

const UserIdSchema = pick(UserSchema, { id: true });

export interface AccountLookupOptions {
  /** How long a token's account is remembered. */
  ttlMs?: number;
  /** The most tokens remembered; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_MAX_ENTRIES = 10_000;

export function createAccountLookup(
  client: UpstreamClient,
  options: AccountLookupOptions = {},
): AccountOf {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // Keyed by the token's hash: the memory never holds a usable credential.
  const known = new Map<string, { account: string; until: number }>();

  return async (request) => {
    const authorization = request.headers.authorization;
    if (!isBearer(authorization)) return null;
    const key = createHash('sha256').update(authorization).digest('hex');
    const cached = known.get(key);
    if (cached && cached.until > now()) return cached.account;
    known.delete(key);
    try {
      const who = await client.send(
        {
          id: 'authUser',
          call: CALLS.authUser,
          target: CALLS.authUser.path,
          headers: { authorization },
        },
        client.deadlineFor(CALLS.authUser, new AbortController().signal),
        request.log,
      );
      if (who.kind !== 'ok') return null;
      const user = UserIdSchema.safeParse(who.data);
      if (!user.success) return null;
      const account = `account:${String(user.data.id)}`;
      known.set(key, { account, until: now() + ttlMs });
      if (known.size > maxEntries) {
        const oldest = known.keys().next();
        if (!oldest.done) known.delete(oldest.value);
      }
      return account;
    } catch {
      // The backend is away or answered nonsense: the order itself will meet the same backend.
      return null;
    }
  };
}
