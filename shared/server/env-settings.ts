// How both servers' config modules (backend/src/config.ts, bot/src/config/) read the
// environment: an empty value is unset, a problem names the key and never its value, and every
// problem is gathered so one failure at start lists them all. Classic zod: no browser loads this.
import { z } from 'zod';

/** The environment as given: process.env, or a test's own. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A part's settings read from the environment: its value, or every problem found in them. */
export type Reading<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** An empty value (`KEY=` in a .env file) means "not set", not "set to the empty string". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const isSet = (env: Env, key: string): boolean => env[key] !== undefined && env[key] !== '';

/** Zod's issues as `KEY: message` lines; the messages name the rule, never the value. */
export function problemLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);
}

/**
 * Keys that only work together (a backend's URL and key, a cashbox's three): each one missing
 * while another is set is a problem, with `advice` on what to do.
 */
export function togetherProblems(env: Env, keys: readonly string[], advice: string): string[] {
  const set = keys.filter((key) => isSet(env, key));
  if (set.length === 0 || set.length === keys.length) return [];
  return keys
    .filter((key) => !isSet(env, key))
    .map((key) => `${key}: Required when ${set.join(', ')} is set (${advice})`);
}

export const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
  // One canonical form, so `${url}/api/...` never has a double slash.
  .transform((value) => value.replace(/\/+$/, ''));

export const Milliseconds = (min: number, max: number) =>
  z.coerce.number({ error: 'Must be milliseconds' }).int().min(min).max(max);

export const WholeNumber = (min: number, max: number) =>
  z.coerce.number({ error: 'Must be a whole number' }).int().min(min).max(max);

export const Port = z.coerce.number({ error: 'Must be a port number' }).int().min(0).max(65_535);

export const DatabaseUrl = z.string().regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// URL');

export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export const DEFAULT_LOG_LEVEL = 'info';

/**
 * The HMAC key of order-event deliveries (ORDER_EVENTS_SECRET), the same at the backend that
 * signs and the server that checks: printable ASCII without spaces, so it reads the same from a
 * .env file, a shell or a secret store at both ends.
 */
export const OrderEventsSecret = z
  .string()
  .regex(/^[\x21-\x7e]{16,500}$/, 'Must be 16-500 printable characters, no spaces');
