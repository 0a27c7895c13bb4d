// One-time link tokens: a web shopper's way to link their account to a Telegram chat. The server
// makes one (POST /tg/link-token), the shopper opens t.me/<bot>?start=link_<token>, and the bot
// redeems it on /start. Only the token's sha256 is stored, so the database alone links nothing.
import { createHash, randomBytes } from 'node:crypto';
import { LINK_TOKEN_START_PREFIX } from '@shop/shared';

/** 32 random bytes in base64url: 43 characters, so `link_<token>` fits Telegram's 64. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The `start` payload that carries a token. */
export function linkStartPayload(token: string): string {
  return `${LINK_TOKEN_START_PREFIX}${token}`;
}

/**
 * What a `start` payload says about linking: not a link payload at all, a link payload whose
 * token cannot be one of ours (refused without a look-up), or a token to redeem.
 */
export function parseLinkPayload(
  payload: string,
): { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; token: string } {
  if (!payload.startsWith(LINK_TOKEN_START_PREFIX)) return { kind: 'none' };
  const token = payload.slice(LINK_TOKEN_START_PREFIX.length);
  return TOKEN_PATTERN.test(token) ? { kind: 'token', token } : { kind: 'malformed' };
}
