// The Eskiz token of this process: signed in once, reused, refreshed before it ends and when
// Eskiz answers 401. Many sends at once share one sign-in or refresh (a single promise), so a
// burst of codes never becomes a burst of logins. The token is kept here only: it is never
// logged, and no error carries it.
import { SmsNotSent } from '../sms-provider';
import { callEskiz, type EskizAnswer } from './eskiz-http';
import { ESKIZ_PATHS, refusalWords, TokenAnswerSchema, tokenExpiry } from './eskiz-protocol';

const DAY_MS = 24 * 3600 * 1000;

export interface EskizAccount {
  apiUrl: string;
  email: string;
  password: string;
}

interface HeldToken {
  value: string;
  obtainedAt: number;
  expiresAt: number;
}

export interface EskizTokensDeps {
  account: EskizAccount;
  now: () => Date;
  /** The longest one sign-in or refresh may take. */
  requestTimeoutMs: number;
}

/**
 * When to refresh: a day before the end, or in the last quarter of a short-lived token (the
 * stand-in's), so there is always time left to use the old one while the new one comes.
 */
function refreshFrom(token: HeldToken): number {
  return token.expiresAt - Math.min(DAY_MS, (token.expiresAt - token.obtainedAt) / 4);
}

function failure(step: string, answer: EskizAnswer): SmsNotSent {
  if (!answer.answered) return new SmsNotSent('unavailable', `Eskiz ${step}: ${answer.reason}`);
  const kind = answer.status >= 500 ? 'unavailable' : 'refused';
  return new SmsNotSent(kind, `Eskiz ${step}: ${answer.status} ${refusalWords(answer.body)}`);
}

export function createEskizTokens(deps: EskizTokensDeps) {
  const { account } = deps;
  let held: HeldToken | null = null;
  let pending: Promise<string> | null = null;

  // Read through a call: a renewal under way may have changed it since the caller last looked.
  const heldToken = (): HeldToken | null => held;

  function keep(answer: EskizAnswer, step: string): string {
    if (!answer.answered || answer.status < 200 || answer.status >= 300) {
      throw failure(step, answer);
    }
    const parsed = TokenAnswerSchema.safeParse(answer.body);
    if (!parsed.success) throw new SmsNotSent('unavailable', `Eskiz ${step}: no token in answer`);
    const obtainedAt = deps.now().getTime();
    const value = parsed.data.data.token;
    held = { value, obtainedAt, expiresAt: tokenExpiry(value, obtainedAt) };
    return value;
  }

  async function login(): Promise<string> {
    const answer = await callEskiz(`${account.apiUrl}${ESKIZ_PATHS.login}`, {
      method: 'POST',
      form: { email: account.email, password: account.password },
      signal: AbortSignal.timeout(deps.requestTimeoutMs),
    });
    return keep(answer, 'sign-in');
  }

  /** A new token for `token`; null when Eskiz no longer takes it (401), so only a login helps. */
  async function refresh(token: string): Promise<string | null> {
    const answer = await callEskiz(`${account.apiUrl}${ESKIZ_PATHS.refresh}`, {
      method: 'PATCH',
      token,
      signal: AbortSignal.timeout(deps.requestTimeoutMs),
    });
    if (answer.answered && answer.status === 401) return null;
    return keep(answer, 'token refresh');
  }

  /** Runs `renewal` unless one is already under way, whose result everyone then shares. */
  function shared(renewal: () => Promise<string>): Promise<string> {
    pending ??= renewal().finally(() => {
      pending = null;
    });
    return pending;
  }

  const refreshOrLogin = (token: string) => async () => (await refresh(token)) ?? login();

  /** A token to send with: the kept one, refreshed near its end, or a new sign-in. */
  async function current(): Promise<string> {
    if (pending) return pending;
    const now = deps.now().getTime();
    if (held === null || now >= held.expiresAt) {
      held = null;
      return shared(login);
    }
    if (now < refreshFrom(held)) return held.value;
    const still = held.value;
    try {
      return await shared(refreshOrLogin(still));
    } catch (error) {
      // Eskiz is down for the refresh, but the old token has time left: use it meanwhile.
      const kept = heldToken();
      if (kept?.value === still && deps.now().getTime() < kept.expiresAt) return still;
      throw error;
    }
  }

  /** After Eskiz answered 401 to `rejected`: its replacement, shared with every send that saw it. */
  function replace(rejected: string): Promise<string> {
    if (pending) return pending;
    if (held !== null && held.value !== rejected) return Promise.resolve(held.value);
    held = null;
    return shared(refreshOrLogin(rejected));
  }

  return { current, replace };
}

export type EskizTokens = ReturnType<typeof createEskizTokens>;
