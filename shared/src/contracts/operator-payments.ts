// The operator's calls about money: the payments report (`pnpm payments:report`), what a shop
// owner matches against each provider's statement, and recording a refund staff made by hand in
// a provider's office (`pnpm order:refunded`). Amounts are tiyin here: integers add up exactly.
import * as z from 'zod/mini';
import { ApiErrorSchema, type ApiError } from './common';
import { MOVED_BY_MAX_LENGTH } from './order-events';
import { OrderSchema, PaymentProviderSchema } from './orders';

const InstantSchema = z.iso.datetime({ offset: true });

/** `from` inclusive, `to` exclusive: consecutive windows never count a payment twice. */
export const PaymentsReportQuerySchema = z.object({ from: InstantSchema, to: InstantSchema }).check(
  z.refine(({ from, to }) => Date.parse(from) < Date.parse(to), {
    message: '`from` must be before `to`',
    path: ['to'],
  }),
);
export type PaymentsReportQuery = z.infer<typeof PaymentsReportQuerySchema>;

/** One payment or refund as its provider's statement shows it. */
export const PaymentsReportLineSchema = z.object({
  provider: PaymentProviderSchema,
  /** The provider's id: the one the order's paid_with and refund name. */
  transaction_id: z.string(),
  order_number: z.string(),
  amount_tiyin: z.int(),
  /** When it happened (a refund still due: since when it is owed). */
  at: z.iso.datetime({ offset: true }),
});
export type PaymentsReportLine = z.infer<typeof PaymentsReportLineSchema>;

/**
 * 200: what the providers took in the window (paid card charges, performed app and Telegram
 * payments, later refunds included), what went back in it, and every refund still owed now,
 * whenever it was owed: staff must act on those. Each list oldest first.
 */
export const PaymentsReportAnswerSchema = z.object({
  from: InstantSchema,
  to: InstantSchema,
  payments: z.array(PaymentsReportLineSchema),
  refunds: z.array(PaymentsReportLineSchema),
  refunds_due: z.array(PaymentsReportLineSchema),
});
export type PaymentsReportAnswer = z.infer<typeof PaymentsReportAnswerSchema>;

export const RefundMadeRequestSchema = z.strictObject({
  /** Who gave the money back, kept in the shop's log. */
  actor: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MOVED_BY_MAX_LENGTH))),
});
export type RefundMadeRequest = z.input<typeof RefundMadeRequestSchema>;

/**
 * 200: the order with its refund made. `recorded` is false when it was already recorded (the
 * call is idempotent). 404 not_found: no such order. 409 conflict: no refund is due, or the shop
 * asks the provider for it itself.
 */
export const RefundMadeAnswerSchema = z.object({
  data: OrderSchema,
  recorded: z.boolean(),
  /** The refund recorded; `at` is when it was made. */
  refund: PaymentsReportLineSchema,
});
export type RefundMadeAnswer = z.infer<typeof RefundMadeAnswerSchema>;

/** What an answer of the refund-made call says, read strictly. */
export type RefundMadeOutcome =
  | { kind: 'recorded'; answer: RefundMadeAnswer }
  | { kind: 'no_such_order'; error: ApiError }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'unreadable' };

export function readRefundMadeAnswer(status: number, body: unknown): RefundMadeOutcome {
  if (status === 200) {
    const made = RefundMadeAnswerSchema.safeParse(body);
    return made.success ? { kind: 'recorded', answer: made.data } : { kind: 'unreadable' };
  }
  const error = ApiErrorSchema.safeParse(body);
  if (!error.success) return { kind: 'unreadable' };
  if (status === 404 && error.data.code === 'not_found') {
    return { kind: 'no_such_order', error: error.data };
  }
  return { kind: 'refused', error: error.data };
}
