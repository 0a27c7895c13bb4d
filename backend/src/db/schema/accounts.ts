// Accounts and signing in: users (with the address they last ordered to), sign-in challenges,
// bearer tokens, values made once per installation, and each user's cart.
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz } from './columns';

export interface StoredCartItem {
  product_id: number;
  name: string;
  img_url: string | null;
  quantity: number;
  attributes: { code: string; name: string; value: string }[];
  price: number;
  slug: string;
  mxit: string;
  mxit_unit: string;
}

export interface StoredLastAddress {
  region: string;
  city: string | null;
  address: string;
  flat: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
  location: { lat: number; lng: number } | null;
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** E.164 without spaces: +998XXXXXXXXX. */
    phone: text('phone').notNull(),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    company: text('company'),
    photo: text('photo'),
    userType: text('user_type').notNull().default('individual'),
    createdAt: timestamptz('created_at').notNull(),
    /** The address of the last courier or express order, offered again at the next checkout. */
    lastAddress: jsonb('last_address').$type<StoredLastAddress>(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_user_type_check', sql`${t.userType} in ('individual', 'legal')`),
  ],
);

/**
 * One row per phone: the current sign-in challenge and the send counters. Kept in the database so
 * several backend instances enforce the same limits.
 */
export const otpChallenges = pgTable('otp_challenges', {
  phone: text('phone').primaryKey(),
  /** HMAC-SHA256 of phone and code (hex); null once used. */
  codeHash: text('code_hash'),
  expiresAt: timestamptz('expires_at'),
  attempts: integer('attempts').notNull().default(0),
  lastSentAt: timestamptz('last_sent_at'),
  /** Tashkent calendar day (YYYY-MM-DD) the counter below belongs to. */
  sendDay: text('send_day'),
  sendsToday: integer('sends_today').notNull().default(0),
  /**
   * When the latest wrong codes were tried (ISO times, oldest first, at most the configured
   * limit): a rolling window that no midnight and no new code resets.
   */
  failedChecks: jsonb('failed_checks').$type<string[]>().notNull().default([]),
  /** Too many wrong codes: no code is sent or checked for this phone until then. */
  lockedUntil: timestamptz('locked_until'),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** sha256 of the bearer token (hex): a leaked table does not hand out sessions. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Values generated once per installation and shared by all instances: the OTP HMAC key and the
 * marker that the demo seed ran.
 */
export const installState = pgTable('install_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  items: jsonb('items').$type<StoredCartItem[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
