// Opaque bearer tokens: 256 random bits, only their sha256 is stored, so a leaked table hands out
// no sessions and logout (revoked_at) takes effect on the very next request.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema';
import type { AuthUser } from '../http/call-route';

const TOKEN_TTL_SECONDS = 30 * 24 * 3600;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueToken(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
  });
  return { token, expiresIn: TOKEN_TTL_SECONDS };
}

export async function authenticateToken(
  db: Db,
  token: string,
  now: Date,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, now),
      ),
    );
  return row ? { id: row.userId, tokenHash } : null;
}

export async function revokeToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(authTokens).set({ revokedAt: now }).where(eq(authTokens.tokenHash, tokenHash));
}
