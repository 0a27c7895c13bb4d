// Small helpers over app.inject so tests read as calls and answers.
import { CATALOG_PREFIX } from '@shop/shared';
import type { TestBackend } from './test-backend';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** Parsed JSON, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  token?: string;
}

export async function call(
  t: TestBackend,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await t.app.inject({ method, url, headers, payload });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, headers: response.headers, body, text: response.body };
}

/** A catalogue call with the API key (and any extra headers). */
export function catalog(
  t: TestBackend,
  method: Method,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  return call(t, method, `${CATALOG_PREFIX}${path}`, {
    ...options,
    headers: { 'x-api-key': t.apiKey, ...options.headers },
  });
}

let phoneCounter = 0;

/** A fresh valid Uzbek mobile number (Beeline's 90 prefix), unique within the test run. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `+99890${String(1_000_000 + ((process.pid * 7919 + phoneCounter * 104_729) % 8_999_999))}`;
}

export async function lastCode(t: TestBackend, phone: string): Promise<string> {
  const lines = (await t.outbox()).filter((line) => line.phone === phone);
  const text = lines.at(-1)?.text ?? '';
  const match = /\b(\d{5})\b/.exec(text);
  if (!match?.[1]) throw new Error(`No code in the outbox for ${phone}`);
  return match[1];
}

/** A code that is certainly wrong for this phone's current challenge. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 100_000).padStart(5, '0');
}

export async function signIn(
  t: TestBackend,
  phone = freshPhone(),
): Promise<{ token: string; phone: string; userId: number }> {
  const sent = await call(t, 'POST', '/api/auth/send-otp', { body: { phone, user_type: 'null' } });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`);
  const code = await lastCode(t, phone);
  const verified = await call(t, 'POST', '/api/auth/verify-otp', { body: { phone, otp: code } });
  if (verified.status !== 200)
    throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  const body = verified.body as { access_token: string; user: { id: number } };
  // Sign-ins in one test file must not trip the resend window of the next one.
  t.clock.advance(61_000);
  return { token: body.access_token, phone, userId: body.user.id };
}
