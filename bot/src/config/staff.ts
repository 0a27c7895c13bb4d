// Staff in Telegram: the chat every order's card goes to, who may move orders from it, the
// language of the cards, and (with outside backends) where the status call is served.
import { LANGUAGES, type Language } from '@shop/shared';
import { HttpUrl, optional, togetherProblems, type Env } from '@shop/shared/server';
import { z } from 'zod';

/** Staff cards are in Russian unless STAFF_LANGUAGE says otherwise. */
export const DEFAULT_STAFF_LANGUAGE: Language = 'ru';

/** A Telegram chat id: a user (positive), a group (negative) or a supergroup (-100…). */
const ChatId = z
  .string()
  .trim()
  .regex(/^-?[1-9]\d{0,15}$/, 'Must be a Telegram chat id, e.g. -1001234567890')
  .transform(Number)
  .refine(Number.isSafeInteger, 'Too long for a Telegram chat id');

const UserIds = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .refine(
    (parts) =>
      parts.every((part) => /^[1-9]\d{0,15}$/.test(part) && Number.isSafeInteger(Number(part))),
    'Must be Telegram user ids separated by commas, e.g. 123456789,987654321',
  )
  .transform((parts) => parts.map(Number));

export const StaffSettings = z.object({
  STAFF_CHAT_ID: optional(ChatId),
  STAFF_USER_IDS: optional(UserIds),
  STAFF_LANGUAGE: optional(z.enum(LANGUAGES)),
  // With outside backends: where `POST /operator/orders/:number/status` is served, and its secret.
  OPERATOR_API_URL: optional(HttpUrl),
  OPERATOR_SECRET: optional(z.string().min(16, 'Must be at least 16 characters')),
});

/** Where the staff buttons move orders: a backend's operator status call and its secret. */
export interface OperatorApi {
  url: string;
  secret: string;
}

export interface StaffConfig {
  /** null: no STAFF_CHAT_ID, staff features are off. */
  staff: {
    chatId: number;
    /** Who may press the buttons and use /open and /order; empty: no one. */
    userIds: readonly number[];
    language: Language;
    /**
     * The outside backend's status call; null with outside backends that offer none (cards come
     * without buttons). In embedded mode main.ts uses the embedded backend's own.
     */
    operatorApi: OperatorApi | null;
  } | null;
}

export function staffProblems(env: Env): string[] {
  return togetherProblems(env, ['OPERATOR_API_URL', 'OPERATOR_SECRET'], 'set both, or neither');
}

export function staffConfig(e: z.infer<typeof StaffSettings>): StaffConfig {
  if (e.STAFF_CHAT_ID === undefined) return { staff: null };
  return {
    staff: {
      chatId: e.STAFF_CHAT_ID,
      userIds: e.STAFF_USER_IDS ?? [],
      language: e.STAFF_LANGUAGE ?? DEFAULT_STAFF_LANGUAGE,
      operatorApi:
        e.OPERATOR_API_URL !== undefined && e.OPERATOR_SECRET !== undefined
          ? { url: e.OPERATOR_API_URL.replace(/\/+$/, ''), secret: e.OPERATOR_SECRET }
          : null,
    },
  };
}
