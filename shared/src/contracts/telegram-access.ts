// The server's Telegram calls that need no shop token (paths in TELEGRAM_LINK_PATHS): the one-tap
// sign-in with the Telegram phone and the answer to the write access request. Apart from the link
// calls, so the first page, which reads those, does not carry these schemas.
import * as z from 'zod/mini';

/**
 * What the shopper answered when the app asked to let the bot write to them (requestWriteAccess),
 * with the launch's init data naming the chat. A refusal makes the chat unreachable: no order
 * messages go there until they allow it (or press Start).
 */
export const TelegramWriteAccessRequestSchema = z.strictObject({
  init_data: z.string().check(z.minLength(1), z.maxLength(4096)),
  allowed: z.boolean(),
});
export type TelegramWriteAccessRequest = z.infer<typeof TelegramWriteAccessRequestSchema>;

export const TelegramWriteAccessAnswerSchema = z.object({ reachable: z.boolean() });
export type TelegramWriteAccessAnswer = z.infer<typeof TelegramWriteAccessAnswerSchema>;

/**
 * One-tap sign-in: the raw init data of the launch and the raw contact string Telegram returned
 * (`contact=<JSON>&auth_date=…&hash=…`), both signed with the bot token. The answer is the code
 * sign-in's (VerifyOtpResponse).
 */
export const TelegramPhoneSignInRequestSchema = z.strictObject({
  init_data: z.string().check(z.minLength(1), z.maxLength(4096)),
  contact: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export type TelegramPhoneSignInRequest = z.infer<typeof TelegramPhoneSignInRequestSchema>;

/** The detail rule of a shared number that is not an Uzbek mobile one: sign in by SMS instead. */
export const PHONE_NOT_UZBEK_RULE = 'phone_not_uzbek';
