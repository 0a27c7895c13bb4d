// Data Telegram signs with the bot's token: the Mini App's init data and the contact a shopper
// shares (requestContact). Both are query strings whose `hash` is HMAC-SHA256 over the sorted
// `key=value` lines, keyed with HMAC("WebAppData", bot token); only a fresh one is trusted.
import { validate } from '@telegram-apps/init-data-node';
import { z } from 'zod';

/** How far ahead of this server's clock an `auth_date` may be: clocks drift a little. */
export const SIGNED_DATA_CLOCK_SKEW_SECONDS = 60;

/** Why signed data was refused. */
export type SignedDataFault = 'invalid' | 'stale' | 'future';

export class SignedDataError extends Error {
  constructor(readonly fault: SignedDataFault) {
    super(`Telegram signed data refused: ${fault}`);
  }
}

export interface FreshnessOptions {
  /** The oldest `auth_date` trusted, in seconds before `now`. */
  maxAgeSeconds: number;
  now?: () => Date;
}

/**
 * The fields of `raw` when its hash is this bot's signature and its `auth_date` lies within
 * `maxAgeSeconds` before now (and not more than the clock skew after); else SignedDataError.
 */
export function checkSignedData(
  raw: string,
  botToken: string,
  { maxAgeSeconds, now = () => new Date() }: FreshnessOptions,
): URLSearchParams {
  const fields = new URLSearchParams(raw);
  // One hash only: the signature check reads the last, `hash` here the first, and the hash names
  // the data (a replay is the same hash), so a second one in front must not pass as new data.
  if (fields.getAll('hash').length !== 1) throw new SignedDataError('invalid');
  try {
    // The signature alone: the age is checked below against our own clock, in both directions.
    validate(raw, botToken, { expiresIn: 0 });
  } catch {
    throw new SignedDataError('invalid');
  }
  const authDate = Number(fields.get('auth_date'));
  if (!Number.isSafeInteger(authDate)) throw new SignedDataError('invalid');
  const nowSeconds = Math.floor(now().getTime() / 1000);
  if (authDate > nowSeconds + SIGNED_DATA_CLOCK_SKEW_SECONDS) throw new SignedDataError('future');
  if (authDate < nowSeconds - maxAgeSeconds) throw new SignedDataError('stale');
  return fields;
}

function jsonField(fields: URLSearchParams, name: string): unknown {
  const text = fields.get(name);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const InitDataUserSchema = z.object({
  id: z.number().int().positive(),
  language_code: z.string().max(35).optional(),
  allows_write_to_pm: z.boolean().optional(),
});

/** The Telegram user of checked init data; null when it names none (not from a private chat). */
export interface InitDataUser {
  id: number;
  languageCode: string | undefined;
  /** Whether the bot may message this user (they started it or allowed it). */
  allowsWriteToPm: boolean;
}

export function initDataUser(fields: URLSearchParams): InitDataUser | null {
  const user = InitDataUserSchema.safeParse(jsonField(fields, 'user'));
  if (!user.success) return null;
  return {
    id: user.data.id,
    languageCode: user.data.language_code,
    allowsWriteToPm: user.data.allows_write_to_pm === true,
  };
}

const ContactSchema = z.object({
  user_id: z.number().int().positive(),
  phone_number: z.string().min(1).max(32),
});

/** The contact a shopper shared: whose it is and the number as Telegram wrote it. */
export interface SharedContact {
  userId: number;
  phoneNumber: string;
  /** Telegram's signature: the same for every spelling of this contact, and for no other. */
  hash: string;
  /** When Telegram signed it (`auth_date`). */
  signedAt: Date;
}

/**
 * The contact inside a requestContact answer whose signature and age `checkSignedData` accepted;
 * SignedDataError('invalid') when it carries none.
 */
export function checkSharedContact(
  raw: string,
  botToken: string,
  options: FreshnessOptions,
): SharedContact {
  const fields = checkSignedData(raw, botToken, options);
  const contact = ContactSchema.safeParse(jsonField(fields, 'contact'));
  if (!contact.success) throw new SignedDataError('invalid');
  return {
    userId: contact.data.user_id,
    phoneNumber: contact.data.phone_number,
    hash: fields.get('hash') ?? '',
    signedAt: new Date(Number(fields.get('auth_date')) * 1000),
  };
}
