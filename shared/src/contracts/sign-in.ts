import * as z from 'zod/mini';
import { AccountTypeSchema } from './common';
import { UserSchema } from './ecommerce';
import { PhoneSchema } from '../validation/phone';
import { OtpSchema } from '../validation/otp';

// ---- Sign-in -------------------------------------------------------------------------------

export const SendOtpRequestSchema = z.strictObject({
  phone: PhoneSchema,
  // The app sends its stored user type, which is the string "null" until the shopper signs in.
  user_type: z.pipe(
    z.optional(z.union([AccountTypeSchema, z.literal('null'), z.null()])),
    z.transform((v) => (v === 'legal' ? 'legal' : 'individual')),
  ),
});
export type SendOtpRequest = z.input<typeof SendOtpRequestSchema>;

export const SendOtpResponseSchema = z.object({
  message: z.string(),
  /** Seconds before another code may be requested for this phone. */
  resend_after: z.int().check(z.nonnegative()),
  /** Seconds the code stays valid. */
  expires_in: z.int().check(z.positive()),
  code_length: z.int().check(z.positive()),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

export const VerifyOtpRequestSchema = z.strictObject({ phone: PhoneSchema, otp: OtpSchema });
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequestSchema>;

/**
 * The detail rule of the refusal a phone gets after too many wrong codes across codes and days
 * (429 otp_attempts_exceeded with retry_after): until then no code is sent and none is checked.
 */
export const PHONE_LOCKED_RULE = 'phone_locked';

export const VerifyOtpResponseSchema = z.object({
  access_token: z.string().check(z.minLength(32)),
  token_type: z.literal('Bearer'),
  expires_in: z.int().check(z.positive()),
  user: UserSchema,
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponseSchema>;
