import * as z from 'zod/mini';
import { PhoneSchema } from '../validation/phone';
import { CARD_EXPIRY_MESSAGES, CardNumberSchema } from '../validation/card';

// ---- Payment cards and card payments ---------------------------------------------------------

export const CARD_BRANDS = ['uzcard', 'humo', 'visa', 'mastercard', 'unknown'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);

/**
 * A saved card as the shopper sees it. The processor's token stays on the server; the number is
 * masked to its first 6 and last 4 digits, the most card rules allow to be shown.
 */
export const SavedCardSchema = z.object({
  id: z.int().check(z.positive()),
  masked_number: z.string().check(z.regex(/^\d{6}\*{2,9}\d{4}$/)),
  /** MM/YY as printed on the card. */
  expiry: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
  brand: CardBrandSchema,
  is_default: z.boolean(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;
export const SavedCardsResponseSchema = z.object({ data: z.array(SavedCardSchema) });

export const CardIdSchema = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** Step one of adding a card: its number, expiry and the phone its bank texts the code to. */
export const CreateCardRequestSchema = z.strictObject({
  card_number: CardNumberSchema,
  // The format here; whether it has passed depends on today, which the server judges.
  expiry: z.string().check(z.regex(/^\s*\d{2}\s*\/\s*\d{2}\s*$/, CARD_EXPIRY_MESSAGES.format)),
  phone: PhoneSchema,
});
export type CreateCardRequest = z.input<typeof CreateCardRequestSchema>;

/** A code is on its way; `card_id` names the pending card in the confirm and resend calls. */
export const CardCodeSentResponseSchema = z.object({
  card_id: CardIdSchema,
  /** Where the processor sent the code, masked: '99890*****31'. */
  phone: z.string(),
  /** Seconds before another code may be asked for. */
  resend_after: z.int().check(z.nonnegative()),
  code_length: z.int().check(z.positive()),
});
export type CardCodeSentResponse = z.infer<typeof CardCodeSentResponseSchema>;
export const CreateCardResponseSchema = CardCodeSentResponseSchema;

export const ResendCardCodeRequestSchema = z.strictObject({ card_id: CardIdSchema });

export const CARD_CODE_LENGTH = 6;
export const ConfirmCardRequestSchema = z.strictObject({
  card_id: CardIdSchema,
  code: z.string().check(z.regex(/^\d{6}$/, 'The code is 6 digits')),
});
export const ConfirmCardResponseSchema = z.object({ data: SavedCardSchema });

export const CardParamsSchema = z.object({
  id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'Not a card id')),
});

/** Pays an unpaid card order with a saved card; the server charges the order's own total. */
export const PayOrderRequestSchema = z.strictObject({ card_id: CardIdSchema });
export type PayOrderRequest = z.infer<typeof PayOrderRequestSchema>;
