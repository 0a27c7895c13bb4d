// What Eskiz (notify.eskiz.uz/api) says and expects, in one place: the paths, the answers'
// shapes, its phone format and how long a token lives. The adapter and the local stand-in both
// read it, so they cannot drift apart.
import { z } from 'zod';

export const ESKIZ_PATHS = {
  login: '/auth/login',
  refresh: '/auth/refresh',
  send: '/message/sms/send',
} as const;

export const DEFAULT_ESKIZ_API_URL = 'https://notify.eskiz.uz/api';

/** Eskiz's tokens last about 30 days; a token whose own expiry cannot be read is given this. */
export const ESKIZ_TOKEN_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** `POST /auth/login` and `PATCH /auth/refresh` both answer `{message, data: {token}}`. */
export const TokenAnswerSchema = z.object({
  message: z.string().optional(),
  data: z.object({ token: z.string().min(1) }),
});

/** A refusal's words: a plain message, or field messages (`{mobile_phone: ["..."]}`). */
const RefusalSchema = z.object({
  message: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
});

/** The refusal's words for the operator's log, short; never the request (it has the token). */
export function refusalWords(body: unknown): string {
  const parsed = RefusalSchema.safeParse(body);
  if (!parsed.success) return 'no message';
  const { message } = parsed.data;
  const text = typeof message === 'string' ? message : Object.values(message).flat().join('; ');
  return text.slice(0, 200);
}

/** Eskiz numbers: `998XXXXXXXXX`, without "+"; null for anything that is not an Uzbek number. */
export function eskizPhone(phone: string): string | null {
  const digits = phone.replace(/^\+/, '');
  return /^998\d{9}$/.test(digits) ? digits : null;
}

/**
 * When a token ends: its JWT `exp` (seconds), which Eskiz's tokens carry, or the usual 30 days
 * from `issuedAt` when it cannot be read. The token itself is never checked here: Eskiz does that.
 */
export function tokenExpiry(token: string, issuedAt: number): number {
  const payload = token.split('.')[1];
  if (payload !== undefined) {
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const exp = z.object({ exp: z.number() }).safeParse(claims);
      if (exp.success) return exp.data.exp * 1000;
    } catch {
      // Not a JWT: fall through to the usual lifetime.
    }
  }
  return issuedAt + ESKIZ_TOKEN_LIFETIME_MS;
}
