import * as z from 'zod/mini';

// The SMS sign-in code has 5 digits.
export const OTP_LENGTH = 5;

export const OTP_MESSAGE = 'Enter the 5-digit code';

export const OtpSchema = z
  .string()
  .check(z.regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), OTP_MESSAGE));
